import { certificateNeedsAttention, countsAsCompliant, isoToday, VESSEL_STATUSES, type DashboardStats, type VesselScope } from '@medchest/domain';
import { vesselInScope } from '../scope';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { refreshChests } from '../medical-chest/refresh';

export type { DashboardStats } from '@medchest/domain';

/**
 * Computed from the read tables when asked, in one round trip: counts, the chest figures summed by
 * vessel status, plus the distinct certificate expiry dates with how many vessels have each, so the
 * badge rule is applied by the domain's `certificateNeedsAttention` (one rule, one place) over a
 * handful of dates, not per vessel. Which statuses count as compliant is the domain's rule too.
 * Chests whose stored evaluation does not hold for today are evaluated again first.
 */
export async function getDashboardStats(db: Kysely<ReadModelDb>, today: Date, scope: VesselScope): Promise<DashboardStats> {
  await refreshChests(db, isoToday(today));
  const inScope = vesselInScope(scope, sql.ref('v.id'));
  const { rows } = await sql<{ kind: string; expiry: string | null; n: string; critical: string | null; expiring: string | null; batches: string | null }>`
    SELECT 'total' AS kind, NULL::date AS expiry, count(*) AS n, NULL::bigint AS critical, NULL::bigint AS expiring, NULL::bigint AS batches
    FROM vessels v WHERE ${inScope}
    UNION ALL
    SELECT c.status, NULL, count(*), sum(c.critical_items), sum(c.expiring_batches), sum(c.batches_on_board)
    FROM chest_vessels c JOIN vessels v ON v.id = c.vessel_id WHERE ${inScope} GROUP BY c.status
    UNION ALL
    SELECT 'expiry', e.expiry, count(*), NULL, NULL, NULL FROM (
      SELECT coalesce(v.medical_chest_certificate_expiry, v.certificate_expiry) AS expiry FROM vessels v WHERE ${inScope}
    ) e WHERE e.expiry IS NOT NULL GROUP BY e.expiry
  `.execute(db);
  const stats: DashboardStats = {
    totalVessels: 0,
    compliantVessels: 0,
    expiringCertificates: 0,
    criticalAlerts: 0,
    totalInventoryItems: 0,
    expiringItems: 0,
  };
  const statuses: readonly string[] = VESSEL_STATUSES;
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'total') stats.totalVessels = n;
    else if (row.kind === 'expiry') {
      if (certificateNeedsAttention(row.expiry, today)) stats.expiringCertificates += n;
    } else if (statuses.includes(row.kind)) {
      if (countsAsCompliant(row.kind as (typeof VESSEL_STATUSES)[number])) stats.compliantVessels += n;
      stats.criticalAlerts += Number(row.critical);
      stats.expiringItems += Number(row.expiring);
      stats.totalInventoryItems += Number(row.batches);
    }
  }
  return stats;
}
