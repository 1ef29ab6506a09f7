import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VesselDetails } from '@medchest/domain';
import { apiJson, apiRequest } from '../../lib/api';
import { refreshKeys } from '../../lib/queryClient';
import { queryKeys, VESSEL_CHANGE_KEYS } from '../../lib/queryKeys';
import type { Vessel } from './types';

export function useVessels() {
  return useQuery<Vessel[]>({ queryKey: queryKeys.vessels });
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

/** `onDeleted` runs first (leave the detail page) so the gone vessel is never refetched on screen. */
export function useDeleteVessel(id: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/vessels/${id}`),
    onSuccess: () => {
      onDeleted();
      return refreshKeys(queryClient, VESSEL_CHANGE_KEYS);
    },
  });
}
