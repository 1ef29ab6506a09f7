import type { ColumnType, Kysely, Migration } from 'kysely';
import type { Timestamp } from '../vessels/migration';

export interface UsersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
  status: string;
  account_type: string | null;
  vessel_id: string | null;
  phone: string | null;
  company: string | null;
  preferred_fleet: string | null;
  preferred_vessel: string | null;
  created_at: Timestamp;
}

/**
 * Where in the log each account was deleted. An email registers again under the same user id, so
 * history lines written before a deletion must stay "Deleted user", never the newcomer's name.
 */
export interface UserDeletionsTable {
  user_id: string;
  log_commit: ColumnType<string, bigint | string, never>;
  log_event: ColumnType<string, bigint | string, never>;
}

export const userDeletionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_deletions')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('log_commit', 'bigint', (c) => c.notNull())
      .addColumn('log_event', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_deletions_pk', ['user_id', 'log_commit', 'log_event'])
      .execute();
  },
};

export const usersMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('account_type', 'text')
      .addColumn('vessel_id', 'text')
      .addColumn('phone', 'text')
      .addColumn('company', 'text')
      .addColumn('preferred_fleet', 'text')
      .addColumn('preferred_vessel', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_created_at_idx').on('users').columns(['created_at', 'id']).execute();
  },
};
