import type { StatusTone } from '../shared/tone';

/**
 * admin: everything; fleet_manager: the vessels and fleets assigned to them; auditor: read-only over
 * the vessels and fleets assigned to them (port state control replaying history); captain: their
 * one vessel, through the captain portal.
 */
export const ROLES = ['admin', 'fleet_manager', 'auditor', 'captain'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  fleet_manager: 'Fleet Manager',
  auditor: 'Auditor',
  captain: 'Captain',
};

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
};

/** An account status badge's colour (profile, admin users). */
export const USER_STATUS_TONES: Record<UserStatus, StatusTone> = { active: 'success', pending: 'warning', suspended: 'danger' };
