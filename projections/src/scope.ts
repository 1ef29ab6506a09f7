import type { VesselScope } from '@medchest/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { executePrepared, type ReadModelDb } from './db';

export interface VesselInScopeOptions {
  /** Asked a row at a time (see below), for a list read in an index's order and cut by LIMIT. */
  perRow?: boolean;
  /**
   * For a read model of live vessels only that keeps each vessel's fleet (this names that column:
   * `vessels.fleet` itself, or fleet_compliance's copy of it): the row's own fleet is checked
   * first, against the account's fleets read once, with no lookup of the vessel in `vessels`, and
   * only the rows that fail it are checked against the direct assignments. That halved
   * PostgreSQL's time for an uncached fleet compliance page (823-1,022 -> 426-465 us per request,
   * reads bench, 1k vessels), and cut the whole list's by a fifth (21.1-24.5 -> 17.6-18.0 ms).
   * fleet_compliance is the same fold of the same events as `vessels`; the two differ only
   * between their projections' commits, and the row is then checked against the fleet it shows.
   */
  fleet?: string;
}

/** The account's fleets, as an array read once per statement (an uncorrelated subquery: an InitPlan). */
function fleetsOf(userId: string): RawBuilder<string[]> {
  return sql`ARRAY(SELECT sf.fleet FROM user_fleet_assignments sf WHERE sf.user_id = ${userId})`;
}

/** The vessels assigned to the account directly (a subquery's rows, one column: vessel_id). */
function directlyAssignedIds(userId: string): RawBuilder<unknown> {
  return sql`SELECT sa.vessel_id FROM user_vessel_assignments sa WHERE sa.user_id = ${userId}`;
}

/** Every vessel an 'assigned' scope covers: its direct assignments and its fleets' live vessels (one column: vessel_id). */
function assignedVesselIds(userId: string): RawBuilder<unknown> {
  return sql`${directlyAssignedIds(userId)}
    UNION ALL
    SELECT sv.id FROM user_fleet_assignments sf JOIN vessels sv ON sv.fleet = sf.fleet WHERE sf.user_id = ${userId}`;
}

/** Whether the row's vessel is assigned to the account directly: one lookup (OFFSET 0: see vesselInScope). */
function isDirectlyAssigned(userId: string, ref: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql`EXISTS (SELECT 1 FROM user_vessel_assignments sa WHERE sa.user_id = ${userId} AND sa.vessel_id = ${ref} OFFSET 0)`;
}

/**
 * THE scope rule in SQL (issue 9), used by every list, count and id check of the read models:
 * a boolean expression saying whether the vessel id in `column` is one the scope may see.
 * - all (admin): true;
 * - assigned (fleet manager, auditor): assigned vessels ∪ live vessels whose fleet is assigned;
 * - own (captain): their one vessel;
 * - none: false.
 * The domain says which scope an account has (vesselScopeOf); this says what it covers.
 */
export function vesselInScope(scope: VesselScope, column: RawBuilder<unknown> | string, options: VesselInScopeOptions = {}): RawBuilder<boolean> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'assigned':
      // perRow, the same rule as two EXISTS, asked a row at a time: for a list read in an index's
      // order and cut by LIMIT (a page of the fleet compliance list), which then stays an index
      // scan that stops after its page instead of gathering and sorting every vessel of the scope.
      // Not for lists read whole: there the IN over the union is one hash, and the per-row form
      // can cost enough on paper to make PostgreSQL JIT-compile the query (half a second).
      // OFFSET 0 keeps each EXISTS a lookup of its row: without it PostgreSQL may turn one into a
      // hash of the scope's every vessel, built on each call (a cost that grows with the fleet).
      // The account's fleets are read once per statement (ARRAY of an uncorrelated subquery: an
      // InitPlan), so each row costs one lookup of its vessel; joined to the assignments, each row
      // scanned them and looked its vessel up once per fleet tried (601 -> 316 buffers for a page
      // of 50 at 1k vessels, four fleets).
      if (options.fleet) {
        // Fleet first: most rows of a fleet manager's list pass there, with no lookup at all. The
        // direct assignments: looked up per row for a page, one hash for a list read whole.
        const direct = options.perRow ? isDirectlyAssigned(scope.userId, ref) : sql`${ref} IN (${directlyAssignedIds(scope.userId)})`;
        return sql<boolean>`(${sql.ref(options.fleet)} = ANY (${fleetsOf(scope.userId)}) OR ${direct})`;
      }
      if (options.perRow) {
        return sql<boolean>`(${isDirectlyAssigned(scope.userId, ref)}
          OR EXISTS (SELECT 1 FROM vessels sv WHERE sv.id = ${ref} AND sv.fleet = ANY (${fleetsOf(scope.userId)}) OFFSET 0))`;
      }
      return sql<boolean>`${ref} IN (${assignedVesselIds(scope.userId)})`;
    case 'own':
      return scope.vesselId === null ? sql<boolean>`false` : sql<boolean>`${ref} = ${scope.vesselId}`;
    case 'none':
      return sql<boolean>`false`;
  }
}

/**
 * Whether the scope covers this vessel id (the id check of every call about one vessel). A vessel
 * since deleted stays covered for those it was assigned to directly (and for admins), so its
 * history still answers them ("not in the fleet on that day") rather than a bare 404.
 */
export async function isVesselInScope(db: Kysely<ReadModelDb>, scope: VesselScope, vesselId: string): Promise<boolean> {
  if (scope.kind === 'all') return true;
  // perRow: looks the one vessel up (two index reads) rather than gathering the scope's every vessel.
  // Prepared (parsed and planned once per connection): asked once per vessel and account on a
  // first call about it, planning cost as much as running it.
  const rows = await executePrepared(db, sql<{ ok: boolean }>`SELECT ${vesselInScope(scope, sql.val(vesselId), { perRow: true })} AS ok`.compile(db));
  return rows[0]?.ok === true;
}

/** The read-model projections a scope is computed from: cached answers keyed by scope watch them too. */
export const SCOPE_PROJECTIONS = ['assignments', 'vessels'] as const;

/**
 * The ids the scope covers, for queries that filter by a list of ids (the activity log): null for
 * every vessel (an admin). Directly assigned vessels stay in, deleted or not (their history).
 */
export async function vesselIdsInScope(db: Kysely<ReadModelDb>, scope: VesselScope): Promise<string[] | null> {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'none') return [];
  if (scope.kind === 'own') return scope.vesselId ? [scope.vesselId] : [];
  const { rows } = await sql<{ id: string }>`SELECT DISTINCT vessel_id AS id FROM (${assignedVesselIds(scope.userId)}) covered`.execute(db);
  return rows.map((r) => r.id);
}
