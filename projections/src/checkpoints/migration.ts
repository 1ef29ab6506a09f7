import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';

/** Who follows the log from a checkpoint: a read model (projection) or a reactor (workers/). */
export type FollowerKind = 'projection' | 'reactor';

/**
 * Where each follower of the log has got to: the LogPosition of the last event it handled. One
 * table for projections and reactors alike; `kind` says which, so a rebuild (which resets
 * projections only) can never move a reactor back and make it send its mails again.
 */
export interface CheckpointsTable {
  name: string;
  kind: ColumnType<FollowerKind, FollowerKind, FollowerKind>;
  /** LogPosition.commit (int8: read back as a string, written as a bigint). */
  commit_position: ColumnType<string, bigint | string, bigint | string>;
  /** LogPosition.event. */
  event_position: ColumnType<string, bigint | string, bigint | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /**
   * The version of the follower's rows (0099): drawn anew from read_model_rows_versions whenever a
   * batch of its own events commits, when the row is made and when a rebuild swaps its tables in;
   * not when the checkpoint only moves past events of other read models. Int8, read as a string.
   */
  rows_version: ColumnType<string, never, string>;
}

/** As shipped first: the projections' own table (renamed and widened by 0012 below). */
export const checkpointsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('projection_checkpoints')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('commit_position', 'bigint', (c) => c.notNull())
      .addColumn('event_position', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

/**
 * How the workers' reactors stored their checkpoints before they became followers like the
 * projections (created at run time by the workers, never by a migration). Kept here because the
 * migration below reads it, and its test builds a database as the old workers left it.
 */
export const LEGACY_REACTOR_CHECKPOINTS_DDL = `
  CREATE TABLE IF NOT EXISTS reactor_checkpoints (
    name text PRIMARY KEY,
    commit_position numeric(20, 0) NOT NULL,
    event_position numeric(20, 0) NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`;

/**
 * One checkpoint store for every follower of the log (issue 8 point 5): projection_checkpoints
 * becomes follower_checkpoints with a `kind`, and the reactors' rows move into it with their
 * positions as they are, so no reactor starts again from the beginning of the log (which would
 * queue a mail for every past event). The old table is locked first, so a worker of the previous
 * version still running cannot move a reactor on in it after its row was copied; once it is
 * dropped, such a worker's saves fail and its reactors stop.
 */
export const followerCheckpointsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE projection_checkpoints RENAME TO follower_checkpoints`.execute(db);
    await sql`ALTER TABLE follower_checkpoints RENAME CONSTRAINT projection_checkpoints_pkey TO follower_checkpoints_pkey`.execute(db);
    await sql`ALTER TABLE follower_checkpoints ADD COLUMN kind text NOT NULL DEFAULT 'projection' CHECK (kind IN ('projection', 'reactor'))`.execute(db);
    await sql`ALTER TABLE follower_checkpoints ALTER COLUMN kind DROP DEFAULT`.execute(db);
    const { rows } = await sql<{ found: boolean }>`SELECT to_regclass('reactor_checkpoints') IS NOT NULL AS found`.execute(db);
    if (!rows[0]?.found) return;
    await sql`LOCK TABLE reactor_checkpoints IN ACCESS EXCLUSIVE MODE`.execute(db);
    // No ON CONFLICT: a reactor named like a read model would share its row, so the migration fails instead.
    await sql`
      INSERT INTO follower_checkpoints (name, kind, commit_position, event_position, updated_at)
      SELECT name, 'reactor', commit_position::bigint, event_position::bigint, updated_at FROM reactor_checkpoints`.execute(db);
    await sql`DROP TABLE reactor_checkpoints`.execute(db);
  },
};

/**
 * Indexes a projection runner dropped for a catch-up from empty (deferredIndexes.ts), with the
 * definition PostgreSQL gave for each: what a runner must build again, also after a crash in the
 * middle of the catch-up (a row outlives the process that dropped the index).
 */
export interface DroppedIndexesTable {
  index_name: string;
  projection: string;
  /** The schema-qualified table, as in the definition. */
  table_name: string;
  /** pg_get_indexdef as it was when dropped. */
  definition: string;
  dropped_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export const droppedIndexesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('dropped_indexes')
      .addColumn('index_name', 'text', (c) => c.primaryKey())
      .addColumn('projection', 'text', (c) => c.notNull())
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('dropped_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

/**
 * A version of each read model's rows that moves only when they may have changed (0099). Before,
 * caches were keyed by where each checkpoint stood, and every batch of the log moves every
 * projection's checkpoint, also past events of other read models: a captain's count invalidated
 * the scope checks (assignments, vessels) and every answer kept by version. A sequence, not a
 * timestamp: two versions of a row are never equal, whatever the clock does.
 */
export const checkpointRowsVersionMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE SEQUENCE read_model_rows_versions`.execute(db);
    // A volatile default: each existing row draws a version of its own.
    await sql`ALTER TABLE follower_checkpoints ADD COLUMN rows_version bigint NOT NULL DEFAULT nextval('read_model_rows_versions')`.execute(db);
  },
};
