import type { MedicalCategory, Vessel, VesselScope } from '@medchest/domain';
import { vesselInScope } from '../scope';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ReadModelDb } from '../db';
import type { VesselsTable } from './migration';

// The answer is a contract of the domain (defined once, imported by the web too).
export type { Vessel } from '@medchest/domain';

export function toVessel(row: Selectable<VesselsTable>): Vessel {
  return {
    id: row.id,
    vesselName: row.vessel_name,
    imoNumber: row.imo_number,
    flagState: row.flag_state,
    crewSizeCategory: row.crew_size_category,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    fleet: row.fleet,
    vesselType: row.vessel_type,
    ownershipCompany: row.ownership_company,
    ownershipContactEmail: row.ownership_contact_email,
    onboardingDate: row.onboarding_date,
    contractEndDate: row.contract_end_date,
    lastMedicalReview: row.last_medical_review,
    medicalChestCertificatePath: row.medical_chest_certificate_path,
    medicalChestCertificateExpiry: row.medical_chest_certificate_expiry,
    certificateIssuer: row.certificate_issuer,
    certificateExpiry: row.certificate_expiry,
    medicalCategory: row.medical_category as MedicalCategory,
    womenOnBoard: row.women_on_board,
    carriesDangerousGoods: row.carries_dangerous_goods,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Every live vessel the scope covers, sorted by name (case-insensitively). */
export async function listVessels(db: Kysely<ReadModelDb>, scope: VesselScope): Promise<Vessel[]> {
  const rows = await db
    .selectFrom('vessels')
    .selectAll()
    .where(vesselInScope(scope, 'vessels.id', { fleet: 'vessels.fleet' }))
    .orderBy(sql`lower(vessel_name)`)
    .orderBy('vessel_name')
    .orderBy('id')
    .execute();
  return rows.map(toVessel);
}

/** One live vessel, or undefined when there is none with that id (never created, or deleted). */
export async function getVessel(db: Kysely<ReadModelDb>, id: string): Promise<Vessel | undefined> {
  const row = await db.selectFrom('vessels').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toVessel(row);
}

/**
 * The live vessel with this IMO number (the API refuses a second one with 409). Should the log
 * ever hold two, the one added first is answered.
 */
export async function findVesselByImo(db: Kysely<ReadModelDb>, imoNumber: string): Promise<Vessel | undefined> {
  const row = await db
    .selectFrom('vessels')
    .selectAll()
    .where('imo_number', '=', imoNumber.trim().toUpperCase())
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && toVessel(row);
}

/**
 * The live vessels whose contact email is this address (compared case-insensitively, the address
 * already normalised by the caller), by name: the captain portal mails them a sign-in code.
 */
export async function listVesselsByContactEmail(db: Kysely<ReadModelDb>, email: string): Promise<Vessel[]> {
  const rows = await db
    .selectFrom('vessels')
    .selectAll()
    .where(sql<boolean>`lower(trim(contact_email)) = ${email}`)
    .orderBy(sql`lower(vessel_name)`)
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map(toVessel);
}
