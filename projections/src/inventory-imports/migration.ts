import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { Timestamp } from '../vessels/migration';

/** One row per bulk import (CSV upload or manual bulk input); the row id is the importId. */
export interface InventoryImportsTable {
  id: string;
  vessel_id: string;
  file_name: string;
  /** 'csv' or 'manual'. */
  source: string;
  success_count: number;
  error_count: number;
  /** One message per refused row. */
  errors: ColumnType<string[], string[], string[]>;
  /** The InventoryImported's occurredAt. */
  created_at: Timestamp;
  /** Who imported (event metadata.userId); null for the system (seeding). */
  user_id: string | null;
}

export const inventoryImportsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('inventory_imports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('success_count', 'integer', (c) => c.notNull())
      .addColumn('error_count', 'integer', (c) => c.notNull())
      .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .execute();
    await sql`CREATE INDEX inventory_imports_vessel_idx ON inventory_imports (vessel_id, created_at DESC, id DESC)`.execute(db);
  },
};
