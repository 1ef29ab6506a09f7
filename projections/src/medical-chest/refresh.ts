import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { staleChests } from './current';
import { evaluateAndStoreRows } from './evaluate';

/**
 * The daily expiry scan's write (workers/src/expiry-scan): the vessels whose stored evaluation
 * does not hold for `today` (a batch expiring or coming within 60 days of expiry changes a
 * vessel's status with no event at all) are evaluated again for `today` and stored. Returns how
 * many were. Reads never call this: they evaluate such a chest in memory (current.ts).
 *
 * The rows are locked (SKIP LOCKED) so the scan and the projection never interleave on one
 * vessel: a vessel the projection is evaluating right now is left to it, and it evaluates for
 * the current day too.
 */
export async function refreshChests(db: Kysely<ReadModelDb>, today: string, vesselIds?: readonly string[]): Promise<number> {
  if (vesselIds?.length === 0) return 0;
  const stale = (q: Kysely<ReadModelDb>) => staleChests(q, today, vesselIds);
  // The common case, nothing to do, costs one indexed read and no transaction.
  if (!(await stale(db).limit(1).executeTakeFirst())) return 0;
  return db.transaction().execute(async (trx) => {
    // The rows locked are the rows evaluated: read once, not again by id.
    const rows = await stale(trx).selectAll().forUpdate().skipLocked().execute();
    await evaluateAndStoreRows(trx, rows, today);
    return rows.length;
  });
}
