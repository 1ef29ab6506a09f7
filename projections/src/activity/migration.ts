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
  /** Keyed by (vessel, batch) since 0087, so a vessel's new batches land together in the key. */
  vessel_id: string;
  batch_id: string;
  batch_number: number;
}

/**
 * Each vessel's name as the feed last saw it (the name its newest named line shows), for the lines
 * whose event names the vessel by id only. A row per vessel, written when a batch of events names
 * it anew: the feed's own, like activity_batches, so a rebuild gives the same lines whatever point
 * the vessels read model has reached.
 */
export interface ActivityVesselNamesTable {
  vessel_id: string;
  vessel_name: string;
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

/**
 * Less work per line (issue 14). The lines are keyed by their log position (each batch appends at
 * the right edge of that index, where a key on the random event id inserted all over it; the id
 * stays a column); a vessel's latest name is a row per vessel instead of an index entry per line
 * (activities_vessel_idx served only that lookup); a batch's row drops its item (the events that
 * name a batch carry the item themselves).
 */
export const activitySlimMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('activity_vessel_names')
      .addColumn('vessel_id', 'text', (c) => c.primaryKey())
      .addColumn('vessel_name', 'text', (c) => c.notNull())
      .execute();
    await sql`
      INSERT INTO activity_vessel_names (vessel_id, vessel_name)
      SELECT DISTINCT ON (vessel_id) vessel_id, vessel_name FROM activities
       WHERE vessel_id IS NOT NULL AND vessel_name IS NOT NULL
       ORDER BY vessel_id, log_commit DESC, log_event DESC`.execute(db);
    await sql`DROP INDEX activities_vessel_idx`.execute(db);
    await sql`ALTER TABLE activities DROP CONSTRAINT activities_pkey`.execute(db);
    await sql`ALTER TABLE activities ADD CONSTRAINT activities_pk PRIMARY KEY (log_commit, log_event)`.execute(db);
    await sql`ALTER TABLE activity_batches DROP COLUMN scale_id`.execute(db);
  },
};

/**
 * Batch numbers keyed by (vessel, batch) instead of the batch id alone (issue 14, the scale curve):
 * a random UUID key put each BatchAdded on a random page of an index as large as the fleet's
 * batches (6M at 10,000 vessels, several times PostgreSQL's shared buffers), so every insert read
 * a page from outside the buffers and wrote it back dirty, a cost per event that grew with the
 * fleet; keyed by vessel first, a vessel's batches added together land on the few pages of that
 * vessel. The rows had no vessel: the feed's tables are emptied and its checkpoint dropped, so the
 * runner replays the log into them (read models are disposable).
 */
export const activityBatchesByVesselMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`TRUNCATE activities, activity_batches, activity_counts, activity_vessel_names`.execute(db);
    await sql`ALTER TABLE activity_batches DROP CONSTRAINT activity_batches_pkey`.execute(db);
    await sql`ALTER TABLE activity_batches ADD COLUMN vessel_id text NOT NULL`.execute(db);
    await sql`ALTER TABLE activity_batches ADD CONSTRAINT activity_batches_pk PRIMARY KEY (vessel_id, batch_id)`.execute(db);
    await sql`DELETE FROM follower_checkpoints WHERE name = 'activity'`.execute(db);
  },
};

/**
 * Room on each page of the counts for their next versions (issue 14): a batch of events moves the
 * count of every (vessel, type) it names, so nearly every event updates a row here. Only `n`
 * changes and it is in no index, so an update that finds room on its row's page is HOT (no index
 * entry, the old version pruned on the page at the next visit); but pages packed full by the
 * inserts had no room, so each update moved its row to the end of the table with a new key entry,
 * where the next update found a full page again (vessel_edits mix: 1,573 of 68,225 updates HOT,
 * 10.1 MB for 41,390 rows; with this, all of them HOT, 7.7 MB). With half of each page left free,
 * the rows stored from now on update in place; those already stored move to such pages at their
 * next update.
 */
export const activityCountsFillfactorMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE activity_counts SET (fillfactor = 50)`.execute(db);
  },
};

/**
 * A stock count that finds the figure on record reads "confirmed at 80", not "changed from 80 to
 * 80" (project.ts). The lines stored before say it the old way: rewritten here in place, rather
 * than the feed emptied for a replay, so the activity log stays whole while the product starts.
 * Only lines whose two figures are the same match (a backreference), of the two types a quantity
 * change is shown as.
 */
export const activityCountConfirmedMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      UPDATE activities
         SET description = regexp_replace(description, '^(Quantity of .+) changed from ([0-9]+) to \\2 (\\([^()]*\\))$', '\\1 confirmed at \\2 \\3')
       WHERE activity_type IN ('inventory_update', 'usage_tracked')
         AND description ~ '^Quantity of .+ changed from ([0-9]+) to \\1 \\([^()]*\\)$'`.execute(db);
  },
};
