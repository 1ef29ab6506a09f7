/**
 * Cost per event (issue 14), what this read model may write: one row per import, never rewritten;
 * one statement per batch of events.
 */
import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
import type { InventoryImportsTable } from './migration';

async function applyInventoryImports(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const rows: Insertable<InventoryImportsTable>[] = [];
  for (const event of events) {
    if (event.type !== 'InventoryImported') continue;
    const d = event.data;
    rows.push({
      id: d.importId,
      vessel_id: d.vesselId,
      file_name: d.fileName,
      source: d.source,
      success_count: d.successCount,
      error_count: d.errorCount,
      errors: d.errors,
      created_at: event.metadata.occurredAt,
      user_id: event.metadata.userId,
    });
  }
  // An import is recorded once for ever: replaying it changes nothing.
  await writeRows(trx, 'inventory_imports', rows, { key: 'id', update: 'nothing' });
}

/**
 * Each vessel's bulk imports (CSV uploads and manual bulk inputs) with their refused rows. Kept
 * when the vessel is deleted: they are part of the audit trail, like the activity feed.
 */
export const inventoryImportsProjection = defineProjection({
  name: 'inventory-imports',
  eventTypes: ['InventoryImported'],
  tables: ['inventory_imports'],
  deferredIndexes: ['inventory_imports_vessel_idx'],
  apply: applyInventoryImports,
});
