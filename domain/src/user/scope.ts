import type { Role } from './schema';

/**
 * Which vessels an account may see and act on (issue 9), as data the read models turn into SQL:
 * - all: an admin;
 * - assigned: a fleet manager or an auditor: the vessels assigned to them ∪ the vessels of the
 *   fleets assigned to them;
 * - own: a captain: their one vessel (none when no vessel is assigned);
 * - none: anything else (a role the product does not know).
 * One rule, here; the API resolves it once per request and every query and id check uses it.
 */
export type VesselScope =
  | { kind: 'all' }
  | { kind: 'assigned'; userId: string }
  | { kind: 'own'; vesselId: string | null }
  | { kind: 'none' };

export function vesselScopeOf(user: { id: string; role: string; vesselId: string | null }): VesselScope {
  switch (user.role as Role) {
    case 'admin':
      return { kind: 'all' };
    case 'fleet_manager':
    case 'auditor':
      return { kind: 'assigned', userId: user.id };
    case 'captain':
      return { kind: 'own', vesselId: user.vesselId };
    default:
      return { kind: 'none' };
  }
}

/** A stable text for a scope: answers cached per scope are keyed by it. */
export function vesselScopeKey(scope: VesselScope): string {
  switch (scope.kind) {
    case 'all':
      return 'all';
    case 'assigned':
      return `user:${scope.userId}`;
    case 'own':
      return `vessel:${scope.vesselId ?? ''}`;
    case 'none':
      return 'none';
  }
}

/** Roles that only read: every command answers 403 with this message. */
export const READ_ONLY_ROLES: readonly Role[] = ['auditor'];
export const READ_ONLY_MESSAGE = 'Auditors have read-only access: this action is not available to your account.';
export const isReadOnlyRole = (role: string): boolean => (READ_ONLY_ROLES as readonly string[]).includes(role);

/** The admin's scope, and the system's (the seed, reports over the whole fleet, tests). */
export const ALL_VESSELS: VesselScope = { kind: 'all' };
