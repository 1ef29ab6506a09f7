import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VesselDetails } from '@medchest/domain';
import { apiJson, apiRequest } from './api';
import { refreshKeys } from './queryClient';
import { queryKeys, VESSEL_CHANGE_KEYS } from './queryKeys';
import type { Vessel } from '@medchest/domain';

export function useVessels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Vessel[]>({ queryKey: queryKeys.vessels, enabled });
}

export function useVessel(id: string) {
  return useQuery<Vessel>({ queryKey: queryKeys.vessel(id) });
}

/**
 * Each mutation stays pending until the affected lists are refetched, so when its success shows,
 * the vessel list, the dashboard and the activity feed already hold the change.
 */
export function useCreateVessel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: VesselDetails) => apiJson<Vessel>('POST', '/api/vessels', details),
    onSuccess: () => refreshKeys(queryClient, VESSEL_CHANGE_KEYS),
  });
}

export function useUpdateVessel(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: VesselDetails) => apiJson<Vessel>('PUT', `/api/vessels/${id}`, details),
    onSuccess: () => refreshKeys(queryClient, VESSEL_CHANGE_KEYS),
  });
}

/**
 * Refreshes everything the deletion changes except the deleted vessel's own queries (its page is
 * still on screen and would flash 'Vessel Not Found'; its inventory, requirements and scale would
 * each be asked for again only to answer 404), then calls `onDeleted` to leave that page, and only
 * then forgets them all, so a later visit asks the server again.
 */
export function useDeleteVessel(id: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/vessels/${id}`),
    onSuccess: async () => {
      const detailKey = queryKeys.vessel(id);
      await refreshKeys(queryClient, VESSEL_CHANGE_KEYS, (query) => !startsWithKey(query.queryKey, detailKey));
      onDeleted();
      queryClient.removeQueries({ queryKey: detailKey });
    },
  });
}

/** The vessel's detail key and every key under it (['/api/vessels', id, 'inventory'], ...). */
function startsWithKey(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return key.length >= prefix.length && prefix.every((segment, i) => segment === key[i]);
}
