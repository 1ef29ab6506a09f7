import type { CertificateRecord, VesselCertificateRow, VesselScope } from '@medchest/domain';

// The answers' types are the API's contracts, defined once in domain/src/contracts.
export type { CertificateRecord, VesselCertificateRow };
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadModelDb } from '../db';
import { vesselInScope } from '../scope';
import type { CertificatesTable } from './migration';

const toRecord = (row: Selectable<CertificatesTable>): CertificateRecord => ({
  id: row.id,
  vesselId: row.vessel_id,
  vesselName: row.vessel_name,
  expiryDate: row.expiry_date,
  issueDate: row.issue_date,
  certificateIssuer: row.certificate_issuer,
  fileName: row.file_name,
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  sha256: row.file_sha256,
  hasFile: row.file_sha256 !== null,
  recordedBy: row.recorded_by,
  recordedAt: row.recorded_at.toISOString(),
  expiredOn: row.expired_on,
});

/** A vessel's certificates, newest first (the first is the one on record). */
export async function listVesselCertificates(db: Kysely<ReadModelDb>, vesselId: string): Promise<CertificateRecord[]> {
  const rows = await db.selectFrom('certificates').selectAll().where('vessel_id', '=', vesselId).orderBy('stream_revision', 'desc').execute();
  return rows.map(toRecord);
}

/** One certificate of a vessel by its id (a history entry's download). */
export async function getVesselCertificate(db: Kysely<ReadModelDb>, vesselId: string, certificateId: string): Promise<CertificateRecord | undefined> {
  const row = await db.selectFrom('certificates').selectAll().where('vessel_id', '=', vesselId).where('id', '=', certificateId).executeTakeFirst();
  return row && toRecord(row);
}

export async function listFleetCertificates(db: Kysely<ReadModelDb>, scope: VesselScope): Promise<VesselCertificateRow[]> {
  const vessels = await db
    .selectFrom('vessels')
    .select(['id', 'vessel_name', 'imo_number', 'fleet', 'ownership_company'])
    .where(vesselInScope(scope, 'vessels.id', { fleet: 'vessels.fleet' }))
    .orderBy('vessel_name')
    .execute();
  if (vessels.length === 0) return [];
  const newest = await db
    .selectFrom('certificates')
    .selectAll()
    .distinctOn('vessel_id')
    .where('vessel_id', 'in', vessels.map((v) => v.id))
    .orderBy('vessel_id')
    .orderBy('stream_revision', 'desc')
    .execute();
  const byVessel = new Map(newest.map((row) => [row.vessel_id, toRecord(row)]));
  return vessels.map((v) => ({
    vesselId: v.id,
    vesselName: v.vessel_name,
    imoNumber: v.imo_number,
    fleet: v.fleet,
    ownershipCompany: v.ownership_company,
    certificate: byVessel.get(v.id) ?? null,
  }));
}

/** The certificate on record of each live vessel (the scans' input), not yet marked expired. */
export async function listCurrentCertificates(db: Kysely<ReadModelDb>): Promise<{ vesselId: string; vesselName: string; expiryDate: string; certificateId: string; expiredOn: string | null }[]> {
  const { rows } = await sql<{ vessel_id: string; vessel_name: string; expiry_date: string; id: string; expired_on: string | null }>`
    SELECT DISTINCT ON (c.vessel_id) c.vessel_id, v.vessel_name, c.expiry_date, c.id, c.expired_on
    FROM certificates c JOIN vessels v ON v.id::text = c.vessel_id::text
    ORDER BY c.vessel_id, c.stream_revision DESC`.execute(db);
  return rows.map((r) => ({ vesselId: r.vessel_id, vesselName: r.vessel_name, expiryDate: r.expiry_date, certificateId: r.id, expiredOn: r.expired_on }));
}

/** Whether any recorded certificate points at this file (the cleanup never removes those). */
export async function isFileRecorded(db: Kysely<ReadModelDb>, sha256: string): Promise<boolean> {
  const row = await db.selectFrom('certificates').select('id').where('file_sha256', '=', sha256).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The active fleet managers whose scope holds this vessel (assigned directly or through its fleet): who is reminded. */
export async function listFleetManagersOfVessel(db: Kysely<ReadModelDb>, vesselId: string): Promise<{ id: string; email: string; firstName: string | null }[]> {
  const { rows } = await sql<{ id: string; email: string; first_name: string | null }>`
    SELECT u.id, u.email, u.first_name FROM users u
    WHERE u.role = 'fleet_manager' AND u.status = 'active' AND (
      EXISTS (SELECT 1 FROM user_vessel_assignments a WHERE a.user_id = u.id AND a.vessel_id = ${vesselId})
      OR EXISTS (SELECT 1 FROM user_fleet_assignments f JOIN vessels v ON v.fleet = f.fleet WHERE f.user_id = u.id AND v.id = ${vesselId}))
    ORDER BY u.email`.execute(db);
  return rows.map((r) => ({ id: r.id, email: r.email, firstName: r.first_name }));
}
