import type { OrderStatus } from '../order/events';
import { subDays } from 'date-fns';
import { daysUntil, isoToday } from '../shared/dates';

/**
 * The captain portal's rules (spec 001 §3, §4, §9; issue 12), pure, used by the API and the web.
 */

/** Recent usage on the dashboard: the last 90 days. */
export const RECENT_USAGE_DAYS = 90;

/** The first day (YYYY-MM-DD) of the recent-usage window ending today: used on or after it is recent. */
export const recentUsageSince = (today: Date): string => isoToday(subDays(today, RECENT_USAGE_DAYS));

/** One line of the captain's recent usage (spec 001 §3 "Recent usage"); id is the usage event's. */
export interface RecentUsageEntry {
  id: string;
  scaleId: string;
  quantityUsed: number;
  reason: string;
  crewMemberName: string | null;
  usageDate: string;
}
/** The Expiring Soon stat and the certificate's Expiring Soon: within the next 30 days. */
export const CAPTAIN_EXPIRING_SOON_DAYS = 30;

export const CAPTAIN_EMPTY = {
  recentUsage: 'No recent usage recorded',
  upcomingOrders: 'No upcoming orders',
} as const;

/**
 * The orders a captain sees coming (the dashboard's supply orders): approved by the fleet and not
 * yet received on board. Drafts are the office's work in progress; cancelled and delivered are done.
 */
export const UPCOMING_ORDER_STATUSES: readonly OrderStatus[] = ['approved', 'ordered', 'acknowledged', 'in_progress', 'fulfilled'];

/** The certificate as the captain sees it (spec 001 §4): expired if past, expiring soon within 30 days. */
export type CaptainCertificateState = 'none' | 'expired' | 'expiring_soon' | 'valid';

export function captainCertificateState(expiry: string | null | undefined, today: Date): CaptainCertificateState {
  if (!expiry) return 'none';
  const days = daysUntil(expiry, today);
  if (days < 0) return 'expired';
  if (days <= CAPTAIN_EXPIRING_SOON_DAYS) return 'expiring_soon';
  return 'valid';
}

export const CAPTAIN_CERTIFICATE_LABELS: Record<CaptainCertificateState, string> = {
  none: 'No Certificate',
  expired: 'Expired',
  expiring_soon: 'Expiring Soon',
  valid: 'Valid',
};

/**
 * The dashboard's stat cards (spec 001 §3 Captain stats):
 * - totalItems: batches on board (quantity above zero);
 * - expiringSoon: of those, the ones whose expiry falls today or within the next 30 days;
 * - lowStock: scale items below what the scale requires (Low or Critical on the chest).
 */
export function captainStats(
  batches: readonly { quantityOnBoard: number; expiryDate: string | null }[],
  items: readonly { complianceStatus: string }[],
  today: Date,
): Omit<CaptainStats, 'crewSize'> {
  const onBoard = batches.filter((batch) => batch.quantityOnBoard > 0);
  const expiringSoon = onBoard.filter((batch) => {
    if (!batch.expiryDate) return false;
    const days = daysUntil(batch.expiryDate, today);
    return days >= 0 && days <= CAPTAIN_EXPIRING_SOON_DAYS;
  }).length;
  const lowStock = items.filter((item) => item.complianceStatus === 'low_stock' || item.complianceStatus === 'critical').length;
  return { totalItems: onBoard.length, expiringSoon, lowStock };
}

/** GET /api/captain/inventory/stats: the stat cards (captainStats) and the vessel's crew size. */
export interface CaptainStats {
  totalItems: number;
  expiringSoon: number;
  lowStock: number;
  crewSize: number;
}

/** GET /api/captain/certificate (spec 001 §3 Captain certificate). */
export interface CaptainCertificate {
  vesselId: string;
  vesselName: string;
  /** Where the file downloads from; null when no file is on record. */
  certificatePath: string | null;
  certificateExpiry: string | null;
  certificateIssuer: string | null;
  issueDate: string | null;
  hasValidCertificate: boolean;
  status: CaptainCertificateState;
}
