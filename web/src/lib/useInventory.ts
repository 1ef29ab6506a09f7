import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { isoToday, type BulkImportItem, type BulkImportResult } from '@medchest/domain';
import { ApiError, apiJson } from './api';
import { refreshKeys } from './queryClient';
import { inventoryChangeKeys, queryKeys } from './queryKeys';
import type { BatchAnswer, BatchUsageInput, VolumeRequirementRow } from '@medchest/domain';

/**
 * The vessel's scale items with their requirement, count and status. With `asOf` (YYYY-MM-DD) the
 * chest as it stood on that day: GET .../volume-requirements?asOf=YYYY-MM-DD. The key keeps the
 * date as its own segment, so an inventory change refreshes every cached day by prefix.
 */
export function useVolumeRequirements(vesselId: string, asOf?: string) {
  return useQuery<VolumeRequirementRow[]>({
    queryKey: queryKeys.volumeRequirements(vesselId, asOf),
    ...(asOf
      ? {
          queryFn: () =>
            apiJson<VolumeRequirementRow[]>(
              'GET',
              `/api/vessels/${encodeURIComponent(vesselId)}/volume-requirements?asOf=${encodeURIComponent(asOf)}`,
            ),
        }
      : {}),
  });
}

export function useInventoryBatches(vesselId: string) {
  return useQuery<BatchAnswer[]>({ queryKey: queryKeys.inventory(vesselId) });
}

/**
 * Each mutation stays pending until what it changed is refetched, so when its toast shows the
 * table already holds the new counts and statuses.
 */
export function useUpdateBatchQuantity(vesselId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The version the count was read at: a change made meanwhile answers 409 instead of being lost.
    mutationFn: ({ batchId, quantityOnBoard, version }: { batchId: string; quantityOnBoard: number; version: number }) =>
      apiJson<BatchAnswer>('PATCH', `/api/vessels/${vesselId}/inventory/${batchId}`, { quantityOnBoard, version }),
    onSuccess: () => refreshKeys(queryClient, inventoryChangeKeys(vesselId), changesNow),
    // A stale count: fetch the chest as it is now, so the row shows the new figure and version.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return refreshKeys(queryClient, inventoryChangeKeys(vesselId), changesNow);
    },
  });
}

/**
 * POST .../inventory/{batchId}/usage: units used on board, taken off as a difference (it carries
 * no version and never conflicts with a count made meanwhile; more than is on board is a 400).
 */
export function useRecordUsage(vesselId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, ...usage }: { batchId: string } & BatchUsageInput) =>
      apiJson<BatchAnswer>('POST', `/api/vessels/${vesselId}/inventory/${batchId}/usage`, usage),
    onSuccess: () => refreshKeys(queryClient, inventoryChangeKeys(vesselId), changesNow),
  });
}

/**
 * A change made now cannot alter the chest as it stood on a past day: the cached 'as of' views of
 * days before today are left as they are instead of all being fetched again after every change.
 */
export function changesNow(query: Query): boolean {
  const last = query.queryKey[query.queryKey.length - 1];
  const asOf = typeof last === 'object' && last !== null && 'asOf' in last ? String(last.asOf) : undefined;
  return asOf === undefined || asOf >= isoToday();
}

/** POST .../inventory/bulk-import: the CSV upload and the manual bulk input alike. */
export function useBulkImport(vesselId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { fileName: string; items: BulkImportItem[] }) =>
      apiJson<BulkImportResult>('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, request),
    onSuccess: async (result) => {
      await refreshKeys(queryClient, inventoryChangeKeys(vesselId), changesNow);
      return result;
    },
  });
}
