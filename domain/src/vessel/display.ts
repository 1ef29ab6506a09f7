import { daysUntil } from '../shared/dates';
import type { StatusTone } from '../shared/tone';

/**
 * The dashboard's certificate expiry badge (spec 000 §4): Not Set without a date, Expired when
 * past, Critical at 15 days or fewer, Expiring Soon at 16 to 45, Active above 45.
 */
export type CertificateBadge = 'Not Set' | 'Expired' | 'Critical' | 'Expiring Soon' | 'Active';

export const CERTIFICATE_BADGE_TONES: Record<CertificateBadge, StatusTone> = {
  'Not Set': 'neutral',
  Expired: 'danger',
  Critical: 'danger',
  'Expiring Soon': 'warning',
  Active: 'success',
};

/**
 * The certificate expiry date a vessel's badge is read from: the medical chest certificate's,
 * else the vessel's own certificate expiry (the detail form's field); null when neither is set.
 */
export function certificateExpiryOf(vessel: { medicalChestCertificateExpiry?: string | null; certificateExpiry?: string | null }): string | null {
  return vessel.medicalChestCertificateExpiry || vessel.certificateExpiry || null;
}

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
