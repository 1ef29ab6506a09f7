import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, orNull, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
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
  // Most edits touch contact details, not these columns: then the row is left as it is.
  await writeRows(trx, 'fleet_compliance', live, { key: 'id', update: DETAIL_COLUMNS, onlyIfChanged: true });
  for (const [id, certificate] of latestCertificates(events)) {
    await trx
      .updateTable('fleet_compliance')
      .set({ medical_chest_certificate_expiry: certificate.expiryDate })
      .where('id', '=', id)
      .execute();
  }
}

/** The dashboard's Fleet Compliance Status list and the Compliant Vessels count. */
export const fleetComplianceProjection = defineProjection({
  name: 'fleet-compliance',
  eventTypes: VESSEL_EVENT_TYPES,
  tables: ['fleet_compliance'],
  apply: applyFleetCompliance,
});
