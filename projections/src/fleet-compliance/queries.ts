import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';

/** spec 000 §3 "Fleet compliance item". */
export interface FleetComplianceItem {
  id: string;
  vesselName: string;
  imoNumber: string;
  flagState: string;
  crewSizeCategory: number;
  complianceStatus: string;
  lastMedicalReview: string | null;
  medicalChestCertificateExpiry: string | null;
  fleet: string | null;
  ownershipCompany: string | null;
}

/** One item per live vessel, sorted by vessel name. */
export async function listFleetCompliance(db: Kysely<ReadModelDb>): Promise<FleetComplianceItem[]> {
  const rows = await db
    .selectFrom('fleet_compliance')
    .selectAll()
    .orderBy(sql`lower(vessel_name)`)
    .orderBy('vessel_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    vesselName: row.vessel_name,
    imoNumber: row.imo_number,
    flagState: row.flag_state,
    crewSizeCategory: row.crew_size_category,
    complianceStatus: row.compliance_status,
    lastMedicalReview: row.last_medical_review,
    medicalChestCertificateExpiry: row.medical_chest_certificate_expiry,
    fleet: row.fleet,
    ownershipCompany: row.ownership_company,
  }));
}
