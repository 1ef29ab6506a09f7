import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { HistoryChange } from '@medchest/domain';
import type { Timestamp } from '../vessels/migration';

/**
 * A vessel's history: one row per event that concerns the vessel (any event whose data names a
 * vesselId: its details, chest, scale, certificates, orders …), for the auditor's timeline.
 */
export interface VesselHistoryTable {
  event_id: string;
  vessel_id: string;
  stream_id: string;
  revision: ColumnType<string, bigint | string, bigint | string>;
  event_type: string;
  summary: string;
  changes: ColumnType<HistoryChange[], HistoryChange[], HistoryChange[]>;
  user_id: string | null;
  occurred_at: Timestamp;
  log_commit: ColumnType<string, bigint | string, bigint | string>;
  log_event: ColumnType<string, bigint | string, bigint | string>;
}

/** Which streams hold a vessel's events: the streams Verify history checks. */
export interface VesselStreamsTable {
  vessel_id: string;
  stream_id: string;
}

/** What the history needs to tell before from after: the vessel's details, certificate and scale. */
export interface VesselHistoryStateTable {
  vessel_id: string;
  state: ColumnType<Record<string, unknown>, Record<string, unknown>, Record<string, unknown>>;
}

/** Each batch's number and quantity: later entries name the batch, a removal shows what was removed. */
export interface VesselHistoryBatchesTable {
  /** Keyed by (vessel, batch) since 0088, so a vessel's new batches land together in the key. */
  vessel_id: string;
  batch_id: string;
  batch_number: number;
  quantity: number;
}

export const vesselHistoryMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('vessel_history')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('stream_id', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('changes', 'jsonb', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('log_commit', 'bigint', (c) => c.notNull())
      .addColumn('log_event', 'bigint', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX vessel_history_newest_idx ON vessel_history (vessel_id, occurred_at DESC, log_commit DESC, log_event DESC)`.execute(db);
    await db.schema
      .createTable('vessel_streams')
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('stream_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('vessel_streams_pk', ['vessel_id', 'stream_id'])
      .execute();
    await db.schema
      .createTable('vessel_history_state')
      .addColumn('vessel_id', 'text', (c) => c.primaryKey())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('vessel_history_batches')
      .addColumn('batch_id', 'text', (c) => c.primaryKey())
      .addColumn('scale_id', 'text', (c) => c.notNull())
      .addColumn('batch_number', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .execute();
  },
};

/**
 * Fewer bytes and less index work per event (issue 14). The timeline's key becomes the event's log
 * position: each batch appends at the right edge of that index, where a key on the random event id
 * inserted all over it (a page split and a page touched per row); the id stays a column. A batch's
 * row drops its item (the events that name a batch carry the item themselves).
 */
export const vesselHistorySlimMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE vessel_history DROP CONSTRAINT vessel_history_pkey`.execute(db);
    await sql`ALTER TABLE vessel_history ADD CONSTRAINT vessel_history_pk PRIMARY KEY (log_commit, log_event)`.execute(db);
    await sql`ALTER TABLE vessel_history_batches DROP COLUMN scale_id`.execute(db);
  },
};

/**
 * The changes kept as json text, not jsonb (issue 14): the timeline only hands them back whole, never
 * queries inside them, and PostgreSQL checks json text as it comes instead of building jsonb's
 * binary form for every row (a fifth of the PostgreSQL time of a timeline row, measured).
 */
export const vesselHistoryJsonChangesMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE vessel_history ALTER COLUMN changes TYPE json USING changes::json`.execute(db);
  },
};

/**
 * A vessel's state kept as json text, not jsonb (issue 14): the handler reads it back whole and
 * writes it whole on nearly every vessel event (half a row per event of the vessel_edits mix),
 * never queries inside it, so PostgreSQL need not build jsonb's binary form on each write and turn
 * it back into text on each read. Room on each page (fillfactor 70) for the state's next version:
 * the key never changes, so an update that finds room on its page is HOT and touches no index.
 */
export const vesselHistoryJsonStateMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE vessel_history_state ALTER COLUMN state TYPE json USING state::json, SET (fillfactor = 70)`.execute(db);
  },
};

/**
 * Batches keyed by (vessel, batch) instead of the batch id alone (issue 14, the scale curve): a
 * random UUID key put each BatchAdded on a random page of an index as large as the fleet's batches
 * (6M at 10,000 vessels, several times PostgreSQL's shared buffers), so every insert read a page
 * from outside the buffers and wrote it back dirty, a cost per event that grew with the fleet;
 * keyed by vessel first, a vessel's batches added together land on the few pages of that vessel.
 * The rows had no vessel: the timeline's tables are emptied and its checkpoint dropped, so the
 * runner replays the log into them (read models are disposable).
 */
export const vesselHistoryBatchesByVesselMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`TRUNCATE vessel_history, vessel_streams, vessel_history_state, vessel_history_batches`.execute(db);
    await sql`ALTER TABLE vessel_history_batches DROP CONSTRAINT vessel_history_batches_pkey`.execute(db);
    await sql`ALTER TABLE vessel_history_batches ADD COLUMN vessel_id text NOT NULL`.execute(db);
    await sql`ALTER TABLE vessel_history_batches ADD CONSTRAINT vessel_history_batches_pk PRIMARY KEY (vessel_id, batch_id)`.execute(db);
    await sql`DELETE FROM follower_checkpoints WHERE name = 'vessel-history'`.execute(db);
  },
};
