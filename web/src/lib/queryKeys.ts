import type { QueryKey } from '@tanstack/react-query';

/** Query keys are API paths (the default query function GETs the segments joined with '/'). */
export const queryKeys = {
  vessels: ['/api/vessels'] as const,
  vessel: (id: string) => ['/api/vessels', id] as const,
  dashboardStats: ['/api/dashboard/stats'] as const,
  fleetCompliance: ['/api/dashboard/fleet-compliance'] as const,
  criticalItems: ['/api/dashboard/critical-items'] as const,
  activities: ['/api/dashboard/all-activities'] as const,
  adminUsers: ['/api/admin/users'] as const,
};

/**
 * What a vessel create, update or delete changes (spec 000 §7): the vessel list (and, by prefix,
 * every cached vessel), the dashboard cards, fleet compliance, and the activity feed. Critical
 * items are not listed: the dashboard fetches them but shows nothing of them (spec 000 §7).
 */
export const VESSEL_CHANGE_KEYS: readonly QueryKey[] = [
  queryKeys.vessels,
  queryKeys.dashboardStats,
  queryKeys.fleetCompliance,
  queryKeys.activities,
];
