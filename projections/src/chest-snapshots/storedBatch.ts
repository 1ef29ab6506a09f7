import type { InventoryBatch } from '@medchest/domain';

/**
 * A batch as a snapshot stores it: its fields in a fixed order, without names and without the
 * vessel id (the snapshot row's own). A snapshot is the whole chest (hundreds of batches) and most
 * of its cost is its text: the names and the vessel id repeated on every batch were half of it.
 */
export type StoredBatch = [
  batchId: string,
  scaleId: string,
  batchNumber: number,
  quantity: number,
  version: number,
  productName: string | null,
  expiryDate: string | null,
  conditionNotes: string | null,
];

export const storedBatch = (b: InventoryBatch): StoredBatch => [
  b.batchId,
  b.scaleId,
  b.batchNumber,
  b.quantity,
  b.version,
  b.productName ?? null,
  b.expiryDate ?? null,
  b.conditionNotes ?? null,
];

/** The batch a stored one stands for, with its keys in the order the domain's fold gives them. */
export function batchOfStored(vesselId: string, stored: StoredBatch): InventoryBatch {
  const [batchId, scaleId, batchNumber, quantity, version, productName, expiryDate, conditionNotes] = stored;
  const batch: InventoryBatch = { batchId, vesselId, scaleId, batchNumber, quantity, version };
  if (productName !== null) batch.productName = productName;
  if (expiryDate !== null) batch.expiryDate = expiryDate;
  if (conditionNotes !== null) batch.conditionNotes = conditionNotes;
  return batch;
}
