import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { InventoryEvent } from '@medchest/domain';
import type { Timestamp } from '../vessels/migration';
import type { StoredBatch } from './storedBatch';

/**
 * Snapshots of each vessel's inventory stream, so "the chest as of a date" reads one snapshot and
 * folds only the events after it (issue 14). A read model like the others: dropped and rebuilt
 * from the log at will, and never needed for a right answer (with none, as-of folds from the start).
 */

/** The batches on record after the inventory stream's event at `revision`. */
export interface ChestSnapshotsTable {
  vessel_id: string;
  revision: ColumnType<string, bigint | string, bigint | string>;
  /**
   * The latest business time among the stream's events up to `revision` (not the last one's: a
   * later event may carry an earlier time). The snapshot stands for "as of" a day whose end is
   * after it, and only then (prefixKeptAsOf).
   */
  latest_at: Timestamp;
  /** The batches as storedBatch.ts writes them (since 0071). */
  batches: ColumnType<StoredBatch[], StoredBatch[], StoredBatch[]>;
}

/** The events after a vessel's last snapshot, until the next one is taken from them. */
export interface ChestSnapshotTailsTable {
  vessel_id: string;
  revision: ColumnType<string, bigint | string, bigint | string>;
  occurred_at: Timestamp;
  event: ColumnType<InventoryEvent, InventoryEvent, InventoryEvent>;
}

export const chestSnapshotsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('chest_snapshots')
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('latest_at', 'timestamptz', (c) => c.notNull())
      .addColumn('batches', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('chest_snapshots_pk', ['vessel_id', 'revision'])
      .execute();
    // The as-of read: the latest snapshot whose latest_at is before the end of the day. latest_at
    // grows with the revision, so this index hands it over as the first entry of one range.
    await sql`CREATE INDEX chest_snapshots_as_of_idx ON chest_snapshots (vessel_id, latest_at DESC, revision DESC)`.execute(db);
    await db.schema
      .createTable('chest_snapshot_tails')
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('event', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('chest_snapshot_tails_pk', ['vessel_id', 'revision'])
      .execute();
  },
};

/**
 * Snapshots written for less (issue 14). Their batches and the tails' events are stored as json
 * (the text as sent) instead of jsonb: nothing queries inside them, they are only read back whole,
 * and building jsonb cost more than the rest of a snapshot's insert; a snapshot's text (some 90 kB)
 * is compressed with lz4, several times faster than the default pglz at about the same size. And a
 * snapshot followed by one of the same latest business time is never read (project.ts): those
 * already stored go, so the rows are the ones a replay of the log leaves.
 */
export const chestSnapshotsJsonMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      ALTER TABLE chest_snapshots
        ALTER COLUMN batches TYPE json USING batches::json,
        ALTER COLUMN batches SET COMPRESSION lz4`.execute(db);
    await sql`ALTER TABLE chest_snapshot_tails ALTER COLUMN event TYPE json USING event::json`.execute(db);
    await sql`
      DELETE FROM chest_snapshots s
       WHERE EXISTS (SELECT 1 FROM chest_snapshots n WHERE n.vessel_id = s.vessel_id AND n.revision > s.revision AND n.latest_at = s.latest_at)`.execute(db);
  },
};

/**
 * Snapshots store their batches as arrays without names (storedBatch.ts): the snapshots of the
 * old shape are dropped with their tails and the projection's checkpoint, so the runner replays
 * the log into them (read models are disposable).
 */
export const chestSnapshotsCompactMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`TRUNCATE chest_snapshots, chest_snapshot_tails`.execute(db);
    await sql`DELETE FROM follower_checkpoints WHERE name = 'chest-snapshots'`.execute(db);
  },
};
