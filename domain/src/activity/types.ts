import type { StatusTone } from '../shared/tone';

/**
 * The activity log's vocabulary (spec 001 §4 "Activity types", §3 "Activity"): the types a line can
 * have, the label and badge colour of each (the type badge and the type filter), and how a line's metadata reads.
 * One place, so the feed, the API's filter check and the page never disagree.
 */

/**
 * The eight types of the specification, then vessel_deleted: a vessel leaving the fleet is a fact
 * an auditor needs, and the specification's list has no word for it.
 */
export const ACTIVITY_TYPES = [
  'vessel_created',
  'vessel_updated',
  'order_created',
  'order_status_updated',
  'certificate_updated',
  'certificate_expired',
  'inventory_update',
  'usage_tracked',
  'vessel_deleted',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  vessel_created: 'Vessel created',
  vessel_updated: 'Vessel updated',
  order_created: 'Order created',
  order_status_updated: 'Order status updated',
  certificate_updated: 'Certificate updated',
  certificate_expired: 'Certificate expired',
  inventory_update: 'Inventory update',
  usage_tracked: 'Usage tracked',
  vessel_deleted: 'Vessel deleted',
};

/** The colour of each type's badge: green for what was added, red for what was lost or ran out. */
export const ACTIVITY_TYPE_TONES: Record<ActivityType, StatusTone> = {
  vessel_created: 'success',
  vessel_updated: 'info',
  vessel_deleted: 'danger',
  order_created: 'navy',
  order_status_updated: 'info',
  certificate_updated: 'success',
  certificate_expired: 'danger',
  inventory_update: 'navy',
  usage_tracked: 'warning',
};

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}

/** The label of a stored type; a type this version does not know reads as it is stored. */
export function activityTypeLabel(type: string): string {
  return isActivityType(type) ? ACTIVITY_TYPE_LABELS[type] : type;
}

/** The page sizes of the activity log (spec 001 §9): 50 by default. */
export const ACTIVITY_PAGE_SIZES = [50, 100, 200, 500] as const;
export const DEFAULT_ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE_SIZE = 500;

/**
 * The metadata lines under an activity (spec 001 §3: orderNumber, previousStatus, newStatus,
 * certificateIssuer, expiryDate, quantityUsed, reason, quantityRemaining), in that order; keys the
 * line does not carry are left out. `formatDay` renders a YYYY-MM-DD (the product's date format).
 */
export function activityMetadataLines(metadata: Record<string, unknown>, formatDay: (isoDay: string) => string = (d) => d): string[] {
  const lines: string[] = [];
  const text = (key: string) => {
    const value = metadata[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const orderNumber = text('orderNumber');
  if (orderNumber !== undefined) lines.push(`Order: ${orderNumber}`);
  const previous = text('previousStatus');
  const next = text('newStatus');
  if (previous !== undefined || next !== undefined) lines.push(`Status: ${previous ?? '—'} → ${next ?? '—'}`);
  const issuer = text('certificateIssuer');
  if (issuer !== undefined) lines.push(`Issuer: ${issuer}`);
  const expiry = text('expiryDate');
  if (expiry !== undefined) lines.push(`Expiry date: ${formatDay(expiry)}`);
  const used = text('quantityUsed');
  if (used !== undefined) lines.push(`Quantity used: ${used}`);
  const reason = text('reason');
  if (reason !== undefined) lines.push(`Reason: ${reason}`);
  const remaining = text('quantityRemaining');
  if (remaining !== undefined) lines.push(`Quantity remaining: ${remaining}`);
  return lines;
}
