import type { BatchAnswer } from '@medchest/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadModelDb } from '../db';
import type { InventoryBatchesTable } from './migration';

/** A batch as the API answers it: the domain's contract (defined once, imported by the web too). */
export type InventoryBatch = BatchAnswer;

function toInventoryBatch(row: Selectable<InventoryBatchesTable>): InventoryBatch {
  return {
    id: row.id,
    scaleId: row.scale_id,
    productName: row.product_name,
    quantityOnBoard: row.quantity_on_board,
    batchNumber: row.batch_number,
    expiryDate: row.expiry_date,
    conditionNotes: row.condition_notes,
    version: row.version,
  };
}

/**
 * The batches on a vessel's chest, by scale id (byte order: IMGS01 … IMGS7.2, the same on every
 * server locale), then batch number; batches sharing a number in the order they were added.
 */
export async function listVesselBatches(db: Kysely<ReadModelDb>, vesselId: string): Promise<InventoryBatch[]> {
  const rows = await db
    .selectFrom('inventory_batches')
    .selectAll()
    .where('vessel_id', '=', vesselId)
    .orderBy(sql`scale_id COLLATE "C"`)
    .orderBy('batch_number')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toInventoryBatch);
}

/** One batch of a vessel, by the table's key (vessel, batch), or undefined. */
export async function getBatch(
  db: Kysely<ReadModelDb>,
  vesselId: string,
  batchId: string,
): Promise<(InventoryBatch & { vesselId: string }) | undefined> {
  const row = await db.selectFrom('inventory_batches').selectAll().where('vessel_id', '=', vesselId).where('id', '=', batchId).executeTakeFirst();
  return row && { ...toInventoryBatch(row), vesselId: row.vessel_id };
}
