import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScaleMetadata } from '@medchest/domain';
import { apiJson } from './api';
import { refreshKeys } from './queryClient';
import { inventoryChangeKeys, queryKeys } from './queryKeys';
import type { ScaleSummary } from '@medchest/domain';

/** Every scale: the shipped one first, then those imported, newest first. */
export function useScales({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ScaleSummary[]>({ queryKey: queryKeys.scales, enabled });
}

/**
 * The scale a vessel's requirements follow, today or (with `asOf`, YYYY-MM-DD) at the end of that
 * day. The date is its own key segment, so an assignment refreshes every cached day by prefix.
 */
export function useVesselScale(vesselId: string, asOf?: string) {
  return useQuery<ScaleMetadata>({
    queryKey: queryKeys.vesselScale(vesselId, asOf),
    ...(asOf
      ? {
          queryFn: () =>
            apiJson<ScaleMetadata>('GET', `/api/vessels/${encodeURIComponent(vesselId)}/scale?asOf=${encodeURIComponent(asOf)}`),
        }
      : {}),
  });
}

export interface ScaleImportPayload {
  fileName: string;
  csv: string;
  name: string;
  source: string;
  effectiveDate: string;
}

/** POST /api/admin/scales; pending until the list of scales shows the new one. */
export function useImportScale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ScaleImportPayload) => apiJson<ScaleSummary>('POST', '/api/admin/scales', payload),
    onSuccess: () => refreshKeys(queryClient, [queryKeys.scales]),
  });
}

/**
 * PUT /api/vessels/{id}/scale. A new scale changes every requirement of the vessel, so everything
 * an inventory change refreshes is refreshed too, and the scale named on its screens.
 */
export function useAssignVesselScale(vesselId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scaleId: string) => apiJson<ScaleMetadata>('PUT', `/api/vessels/${encodeURIComponent(vesselId)}/scale`, { scaleId }),
    onSuccess: () => refreshKeys(queryClient, [queryKeys.vesselScale(vesselId), ...inventoryChangeKeys(vesselId)]),
  });
}
