import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';

/** One bulk import of a vessel's chest and what became of its rows. */
export interface InventoryImport {
  id: string;
  vesselId: string;
  fileName: string;
  source: 'csv' | 'manual';
  successCount: number;
  errorCount: number;
  /** One message per refused row. */
  errors: string[];
  createdAt: string;
  /** Who imported; null for the system (seeding). */
  userId: string | null;
}

export const DEFAULT_INVENTORY_IMPORT_LIMIT = 50;
export const MAX_INVENTORY_IMPORT_LIMIT = 500;

/** A vessel's imports, newest first; limit 1 to 500, default 50. */
export async function listInventoryImports(
  db: Kysely<ReadModelDb>,
  vesselId: string,
  options: { limit?: number } = {},
): Promise<InventoryImport[]> {
  const requested = Math.floor(options.limit ?? DEFAULT_INVENTORY_IMPORT_LIMIT);
  const limit = Number.isFinite(requested)
    ? Math.min(Math.max(requested, 1), MAX_INVENTORY_IMPORT_LIMIT)
    : DEFAULT_INVENTORY_IMPORT_LIMIT;
  const rows = await db
    .selectFrom('inventory_imports')
    .selectAll()
    .where('vessel_id', '=', vesselId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    vesselId: row.vessel_id,
    fileName: row.file_name,
    source: row.source as InventoryImport['source'],
    successCount: row.success_count,
    errorCount: row.error_count,
    errors: row.errors,
    createdAt: row.created_at.toISOString(),
    userId: row.user_id,
  }));
}
