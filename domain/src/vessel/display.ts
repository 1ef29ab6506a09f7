import { daysUntil } from '../shared/dates';

/**
 * The dashboard's certificate expiry badge (spec 000 §4): Not Set without a date, Expired when
 * past, Critical at 15 days or fewer, Expiring Soon at 16 to 45, Active above 45.
 */
export type CertificateBadge = 'Not Set' | 'Expired' | 'Critical' | 'Expiring Soon' | 'Active';

export function certificateBadge(expiry: string | null | undefined, today: Date): {
  badge: CertificateBadge;
  daysLeft: number | null;
} {
  if (!expiry) return { badge: 'Not Set', daysLeft: null };
  const daysLeft = daysUntil(expiry, today);
  if (daysLeft < 0) return { badge: 'Expired', daysLeft };
  if (daysLeft <= 15) return { badge: 'Critical', daysLeft };
  if (daysLeft <= 45) return { badge: 'Expiring Soon', daysLeft };
  return { badge: 'Active', daysLeft };
}

/** A certificate counts on the dashboard's Expiring Certificates card when it needs action now. */
export function certificateNeedsAttention(expiry: string | null | undefined, today: Date): boolean {
  const { badge } = certificateBadge(expiry, today);
  return badge === 'Expired' || badge === 'Critical' || badge === 'Expiring Soon';
}

/** Contract End colouring on the vessel list (spec 000 §2): red if past, amber within 90 days. */
export type ContractEndTone = 'past' | 'soon' | 'normal';
export function contractEndTone(contractEnd: string | null | undefined, today: Date): ContractEndTone {
  if (!contractEnd) return 'normal';
  const days = daysUntil(contractEnd, today);
  if (days < 0) return 'past';
  if (days <= 90) return 'soon';
  return 'normal';
}
