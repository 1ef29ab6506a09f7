import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';

/** Where each projection has got to in the global log: the LogPosition of the last event it applied. */
export interface CheckpointsTable {
  name: string;
  /** LogPosition.commit (int8: read back as a string, written as a bigint). */
  commit_position: ColumnType<string, bigint | string, bigint | string>;
  /** LogPosition.event. */
  event_position: ColumnType<string, bigint | string, bigint | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

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
