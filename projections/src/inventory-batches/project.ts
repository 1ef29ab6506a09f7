/**
 * Part of the medical-chest read model (see medical-chest/project.ts for its cost per event): one
 * row per batch, written once per batch of events however many times it changed in it, keyed by
 * (vessel, batch) so that a vessel's new batches land together in the key, not on random pages of
 * an index of the whole fleet's batches (migration 0086).
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { orNull, type ProjectedEvent } from '../projection';
import { updateRows, writeLikelyNewRows, writeRows } from '../sql';
import type { InventoryBatchesTable } from './migration';

export const INVENTORY_BATCH_EVENT_TYPES = ['BatchAdded', 'BatchAdjusted', 'BatchUsageRecorded', 'BatchRemoved', 'VesselDeleted'] as const;

/** What a batch of events leaves behind for one inventory batch. */
export type BatchOutcome =
  /**
   * Added in this batch of events (possibly adjusted since): the whole row. `again`: named by an
   * earlier event of this batch of events (removed, then added anew), so a row of it may still be
   * stored: the removal was folded away, never deleted.
   */
  | { kind: 'added'; row: Insertable<InventoryBatchesTable>; again: boolean }
  /** Added earlier: only its quantity (and so its version) moved. */
  | { kind: 'adjusted'; vesselId: string; quantity: number; version: number; updatedAt: string }
  | { kind: 'removed'; vesselId: string };

export interface InventoryBatchesFold {
  batches: Map<string, BatchOutcome>;
  /** Vessels deleted in this batch of events: every batch of theirs goes. */
  deletedVessels: Set<string>;
}

const vesselOf = (outcome: BatchOutcome) => (outcome.kind === 'added' ? outcome.row.vessel_id : outcome.vesselId);

/**
 * Fold a batch (in log order) to one outcome per inventory batch, so the batch costs a few
 * multi-row statements instead of one per event. Pure.
 */
export function foldInventoryBatchEvents(events: readonly ProjectedEvent[]): InventoryBatchesFold {
  const batches = new Map<string, BatchOutcome>();
  const deletedVessels = new Set<string>();
  for (const event of events) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'BatchAdded': {
        const d = event.data;
        batches.set(d.batchId, {
          kind: 'added',
          again: batches.has(d.batchId),
          row: {
            id: d.batchId,
            vessel_id: d.vesselId,
            scale_id: d.scaleId,
            batch_number: d.batchNumber,
            product_name: orNull(d.productName),
            quantity_on_board: d.quantity,
            expiry_date: orNull(d.expiryDate),
            condition_notes: orNull(d.conditionNotes),
            created_at: at,
            updated_at: at,
            version: Number(event.revision),
          },
        });
        break;
      }
      case 'BatchAdjusted':
      case 'BatchUsageRecorded': {
        // A usage's remaining figure is the difference the decider applied to the figure on record.
        const { batchId, vesselId } = event.data;
        const quantity = event.type === 'BatchAdjusted' ? event.data.newQuantity : event.data.quantityRemaining;
        const version = Number(event.revision);
        const before = batches.get(batchId);
        if (before?.kind === 'added') {
          // The row is this fold's own: changed in place.
          Object.assign(before.row, { quantity_on_board: quantity, updated_at: at, version });
        } else if (before?.kind !== 'removed') {
          batches.set(batchId, { kind: 'adjusted', vesselId, quantity, version, updatedAt: at });
        }
        break;
      }
      case 'BatchRemoved':
        batches.set(event.data.batchId, { kind: 'removed', vesselId: event.data.vesselId });
        break;
      case 'VesselDeleted': {
        const { vesselId } = event.data;
        deletedVessels.add(vesselId);
        for (const [batchId, outcome] of batches) if (vesselOf(outcome) === vesselId) batches.delete(batchId);
        break;
      }
    }
  }
  return { batches, deletedVessels };
}

/**
 * Write what a batch of events leaves of each inventory batch, and answer the fold. The
 * medical-chest projection calls it first and then evaluates the vessels it touched, in the same
 * transaction.
 */
export async function applyInventoryBatches(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]): Promise<InventoryBatchesFold> {
  const fold = foldInventoryBatchEvents(events);
  const { batches, deletedVessels } = fold;
  const removed: { vessel_id: string; id: string }[] = [];
  /** Added first in this batch of events: no row of theirs is stored, but for a batch of events handed over again (see below). */
  const added: Insertable<InventoryBatchesTable>[] = [];
  const addedAgain: Insertable<InventoryBatchesTable>[] = [];
  const adjusted: { vessel_id: string; id: string; quantity_on_board: number; updated_at: string; version: number }[] = [];
  for (const [id, outcome] of batches) {
    if (outcome.kind === 'removed') removed.push({ vessel_id: outcome.vesselId, id });
    else if (outcome.kind === 'added') (outcome.again ? addedAgain : added).push(outcome.row);
    else adjusted.push({ vessel_id: outcome.vesselId, id, quantity_on_board: outcome.quantity, updated_at: outcome.updatedAt, version: outcome.version });
  }
  // Deletions first: a vessel deleted in this batch has no outcomes left in it (the fold dropped them).
  if (deletedVessels.size > 0) await trx.deleteFrom('inventory_batches').where('vessel_id', 'in', [...deletedVessels]).execute();
  // By the key (vessel, batch), as arrays: each pair one lookup.
  if (removed.length > 0) {
    await sql`
      DELETE FROM inventory_batches b
       USING unnest(${removed.map((r) => r.vessel_id)}::text[], ${removed.map((r) => r.id)}::text[]) AS r(vessel_id, id)
       WHERE b.vessel_id = r.vessel_id AND b.id = r.id`.execute(trx);
  }
  // A batch added first in this batch of events has no stored row, but for the batch of events
  // handed over again: a batch id is added again only after its removal (the decider refuses one
  // on record), and a removal in an earlier batch of events deleted its row. So those rows are
  // likely new (COPYed when many: the upsert below was the largest statement of a rebuild, 6.8 of
  // 52 s of PostgreSQL CPU at 400k events, and of a catch-up of stock); the others (added again
  // within this batch of events), and any found stored after all, as this batch of events leaves
  // them: replaying the batch writes the same row again.
  const conflict = {
    key: ['vessel_id', 'id'],
    update: ['scale_id', 'batch_number', 'product_name', 'quantity_on_board', 'expiry_date', 'condition_notes', 'created_at', 'updated_at', 'version'],
  } as const;
  await writeLikelyNewRows(trx, 'inventory_batches', added, conflict);
  await writeRows(trx, 'inventory_batches', addedAgain, conflict);
  await updateRows(trx, 'inventory_batches', adjusted, ['vessel_id', 'id']);
  return fold;
}
