/**
 * Cost per event (issue 14), what this read model may write: the vessel's one row, for a creation,
 * an edit (any field: the list shows them all), a certificate, a deletion. A batch of events is
 * folded per vessel first, so a vessel edited many times in a batch is written once, and each kind
 * of change is one statement for every vessel of the batch.
 */
import { medicalProfileOf, type VesselDetails } from '@medchest/domain';
import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import type { VesselsTable } from './migration';
import { defineProjection, orNull, type EventOfType, type ProjectedEvent } from '../projection';
import { updateRows, writeRows } from '../sql';

export const VESSEL_EVENT_TYPES = ['VesselCreated', 'VesselUpdated', 'VesselDeleted', 'CertificateRecorded', 'CertificateExpired'] as const;
type VesselProjectedEvent = EventOfType<(typeof VESSEL_EVENT_TYPES)[number]>;

/** What a batch of vessel events leaves behind for one vessel. */
export type VesselOutcome =
  | {
      kind: 'live';
      details: VesselDetails;
      /** Set when the batch holds the vessel's creation; otherwise the row's created_at stays. */
      createdAt: string | undefined;
      updatedAt: string;
    }
  | { kind: 'deleted' };

type DetailEvent = Exclude<VesselProjectedEvent, { type: 'CertificateRecorded' | 'CertificateExpired' }>;
const isDetailEvent = (e: ProjectedEvent): e is DetailEvent =>
  e.type === 'VesselCreated' || e.type === 'VesselUpdated' || e.type === 'VesselDeleted';

/**
 * Fold a batch (in log order) to one outcome per vessel, so the batch costs a few multi-row
 * statements instead of one statement per event. Pure: shared with the fleet compliance model.
 */
export function foldVesselEvents(events: readonly ProjectedEvent[]): Map<string, VesselOutcome> {
  const outcomes = new Map<string, VesselOutcome>();
  for (const event of events) {
    if (!isDetailEvent(event)) continue;
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'VesselCreated':
        outcomes.set(event.data.vesselId, { kind: 'live', details: event.data.details, createdAt: at, updatedAt: at });
        break;
      case 'VesselUpdated': {
        const before = outcomes.get(event.data.vesselId);
        const createdAt = before?.kind === 'live' ? before.createdAt : undefined;
        outcomes.set(event.data.vesselId, { kind: 'live', details: event.data.details, createdAt, updatedAt: at });
        break;
      }
      case 'VesselDeleted':
        outcomes.set(event.data.vesselId, { kind: 'deleted' });
        break;
    }
  }
  return outcomes;
}

/** The certificate on record for each vessel after a batch: the last one recorded wins. */
export function latestCertificates(events: readonly ProjectedEvent[]) {
  const certificates = new Map<string, { expiryDate: string; certificateIssuer: string; sha256: string | null }>();
  for (const event of events) {
    if (event.type !== 'CertificateRecorded') continue;
    const { vesselId, expiryDate, certificateIssuer, file } = event.data;
    certificates.set(vesselId, { expiryDate, certificateIssuer, sha256: file?.sha256 ?? null });
  }
  return certificates;
}

/**
 * The medical profile columns (issue 3). The runner takes events of the current version as stored,
 * without re-parsing them, so a VesselCreated/VesselUpdated recorded before the profile existed
 * arrives without these fields: medicalProfileOf reads them as the defaults, as parseEvent does.
 */
function medicalProfileColumns(details: VesselDetails) {
  const profile = medicalProfileOf(details);
  return {
    medical_category: profile.category,
    women_on_board: profile.womenOnBoard,
    carries_dangerous_goods: profile.carriesDangerousGoods,
  };
}

/** The columns the vessel form fills (spec 000 §5, and the medical profile); certificate and review columns belong to later events. */
export function vesselDetailColumns(details: VesselDetails) {
  return {
    vessel_name: details.vesselName,
    imo_number: details.imoNumber,
    flag_state: details.flagState,
    crew_size_category: details.crewSizeCategory,
    contact_name: orNull(details.contactName),
    contact_phone: orNull(details.contactPhone),
    contact_email: orNull(details.contactEmail),
    fleet: orNull(details.fleet),
    vessel_type: orNull(details.vesselType),
    ownership_company: orNull(details.ownershipCompany),
    ownership_contact_email: orNull(details.ownershipContactEmail),
    onboarding_date: orNull(details.onboardingDate),
    contract_end_date: orNull(details.contractEndDate),
    ...medicalProfileColumns(details),
  };
}

const DETAIL_COLUMNS = Object.keys(vesselDetailColumns({} as VesselDetails)) as (keyof ReturnType<
  typeof vesselDetailColumns
>)[];

async function applyVessels(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const outcomes = foldVesselEvents(events);
  const deleted: string[] = [];
  const created: Insertable<VesselsTable>[] = [];
  const updated: Insertable<VesselsTable>[] = [];
  for (const [id, outcome] of outcomes) {
    if (outcome.kind === 'deleted') {
      deleted.push(id);
      continue;
    }
    const row = {
      id,
      ...vesselDetailColumns(outcome.details),
      // An edit of a vessel the table does not hold cannot happen in a valid log; should it, the
      // row still appears, dated by the edit.
      created_at: outcome.createdAt ?? outcome.updatedAt,
      updated_at: outcome.updatedAt,
    };
    (outcome.createdAt ? created : updated).push(row);
  }
  if (deleted.length > 0) await trx.deleteFrom('vessels').where('id', 'in', deleted).execute();
  await writeRows(trx, 'vessels', created, { key: 'id', update: [...DETAIL_COLUMNS, 'created_at', 'updated_at'] });
  await writeRows(trx, 'vessels', updated, { key: 'id', update: [...DETAIL_COLUMNS, 'updated_at'] });
  // The latest certificate of each vessel, in one UPDATE after the rows exist. A vessel deleted in
  // this batch matches no row, so its certificate leaves nothing behind.
  await updateRows(
    trx,
    'vessels',
    [...latestCertificates(events)].map(([id, certificate]) => ({
      id,
      medical_chest_certificate_expiry: certificate.expiryDate,
      certificate_expiry: certificate.expiryDate,
      certificate_issuer: certificate.certificateIssuer,
      medical_chest_certificate_path: certificate.sha256 && `certificates/${certificate.sha256}`,
    })),
    'id',
  );
}

/** The vessel list and detail: one row per live vessel. */
export const vesselsProjection = defineProjection({
  name: 'vessels',
  eventTypes: VESSEL_EVENT_TYPES,
  tables: ['vessels'],
  deferredIndexes: ['vessels_name_idx', 'vessels_imo_idx', 'vessels_fleet_idx'],
  apply: applyVessels,
});
