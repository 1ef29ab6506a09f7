import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import type { AuthUser } from '../../lib/auth';
import { refreshKeys } from '../../lib/queryClient';
import { queryKeys, VESSEL_CHANGE_KEYS } from '../../lib/queryKeys';

/** A row of GET /api/admin/users: the account and how many vessels it sees (null: an admin, all). */
export type AdminUser = AuthUser & { vesselCount: number | null };

export const ALL = 'all';

export interface UserFilters {
  search: string;
  role: string;
  status: string;
}

/** The users the filters keep: search in name, email and company; role and status exact. */
export function filterUsers(users: readonly AdminUser[], { search, role, status }: UserFilters): AdminUser[] {
  const needle = search.trim().toLowerCase();
  return users.filter((user) => {
    if (role !== ALL && user.role !== role) return false;
    if (status !== ALL && user.status !== status) return false;
    if (!needle) return true;
    const haystack = [user.firstName, user.lastName, user.email, user.company].filter(Boolean).join(' ').toLowerCase();
    return haystack.includes(needle);
  });
}

/** The stat row: totals by status and by role. */
export function userStats(users: readonly AdminUser[]) {
  const count = (keep: (u: AdminUser) => boolean) => users.filter(keep).length;
  return {
    total: users.length,
    pending: count((u) => u.status === 'pending'),
    active: count((u) => u.status === 'active'),
    suspended: count((u) => u.status === 'suspended'),
    byRole: {
      admin: count((u) => u.role === 'admin'),
      fleet_manager: count((u) => u.role === 'fleet_manager'),
      auditor: count((u) => u.role === 'auditor'),
      captain: count((u) => u.role === 'captain'),
    },
  };
}

/** The vessels column: "All" for an admin, otherwise the count. */
export const vesselCountLabel = (user: AdminUser) => (user.role === 'admin' || user.vesselCount === null ? 'All' : String(user.vesselCount));

/** Any admin call that changes users (and, through assignments, what others see). */
export function useAdminUserCall<TInput>(call: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshKeys(queryClient, [queryKeys.adminUsers, ...VESSEL_CHANGE_KEYS]),
  });
}

export const adminCalls = {
  create: (body: unknown) => apiJson<AdminUser>('POST', '/api/admin/users/create', body),
  edit: ({ id, body }: { id: string; body: unknown }) => apiJson<AdminUser>('PATCH', `/api/admin/users/${id}`, body),
  status: ({ id, action }: { id: string; action: 'approve' | 'suspend' | 'reactivate' }) =>
    apiJson<AdminUser>('PATCH', `/api/admin/users/${id}/${action}`),
  remove: (id: string) => apiJson<unknown>('DELETE', `/api/admin/users/${id}`),
  setVessels: ({ id, vesselIds }: { id: string; vesselIds: string[] }) =>
    apiJson<{ vesselIds: string[] }>('POST', `/api/admin/users/${id}/vessels`, { vesselIds }),
  setFleets: ({ id, fleets }: { id: string; fleets: string[] }) => apiJson<{ fleets: string[] }>('POST', `/api/admin/users/${id}/fleets`, { fleets }),
};
