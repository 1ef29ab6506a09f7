import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReadModelDb } from '../db';
import { CHEST_INPUT_COLUMNS, evaluateRows, type ChestEvaluation } from './evaluate';

/**
 * The chest as it stands on a day, for the reads (docs/decisions.md, "Time-driven facts"): a
 * stored evaluation holds for a window of days, [evaluated_on, next_change_on); a read for a day
 * outside it (a batch has expired or come within 60 days of expiry since, and the daily scan has
 * not stored that yet) evaluates that vessel's chest in memory with the same function the writers
 * use, and answers with it. Reads store nothing: the projection and the daily scan are the only
 * writers of the chest tables.
 */

/** Whether a stored evaluation holds for `today`: made for that day or before, and its next change not yet come. */
export function evaluationHolds(row: { evaluated_on: string; next_change_on: string | null }, today: string): boolean {
  return row.evaluated_on <= today && (row.next_change_on === null || today < row.next_change_on);
}

/** evaluationHolds in SQL, for the chest_vessels row under `alias`. */
export function evaluationHoldsSql(today: string, alias: string): RawBuilder<boolean> {
  const evaluatedOn = sql.ref(`${alias}.evaluated_on`);
  const nextChangeOn = sql.ref(`${alias}.next_change_on`);
  return sql<boolean>`(${evaluatedOn} <= ${today}::date AND (${nextChangeOn} IS NULL OR ${nextChangeOn} > ${today}::date))`;
}

/**
 * The chests (of these vessels, or all) whose stored evaluation does not hold for `today`, as an
 * index-friendly query (two indexes: next_change_on, evaluated_on).
 */
export function staleChests(db: Kysely<ReadModelDb>, today: string, vesselIds?: readonly string[]) {
  let query = db
    .selectFrom('chest_vessels')
    .select('vessel_id')
    .where((eb) => eb.or([eb('next_change_on', '<=', today), eb('evaluated_on', '>', today)]));
  if (vesselIds) query = query.where('vessel_id', 'in', vesselIds);
  return query;
}

/**
 * Evaluations made by reads, kept in memory per read-model database (nothing is stored in it):
 * by vessel, day and version of the vessel's chest row (its xmin). Every change of what an
 * evaluation reads (a batch, the profile, the scale assigned) re-evaluates the vessel in the
 * projection's transaction and so writes its chest row, giving it a new version; a rebuild makes
 * new rows. So until the daily scan stores a day that has come, each stale chest is evaluated
 * once per day and version, not once per read.
 */
const madeByReads = new WeakMap<Kysely<ReadModelDb>, Map<string, ChestEvaluation>>();
/** Evaluations kept per database (each about 30 kB); the least recently used go first. */
export const READ_EVALUATIONS_KEPT = 1_000;

/** These vessels' chests evaluated for `today` in memory, by vessel id (live vessels only). Writes nothing. */
export async function chestsOn(db: Kysely<ReadModelDb>, vesselIds: readonly string[], today: string): Promise<Map<string, ChestEvaluation>> {
  const result = new Map<string, ChestEvaluation>();
  if (vesselIds.length === 0) return result;
  let made = madeByReads.get(db);
  if (!made) madeByReads.set(db, (made = new Map()));
  // Each row with its version, read once (the columns an evaluation reads): a vessel not kept is
  // evaluated from the row in hand, not read again.
  const versions = await db
    .selectFrom('chest_vessels')
    .select([...CHEST_INPUT_COLUMNS, sql<string>`xmin::text`.as('version')])
    .where('vessel_id', 'in', vesselIds)
    .execute();
  const keyOf = new Map(versions.map((v) => [v.vessel_id, `${v.vessel_id}|${today}|${v.version}`]));
  const missing: typeof versions = [];
  for (const row of versions) {
    const key = keyOf.get(row.vessel_id)!;
    const evaluation = made.get(key);
    if (!evaluation) {
      missing.push(row);
      continue;
    }
    made.delete(key);
    made.set(key, evaluation); // most recently used last
    result.set(row.vessel_id, evaluation);
  }
  // The row is the version's own and the batches are read after it: an evaluation is never older
  // than the version it is kept under (newer at most, for a write committed in between, which the
  // next read's version names anew).
  for (const { vessel, evaluation } of await evaluateRows(db, missing, today)) {
    result.set(vessel.vessel_id, evaluation);
    made.set(keyOf.get(vessel.vessel_id)!, evaluation);
    if (made.size > READ_EVALUATIONS_KEPT) made.delete(made.keys().next().value!);
  }
  return result;
}
