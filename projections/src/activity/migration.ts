import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { Timestamp } from '../vessels/migration';

/** One row per event worth showing in the activity feed; the row id is the event id. */
export interface ActivitiesTable {
  /** The event id (a UUID: the event store makes it). */
  id: string;
  activity_type: string;
  description: string;
  vessel_id: string | null;
  /** Kept after the vessel is deleted, so the history still reads well. */
  vessel_name: string | null;
  /** The acting user (event metadata.userId); null for the system. */
  user_id: string | null;
  metadata: ColumnType<Record<string, unknown>, Record<string, unknown>, Record<string, unknown>>;
  /** The event's metadata.occurredAt. */
  created_at: Timestamp;
  /** The event's LogPosition: breaks ties between events of the same instant, in log order. */
  log_commit: ColumnType<string, bigint | string, bigint | string>;
  log_event: ColumnType<string, bigint | string, bigint | string>;
}

/**
 * The batch number of every batch ever added, kept by the activity read model itself so a
 * BatchAdjusted line can name its batch ("IMGS01 batch 2"): the event carries only the batch id,
 * and another read model's table may be at another point of the log (a rebuild must give the same
 * lines whatever order the read models catch up in).
 */
export interface ActivityBatchesTable {
  batch_id: string;
  scale_id: string;
  batch_number: number;
}

/**
 * How many lines each vessel has of each type: the activity log's "of Y" without counting a
 * million rows on every page (a search still counts its matches, through the trigram index).
 * vessel_id is '' for a line without a vessel.
 */
export interface ActivityCountsTable {
  vessel_id: string;
  activity_type: string;
  n: ColumnType<string, bigint | string | number, bigint | string | number>;
}

export const activityMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('activities')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('activity_type', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('vessel_id', 'text')
      .addColumn('vessel_name', 'text')
      .addColumn('user_id', 'text')
      .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('log_commit', 'bigint', (c) => c.notNull())
      .addColumn('log_event', 'bigint', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX activities_newest_idx ON activities (created_at DESC, log_commit DESC, log_event DESC)`.execute(db);
  },
};

/**
 * For the inventory lines: the batch numbers, and the vessel's latest name found from the feed's own
 * vessel lines (the newest line of the vessel in log order).
 */
export const activityInventoryMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('activity_batches')
      .addColumn('batch_id', 'text', (c) => c.primaryKey())
      .addColumn('scale_id', 'text', (c) => c.notNull())
      .addColumn('batch_number', 'integer', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX activities_vessel_idx ON activities (vessel_id, log_commit DESC, log_event DESC) WHERE vessel_name IS NOT NULL`.execute(db);
  },
};

/**
 * The activity log's filters at a million lines: newest first within a vessel or a type (the same
 * order as the page), a trigram index for the search (a substring of the description or the
 * vessel's name, any case), and the counts table.
 */
export const activityLogMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX activities_vessel_newest_idx ON activities (vessel_id, created_at DESC, log_commit DESC, log_event DESC)`.execute(db);
    await sql`CREATE INDEX activities_type_newest_idx ON activities (activity_type, created_at DESC, log_commit DESC, log_event DESC)`.execute(db);
    await sql`CREATE INDEX activities_search_idx ON activities USING gin ((lower(description || ' ' || coalesce(vessel_name, ''))) gin_trgm_ops)`.execute(db);
    await db.schema
      .createTable('activity_counts')
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('activity_type', 'text', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_counts_pk', ['vessel_id', 'activity_type'])
      .execute();
  },
};
