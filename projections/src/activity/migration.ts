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
