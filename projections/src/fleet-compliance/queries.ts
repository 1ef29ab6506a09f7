import type { FleetComplianceItem, VesselScope, VesselStatus } from '@medchest/domain';
import { vesselInScope } from '../scope';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { chestsOn, evaluationHolds } from '../medical-chest/current';

export type { FleetComplianceItem } from '@medchest/domain';

/**
 * A vessel the chest projection has not reached yet has no stock recorded: every required item
 * is missing, which is what 'Critical' says.
 */
const NOT_YET_EVALUATED: VesselStatus = 'Critical';

/**
 * One item per live vessel of the scope, sorted by vessel name, with its chest as it stands on
 * `today` (YYYY-MM-DD): the stored evaluation where it holds for `today`, the others evaluated in
 * memory (chestsOn, nothing written).
 */
export async function listFleetCompliance(db: Kysely<ReadModelDb>, today: string, scope: VesselScope): Promise<FleetComplianceItem[]> {
  const rows = await db
    .selectFrom('fleet_compliance as f')
    .leftJoin('chest_vessels as c', 'c.vessel_id', 'f.id')
    .selectAll('f')
    .select(['c.status', 'c.critical_items', 'c.low_stock_items', 'c.expiring_batches', 'c.evaluated_on', 'c.next_change_on'])
    .where(vesselInScope(scope, 'f.id'))
    .orderBy(sql`lower(f.vessel_name)`)
    .orderBy('f.vessel_name')
    .orderBy('f.id')
    .execute();
  const stale = rows.filter((row) => row.evaluated_on !== null && !evaluationHolds({ evaluated_on: row.evaluated_on, next_change_on: row.next_change_on }, today));
  const current = await chestsOn(db, stale.map((row) => row.id), today);
  return rows.map((stored) => {
    const chest = current.get(stored.id);
    const row = chest
      ? { ...stored, status: chest.status, critical_items: chest.criticalItems, low_stock_items: chest.lowStockItems, expiring_batches: chest.expiringBatches }
      : stored;
    return {
    id: row.id,
    vesselName: row.vessel_name,
    imoNumber: row.imo_number,
    flagState: row.flag_state,
    crewSizeCategory: row.crew_size_category,
    complianceStatus: (row.status as VesselStatus | null) ?? NOT_YET_EVALUATED,
    lastMedicalReview: row.last_medical_review,
    medicalChestCertificateExpiry: row.medical_chest_certificate_expiry,
    fleet: row.fleet,
    ownershipCompany: row.ownership_company,
    criticalItems: row.critical_items ?? 0,
    lowStockItems: row.low_stock_items ?? 0,
    expiringItems: row.expiring_batches ?? 0,
    };
  });
}
