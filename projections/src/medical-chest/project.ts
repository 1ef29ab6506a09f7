import { isoToday, medicalProfileOf, SHIPPED_SCALE_METADATA, type DomainEventType } from '@medchest/domain';
import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { applyInventoryBatches, foldInventoryBatchEvents } from '../inventory-batches/project';
import { defineProjection, type Projection, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
import { foldVesselEvents } from '../vessels/project';
import { evaluateAndStore } from './evaluate';
import type { ChestVesselsTable, ScalesTable } from './migration';

export const MEDICAL_CHEST_EVENT_TYPES = [
  'VesselCreated',
  'VesselUpdated',
  'VesselDeleted',
  'BatchAdded',
  'BatchAdjusted',
  'BatchUsageRecorded',
  'BatchRemoved',
  'ScaleImported',
  'VesselScaleAssigned',
] as const satisfies readonly DomainEventType[];

/** The scale id stored for a vessel: null stands for the shipped scale, whichever id names it. */
export const storedScaleId = (scaleId: string): string | null => (scaleId === SHIPPED_SCALE_METADATA.id ? null : scaleId);

const PROFILE_COLUMNS = ['crew_size', 'medical_category', 'women_on_board', 'carries_dangerous_goods'] as const;

async function applyScales(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const rows: Insertable<ScalesTable>[] = [];
  for (const event of events) {
    if (event.type !== 'ScaleImported') continue;
    const d = event.data;
    rows.push({
      id: d.scaleId,
      name: d.name,
      source: d.source,
      effective_date: d.effectiveDate,
      item_count: d.itemCount,
      csv_sha256: d.csvSha256,
      imported_at: event.metadata.occurredAt,
      items: d.items,
    });
  }
  // A scale id is imported once (the command sees to it): replaying the event writes the same row.
  await writeRows(trx, 'scales', rows, { key: 'id', update: 'nothing' });
}

/**
 * The vessels' profiles (crew, category, flags) and assigned scales. Returns the vessels whose
 * requirements may have changed: created, profile changed, scale assigned.
 */
async function applyProfiles(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[], today: string): Promise<Set<string>> {
  const changed = new Set<string>();
  const deleted: string[] = [];
  const live: Insertable<ChestVesselsTable>[] = [];
  for (const [vesselId, outcome] of foldVesselEvents(events)) {
    if (outcome.kind === 'deleted') {
      deleted.push(vesselId);
      continue;
    }
    const profile = medicalProfileOf(outcome.details);
    live.push({
      vessel_id: vesselId,
      crew_size: profile.crewSize,
      medical_category: profile.category,
      women_on_board: profile.womenOnBoard,
      carries_dangerous_goods: profile.carriesDangerousGoods,
      scale_id: null,
      // Placeholders for a new row: the evaluation below replaces them in this transaction.
      status: 'Critical',
      critical_items: 0,
      low_stock_items: 0,
      expiring_batches: 0,
      batches_on_board: 0,
      evaluated_on: today,
      next_change_on: null,
      rows_digest: '',
    });
  }
  if (deleted.length > 0) {
    await trx.deleteFrom('volume_requirements').where('vessel_id', 'in', deleted).execute();
    await trx.deleteFrom('chest_vessels').where('vessel_id', 'in', deleted).execute();
  }
  if (live.length > 0) {
    // Most vessel edits are contact details: only vessels that are new or whose profile moved are
    // evaluated again (a fleet of 20,000 renamed vessels must not rewrite 3 million rows).
    const before = new Map(
      (await trx.selectFrom('chest_vessels').select(['vessel_id', ...PROFILE_COLUMNS]).where('vessel_id', 'in', live.map((r) => r.vessel_id)).execute()).map(
        (r) => [r.vessel_id, r],
      ),
    );
    const moved = live.filter((row) => {
      const old = before.get(row.vessel_id);
      return !old || PROFILE_COLUMNS.some((c) => old[c] !== row[c]);
    });
    await writeRows(trx, 'chest_vessels', moved, { key: 'vessel_id', update: PROFILE_COLUMNS });
    for (const row of moved) changed.add(row.vessel_id);
  }

  for (const event of events) {
    if (event.type !== 'VesselScaleAssigned') continue;
    const { vesselId, scaleId } = event.data;
    await trx.updateTable('chest_vessels').set({ scale_id: storedScaleId(scaleId) }).where('vessel_id', '=', vesselId).execute();
    changed.add(vesselId);
  }
  return changed;
}

export interface MedicalChestProjectionOptions {
  /** The day evaluations are made for (YYYY-MM-DD); the UTC day of the wall clock by default. */
  today?: () => string;
}

/**
 * The medical chest: batches, profiles, scales, and each vessel's evaluation (its status, figures
 * and volume requirement rows) for today, made again whenever an event touches the vessel.
 */
export function createMedicalChestProjection(options: MedicalChestProjectionOptions = {}): Projection {
  const today = options.today ?? (() => isoToday());
  return defineProjection({
    name: 'medical-chest',
    eventTypes: MEDICAL_CHEST_EVENT_TYPES,
    tables: ['inventory_batches', 'scales', 'chest_vessels', 'volume_requirements'],
    async apply(trx, events) {
      const day = today();
      await applyScales(trx, events);
      const touched = await applyProfiles(trx, events, day);
      await applyInventoryBatches(trx, events);
      const { batches, deletedVessels } = foldInventoryBatchEvents(events);
      for (const outcome of batches.values()) {
        const vesselId = outcome.kind === 'added' ? outcome.row.vessel_id : outcome.vesselId;
        if (!deletedVessels.has(vesselId)) touched.add(vesselId);
      }
      await evaluateAndStore(trx, [...touched], day);
    },
  });
}

export const medicalChestProjection = createMedicalChestProjection();
