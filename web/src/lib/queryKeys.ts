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
  /** A vessel's scale items with required and counted quantities; `asOf` (YYYY-MM-DD) for a past day. */
  volumeRequirements: (id: string, asOf?: string) =>
    asOf
      ? (['/api/vessels', id, 'volume-requirements', { asOf }] as const)
      : (['/api/vessels', id, 'volume-requirements'] as const),
  inventory: (id: string) => ['/api/vessels', id, 'inventory'] as const,
  hierarchicalInventory: (id: string) => ['/api/vessels', id, 'hierarchical-inventory'] as const,
  /** Every scale (GET /api/scales): the shipped one first, then those imported, newest first. */
  scales: ['/api/scales'] as const,
  /** One scale with its sources and, per item, the source behind each figure (the scale page). */
  scale: (id: string) => ['/api/scales', id] as const,
  /** The scale a vessel's requirements follow; `asOf` (YYYY-MM-DD) for the one in force that day. */
  vesselScale: (id: string, asOf?: string) =>
    asOf ? (['/api/vessels', id, 'scale', { asOf }] as const) : (['/api/vessels', id, 'scale'] as const),
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

/**
 * What an inventory change (quantity edit, CSV upload, bulk input) refreshes (spec 000 §7): the
 * vessel's requirements (today's and, by prefix, the 'as of' views a change can alter), its batches, the
 * hierarchical inventory, the dashboard cards, fleet compliance and the activity feed.
 */
export function inventoryChangeKeys(vesselId: string): readonly QueryKey[] {
  return [
    queryKeys.volumeRequirements(vesselId),
    queryKeys.inventory(vesselId),
    queryKeys.hierarchicalInventory(vesselId),
    queryKeys.dashboardStats,
    queryKeys.fleetCompliance,
    queryKeys.activities,
  ];
}
