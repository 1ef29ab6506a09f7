import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import type { Activity } from '@medchest/domain';

/** What the activity log asks the server for; '' is "all". */
export interface ActivityLogFilters {
  search: string;
  vesselId: string;
  type: string;
  limit: number;
}

export interface ActivityLogPage {
  activities: Activity[];
  /** How many lines match the filters in all (the X-Total-Count header). */
  total: number;
  /** The cursor of the next, older page (the X-Next-Cursor header). */
  nextCursor?: string;
}

export function activityLogUrl(filters: ActivityLogFilters, before?: string): string {
  const params = new URLSearchParams({ limit: String(filters.limit) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.vesselId) params.set('vesselId', filters.vesselId);
  if (filters.type) params.set('type', filters.type);
  if (before) params.set('before', before);
  return `${queryKeys.activities[0]}?${params.toString()}`;
}

/**
 * The activity log, filtered and counted on the server; further pages are the lines older than the
 * last one shown. Keyed under the activity feed's key, so whatever refreshes the feed refreshes it.
 */
export function useActivityLog(filters: ActivityLogFilters) {
  return useInfiniteQuery<ActivityLogPage>({
    queryKey: [...queryKeys.activities, 'log', filters],
    initialPageParam: undefined,
    queryFn: async ({ pageParam }) => {
      const res = await apiRequest('GET', activityLogUrl(filters, pageParam as string | undefined));
      return {
        activities: (await res.json()) as Activity[],
        total: Number(res.headers.get('x-total-count') ?? 0),
        nextCursor: res.headers.get('x-next-cursor') ?? undefined,
      };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
