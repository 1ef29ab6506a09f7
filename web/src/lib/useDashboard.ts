import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';
import type { Activity, DashboardStats, FleetComplianceItem } from '@medchest/domain';

export function useDashboardStats(enabled: boolean) {
  return useQuery<DashboardStats>({ queryKey: queryKeys.dashboardStats, enabled });
}

export function useFleetCompliance() {
  return useQuery<FleetComplianceItem[]>({ queryKey: queryKeys.fleetCompliance });
}

/** Fetched with the dashboard and not shown (spec 000 §7: "fetched, result unused"). */
export function useCriticalItems() {
  return useQuery<unknown[]>({ queryKey: queryKeys.criticalItems });
}

export function useRecentActivities() {
  return useQuery<Activity[]>({ queryKey: queryKeys.activities });
}
