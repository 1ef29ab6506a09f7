import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { evaluateAndStore } from './evaluate';

/**
 * Chest evaluations hold for a window of days, [evaluated_on, next_change_on): a batch expiring
 * or coming within 60 days of expiry changes a vessel's status with no event at all. Before a
 * read for `today`, the vessels whose window does not hold it are evaluated again for `today`
 * (the daily expiry scan does the same, so reads seldom find any). Returns how many were.
 *
 * The rows are locked (SKIP LOCKED) so a refresh and the projection never interleave on one
 * vessel: a vessel the projection is evaluating right now is left to it, and it evaluates for
 * the current day too.
 */
export async function refreshChests(db: Kysely<ReadModelDb>, today: string, vesselIds?: readonly string[]): Promise<number> {
  if (vesselIds?.length === 0) return 0;
  const stale = (q: Kysely<ReadModelDb>) => staleChests(q, today, vesselIds);
  // The common case, nothing to do, costs one indexed read and no transaction.
  if (!(await stale(db).limit(1).executeTakeFirst())) return 0;
  return db.transaction().execute(async (trx) => {
    const ids = (await stale(trx).forUpdate().skipLocked().execute()).map((r) => r.vessel_id);
    await evaluateAndStore(trx, ids, today);
    return ids.length;
  });
}

/**
 * Whether a stored evaluation holds for `today`: made for that day or before, and its next change
 * not yet come. staleChests below asks the same in SQL.
 */
export function evaluationHolds(row: { evaluated_on: string; next_change_on: string | null }, today: string): boolean {
  return row.evaluated_on <= today && (row.next_change_on === null || today < row.next_change_on);
}

/** The chests (of these vessels, or all) whose stored evaluation does not hold for `today` (see evaluationHolds). */
function staleChests(db: Kysely<ReadModelDb>, today: string, vesselIds?: readonly string[]) {
  let query = db
    .selectFrom('chest_vessels')
    .select('vessel_id')
    .where((eb) => eb.or([eb('next_change_on', '<=', today), eb('evaluated_on', '>', today)]));
  if (vesselIds) query = query.where('vessel_id', 'in', vesselIds);
  return query;
}

/**
 * Whether any chest's stored evaluation does not hold for `today`: after a refresh, only those
 * another transaction was evaluating at that moment (skipped as locked), until it commits.
 */
export async function hasStaleChests(db: Kysely<ReadModelDb>, today: string): Promise<boolean> {
  return (await staleChests(db, today).limit(1).executeTakeFirst()) !== undefined;
}
