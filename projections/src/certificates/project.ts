import type { Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, type ProjectedEvent } from '../projection';

export const CERTIFICATE_EVENT_TYPES = ['CertificateRecorded', 'CertificateExpired', 'VesselDeleted'] as const;

async function applyCertificates(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  for (const event of events) {
    switch (event.type) {
      case 'CertificateRecorded': {
        const { vesselId, vesselName, expiryDate, issueDate, certificateIssuer, file } = event.data;
        // Keyed by the event id: a replay writes the same row again.
        await trx
          .insertInto('certificates')
          .values({
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
            stream_revision: event.revision,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        break;
      }
      case 'CertificateExpired': {
        // The certificate that expired is the vessel's newest (the decider only expires that one).
        const newest = await trx
          .selectFrom('certificates')
          .select('id')
          .where('vessel_id', '=', event.data.vesselId)
          .where('stream_revision', '<', String(event.revision))
          .orderBy('stream_revision', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (newest) await trx.updateTable('certificates').set({ expired_on: event.data.expiredOn }).where('id', '=', newest.id).execute();
        break;
      }
      case 'VesselDeleted':
        // The files stay in the store (the log still names them); the lists no longer show them.
        await trx.deleteFrom('certificates').where('vessel_id', '=', event.data.vesselId).execute();
        break;
    }
  }
}

/** The certificates of every vessel, newest first: the history list and the certificates page. */
export const certificatesProjection = defineProjection({
  name: 'certificates',
  eventTypes: CERTIFICATE_EVENT_TYPES,
  tables: ['certificates'],
  apply: applyCertificates,
});
