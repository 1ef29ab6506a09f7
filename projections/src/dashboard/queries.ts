import { certificateNeedsAttention } from '@medchest/domain';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';

/**
 * Both stat shapes of spec 000 §3 in one object: the dashboard cards (totalVessels,
 * compliantVessels, expiringCertificates, criticalAlerts) and the inventory/compliance pages
 * (totalInventoryItems, criticalAlerts, compliantVessels, totalVessels, expiringItems).
 */
export interface DashboardStats {
  totalVessels: number;
  compliantVessels: number;
  expiringCertificates: number;
  criticalAlerts: number;
  totalInventoryItems: number;
  expiringItems: number;
}

/**
 * Computed from the read tables when asked, in one round trip: counts, plus the distinct
 * certificate expiry dates with how many vessels have each, so the badge rule is applied by the
 * domain's `certificateNeedsAttention` (one rule, one place) over a handful of dates, not per vessel.
 */
export async function getDashboardStats(db: Kysely<ReadModelDb>, today: Date): Promise<DashboardStats> {
  const { rows } = await sql<{ kind: string; expiry: string | null; n: string }>`
    SELECT 'total' AS kind, NULL::date AS expiry, count(*) AS n FROM vessels
    UNION ALL
    SELECT 'compliant', NULL, count(*) FROM fleet_compliance WHERE compliance_status = 'Compliant'
    UNION ALL
    SELECT 'expiry', e.expiry, count(*) FROM (
      SELECT coalesce(medical_chest_certificate_expiry, certificate_expiry) AS expiry FROM vessels
    ) e WHERE e.expiry IS NOT NULL GROUP BY e.expiry
  `.execute(db);
  let totalVessels = 0;
  let compliantVessels = 0;
  let expiringCertificates = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'total') totalVessels = n;
    else if (row.kind === 'compliant') compliantVessels = n;
    else if (certificateNeedsAttention(row.expiry, today)) expiringCertificates += n;
  }
  return {
    totalVessels,
    compliantVessels,
    expiringCertificates,
    // Inventory does not exist yet: a later issue adds its events and these counts.
    criticalAlerts: 0,
    totalInventoryItems: 0,
    expiringItems: 0,
  };
}
