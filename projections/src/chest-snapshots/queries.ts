import { asOfEnd, type InventoryFoldStart } from '@medchest/domain';
import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { batchOfStored } from './storedBatch';

/**
 * The latest snapshot of the vessel's inventory stream that "as of" `asOf` (YYYY-MM-DD) keeps whole:
 * the domain's prefixKeptAsOf in SQL (every event up to it happened before the end of the day),
 * one index entry (chest_snapshots_as_of_idx). Undefined: none does (or none is taken yet); the
 * caller folds from the start of the stream, which gives the same chest.
 */
export async function chestSnapshotAsOf(db: Kysely<ReadModelDb>, vesselId: string, asOf: string): Promise<InventoryFoldStart | undefined> {
  const row = await db
    .selectFrom('chest_snapshots')
    .select(['revision', 'batches'])
    .where('vessel_id', '=', vesselId)
    .where('latest_at', '<', new Date(asOfEnd(asOf)))
    .orderBy('latest_at', 'desc')
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { revision: Number(row.revision), batches: row.batches.map((b) => batchOfStored(vesselId, b)) };
}
