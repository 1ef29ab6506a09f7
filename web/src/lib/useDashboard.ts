import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';
import { queryKeys } from './queryKeys';
import { DEFAULT_FLEET_COMPLIANCE_PAGE_SIZE, type Activity, type DashboardStats, type FleetComplianceItem } from '@medchest/domain';

export function useDashboardStats(enabled: boolean) {
  return useQuery<DashboardStats>({ queryKey: queryKeys.dashboardStats, enabled });
}

export function useFleetCompliance() {
  return useQuery<FleetComplianceItem[]>({ queryKey: queryKeys.fleetCompliance });
}

export interface FleetCompliancePage {
  items: FleetComplianceItem[];
  /** The next page's cursor (the x-next-cursor header); undefined: the last page. */
  nextCursor?: string;
}

/**
 * The fleet compliance list a page at a time (the dashboard's card: a fleet of thousands need not
 * arrive whole to show its first lines). Keyed under the list's own key, so whatever refreshes the
 * list refreshes the pages; each page is answered with an ETag, so the browser's cache turns an
 * unchanged page into a 304.
 */
export function useFleetCompliancePages(pageSize = DEFAULT_FLEET_COMPLIANCE_PAGE_SIZE) {
  return useInfiniteQuery<FleetCompliancePage>({
    queryKey: [...queryKeys.fleetCompliance, 'pages', pageSize],
    initialPageParam: undefined,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) params.set('after', pageParam as string);
      const res = await apiRequest('GET', `${queryKeys.fleetCompliance[0]}?${params.toString()}`);
      return { items: (await res.json()) as FleetComplianceItem[], nextCursor: res.headers.get('x-next-cursor') ?? undefined };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Fetched with the dashboard and not shown (spec 000 §7: "fetched, result unused"). */
export function useCriticalItems() {
  return useQuery<unknown[]>({ queryKey: queryKeys.criticalItems });
}

export function useRecentActivities() {
  return useQuery<Activity[]>({ queryKey: queryKeys.activities });
}
