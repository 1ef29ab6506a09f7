/**
 * Cost per event (issue 14), what this read model may write: a certificate recorded its row; an
 * expiry the row of the certificate that expired; a vessel deleted the deletion of its rows. A
 * batch of events is folded first (a certificate recorded and expired in the same batch is written
 * once, already expired), so it costs a statement per kind of change.
 */
import type { Insertable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
import type { CertificatesTable } from './migration';

export const CERTIFICATE_EVENT_TYPES = ['CertificateRecorded', 'CertificateExpired', 'VesselDeleted'] as const;

async function applyCertificates(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  /** Certificates recorded in this batch, by vessel, in stream order. */
  const recorded = new Map<string, Insertable<CertificatesTable>[]>();
  /** Expiries of certificates recorded before this batch. */
  const expiries: { vessel_id: string; revision: string; expired_on: string }[] = [];
  const deleted = new Set<string>();
  for (const event of events) {
    switch (event.type) {
      case 'CertificateRecorded': {
        const { vesselId, vesselName, expiryDate, issueDate, certificateIssuer, file } = event.data;
        // Keyed by the event id: a replay writes the same row again.
        const row: Insertable<CertificatesTable> = {
          id: event.id,
          vessel_id: vesselId,
          vessel_name: vesselName,
          expiry_date: expiryDate,
          issue_date: issueDate ?? null,
          certificate_issuer: certificateIssuer,
          file_sha256: file?.sha256 ?? null,
          file_name: file?.fileName ?? null,
          size_bytes: file?.sizeBytes ?? null,
          recorded_by: event.metadata.userId,
          recorded_at: event.metadata.occurredAt,
          expired_on: null,
          stream_revision: event.revision.toString(),
        };
        recorded.set(vesselId, [...(recorded.get(vesselId) ?? []), row]);
        break;
      }
      case 'CertificateExpired': {
        // The certificate that expired is the vessel's newest before this event (the decider only
        // expires that one): one recorded in this batch if there is one, else the stored newest.
        const { vesselId, expiredOn } = event.data;
        const newest = (recorded.get(vesselId) ?? []).filter((r) => BigInt(r.stream_revision) < event.revision).at(-1);
        if (newest) newest.expired_on = expiredOn;
        else expiries.push({ vessel_id: vesselId, revision: event.revision.toString(), expired_on: expiredOn });
        break;
      }
      case 'VesselDeleted':
        // The files stay in the store (the log still names them); the lists no longer show them.
        deleted.add(event.data.vesselId);
        recorded.delete(event.data.vesselId);
        for (let i = expiries.length - 1; i >= 0; i--) if (expiries[i].vessel_id === event.data.vesselId) expiries.splice(i, 1);
        break;
    }
  }
  if (deleted.size > 0) await trx.deleteFrom('certificates').where('vessel_id', 'in', [...deleted]).execute();
  await writeRows(trx, 'certificates', [...recorded.values()].flat(), { key: 'id', update: 'nothing' });
  if (expiries.length > 0) {
    await sql`
      UPDATE certificates c SET expired_on = e.expired_on::date
        FROM jsonb_to_recordset(${JSON.stringify(expiries)}::jsonb) AS e(vessel_id uuid, revision bigint, expired_on text)
       WHERE c.id = (SELECT n.id FROM certificates n
                      WHERE n.vessel_id = e.vessel_id AND n.stream_revision < e.revision
                      ORDER BY n.stream_revision DESC LIMIT 1)`.execute(trx);
  }
}

/** The certificates of every vessel, newest first: the history list and the certificates page. */
export const certificatesProjection = defineProjection({
  name: 'certificates',
  eventTypes: CERTIFICATE_EVENT_TYPES,
  tables: ['certificates'],
  apply: applyCertificates,
});
