/**
 * Cost per event (issue 14), what this read model may write: the vessel's one row, and only when an
 * event changes a column the dashboard's list shows (name, IMO, flag, crew, fleet, company,
 * certificate expiry): most edits are contact details and write nothing. Folded per vessel per
 * batch of events, one statement per kind of change. The compliance status is the medical chest's.
 */
import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, orNull, type ProjectedEvent } from '../projection';
import { updateRows, writeRows } from '../sql';
import { foldVesselEvents, latestCertificates, VESSEL_EVENT_TYPES } from '../vessels/project';
import type { FleetComplianceTable } from './migration';

/** Columns that follow the vessel's details; the compliance status is the medical chest's (chest_vessels). */
const DETAIL_COLUMNS = ['vessel_name', 'imo_number', 'flag_state', 'crew_size_category', 'fleet', 'ownership_company'] as const;

async function applyFleetCompliance(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const deleted: string[] = [];
  const live: Insertable<FleetComplianceTable>[] = [];
  for (const [id, outcome] of foldVesselEvents(events)) {
    if (outcome.kind === 'deleted') {
      deleted.push(id);
      continue;
    }
    const d = outcome.details;
    live.push({
      id,
      vessel_name: d.vesselName,
      imo_number: d.imoNumber,
      flag_state: d.flagState,
      crew_size_category: d.crewSizeCategory,
      fleet: orNull(d.fleet),
      ownership_company: orNull(d.ownershipCompany),
    });
  }
  if (deleted.length > 0) await trx.deleteFrom('fleet_compliance').where('id', 'in', deleted).execute();
  // Most edits touch contact details, not these columns: then the row is left as it is, and not
  // even proposed (its item texts, generated columns, would be computed for it all the same).
  await writeRows(trx, 'fleet_compliance', live, { key: 'id', update: DETAIL_COLUMNS, onlyIfChanged: 'lookUpFirst' });
  await updateRows(
    trx,
    'fleet_compliance',
    [...latestCertificates(events)].map(([id, certificate]) => ({ id, medical_chest_certificate_expiry: certificate.expiryDate })),
    'id',
  );
}

/** The dashboard's Fleet Compliance Status list and the Compliant Vessels count. */
export const fleetComplianceProjection = defineProjection({
  name: 'fleet-compliance',
  eventTypes: VESSEL_EVENT_TYPES,
  tables: ['fleet_compliance'],
  deferredIndexes: ['fleet_compliance_name_idx', 'fleet_compliance_fleet_idx'],
  apply: applyFleetCompliance,
});
