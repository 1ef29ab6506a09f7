import { vesselScopeKey, vesselScopeOf, type VesselScope } from '@medchest/domain';
import { keptByVersion } from '../http/keptByVersion';
import { isUuid } from '../ids';
import { isVesselInScope, SCOPE_PROJECTIONS, type ReadDb, type ReadModelsAt, type User } from '../readModels';

/** The scope of a logged-in account (none when logged out): every list and count is filtered by it. */
export function scopeOf(user: Pick<User, 'id' | 'role' | 'vesselId'> | null): VesselScope {
  return user ? vesselScopeOf(user) : { kind: 'none' };
}

/**
 * THE access check of a call about one vessel (issue 9): whether this account may see and act on
 * this vessel. Admin: any live vessel; fleet manager and auditor: the vessels assigned to them and
 * the vessels of their assigned fleets; captain: their own. The answer for "no" is 404 (see the
 * auth plugin), the same as for a vessel that does not exist.
 */
export async function canActOnVessel(db: ReadDb, user: Pick<User, 'id' | 'role' | 'vesselId'> | null, vesselId: string): Promise<boolean> {
  if (!isUuid(vesselId)) return false;
  return isVesselInScope(db, scopeOf(user), vesselId);
}

/** (scope, vessel) answers kept at once; the least recently asked go first beyond this. */
export const SCOPE_CHECKS_KEPT = 20_000;

/**
 * canActOnVessel, with each answer of an assigned scope (a fleet manager, an auditor: the ones
 * that cost a query) kept while the assignments and vessels read models stand still. `at` is
 * where the read models stood after the request arrived, read before the check: a kept answer is
 * never older than the version it is kept under, and the assignment, unassignment or deletion a
 * caller's command has just waited for moves that version, so the very next request checks anew.
 */
export function createScopeChecks(db: ReadDb, limit = SCOPE_CHECKS_KEPT) {
  const kept = keptByVersion<boolean>(limit);
  return async (user: Pick<User, 'id' | 'role' | 'vesselId'> | null, vesselId: string, at: () => Promise<ReadModelsAt>): Promise<boolean> => {
    if (!isUuid(vesselId)) return false;
    const scope = scopeOf(user);
    // The others are decided without a query (all, own, none).
    if (scope.kind !== 'assigned') return isVesselInScope(db, scope, vesselId);
    const version = (await at()).of(SCOPE_PROJECTIONS);
    const key = `${vesselScopeKey(scope)}|${vesselId}`;
    const known = kept.get(key, version);
    if (known !== undefined) return known;
    const ok = await isVesselInScope(db, scope, vesselId);
    kept.set(key, version, ok);
    return ok;
  };
}
