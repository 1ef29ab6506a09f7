import { certificateExpiryOf, certificateNeedsAttention, countsAsCompliant, isoToday, VESSEL_STATUSES, type DashboardStats, type VesselScope, type VesselStatus } from '@medchest/domain';
import { vesselInScope } from '../scope';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { chestsOn, evaluationHoldsSql } from '../medical-chest/current';

export type { DashboardStats } from '@medchest/domain';

/**
 * Computed from the read tables when asked, in one round trip: counts, the chest figures summed by
 * vessel status, plus the distinct pairs of certificate expiry dates with how many vessels have each,
 * so which date counts (`certificateExpiryOf`) and the badge rule (`certificateNeedsAttention`) are
 * the domain's (one rule, one place), applied over a handful of dates, not per vessel. Which statuses count as compliant is the domain's rule too.
 * A chest whose stored evaluation does not hold for today comes back by its id instead, and is
 * evaluated in memory (chestsOn): nothing is written.
 */
export async function getDashboardStats(db: Kysely<ReadModelDb>, today: Date, scope: VesselScope): Promise<DashboardStats> {
  const day = isoToday(today);
  const inScope = vesselInScope(scope, sql.ref('v.id'));
  const holds = evaluationHoldsSql(day, 'c');
  const { rows } = await sql<{ kind: string; expiry: string | null; n: string; critical: string | null; expiring: string | null; batches: string | null; vessel_id: string | null; fallback: string | null }>`
    SELECT 'total' AS kind, NULL::date AS expiry, count(*) AS n, NULL::bigint AS critical, NULL::bigint AS expiring, NULL::bigint AS batches, NULL::text AS vessel_id, NULL::date AS fallback
    FROM vessels v WHERE ${inScope}
    UNION ALL
    SELECT c.status, NULL, count(*), sum(c.critical_items), sum(c.expiring_batches), sum(c.batches_on_board), NULL, NULL
    FROM chest_vessels c JOIN vessels v ON v.id = c.vessel_id WHERE ${inScope} AND ${holds} GROUP BY c.status
    UNION ALL
    SELECT 'stale', NULL, 1, NULL, NULL, NULL, c.vessel_id, NULL
    FROM chest_vessels c JOIN vessels v ON v.id = c.vessel_id WHERE ${inScope} AND NOT ${holds}
    UNION ALL
    SELECT 'expiry', v.medical_chest_certificate_expiry, count(*), NULL, NULL, NULL, NULL, v.certificate_expiry
    FROM vessels v WHERE ${inScope} AND (v.medical_chest_certificate_expiry IS NOT NULL OR v.certificate_expiry IS NOT NULL)
    GROUP BY v.medical_chest_certificate_expiry, v.certificate_expiry
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
  const chestFigures = (status: VesselStatus, n: number, critical: number, expiring: number, batches: number) => {
    if (countsAsCompliant(status)) stats.compliantVessels += n;
    stats.criticalAlerts += critical;
    stats.expiringItems += expiring;
    stats.totalInventoryItems += batches;
  };
  const stale: string[] = [];
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'total') stats.totalVessels = n;
    else if (row.kind === 'expiry') {
      const expiry = certificateExpiryOf({ medicalChestCertificateExpiry: row.expiry, certificateExpiry: row.fallback });
      if (certificateNeedsAttention(expiry, today)) stats.expiringCertificates += n;
    } else if (row.kind === 'stale') stale.push(row.vessel_id!);
    else if (statuses.includes(row.kind)) chestFigures(row.kind as VesselStatus, n, Number(row.critical), Number(row.expiring), Number(row.batches));
  }
  for (const chest of (await chestsOn(db, stale, day)).values()) chestFigures(chest.status, 1, chest.criticalItems, chest.expiringBatches, chest.batchesOnBoard);
  return stats;
}
