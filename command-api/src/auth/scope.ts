import { vesselScopeOf, type VesselScope } from '@medchest/domain';
import { isUuid } from '../ids';
import { isVesselInScope, type ReadDb, type User } from '../readModels';

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
