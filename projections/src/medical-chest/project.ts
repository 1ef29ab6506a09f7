/**
 * Cost per event (issue 14), what this read model may write:
 * - a vessel created: its chest row only (a chest that never had a batch stores no requirement
 *   rows: they are its scale's empty chest for its profile, made in memory by the reads);
 * - a vessel edited: nothing unless its profile (crew, category, women on board, dangerous goods)
 *   moved; then its chest row, and for a stocked chest the requirement rows that changed, in one
 *   statement; the same for a scale assigned (the flag state does not enter the rules);
 * - an inventory event: its batch row, its item's requirement row (when it changed) and the
 *   vessel's figures (one chest row per vessel per batch of events), moved by the item's
 *   difference; a vessel's first batch stores its rows (once in its life); the whole chest is
 *   evaluated again only when the stored evaluation no longer holds for the day, or the vessel has
 *   batches its scale does not list;
 * - all of it in a few statements per batch of events, whatever the number of vessels, each
 *   reading or deleting by key (the keys travel as arrays, whose row count PostgreSQL knows: a
 *   JSON recordset it guesses at 100 rows, and it once hashed all the fleet's batches for the few
 *   items of one vessel, a cost that grew with the fleet).
 */
import { isoToday, medicalProfileOf, SHIPPED_SCALE_METADATA, type DomainEventType } from '@medchest/domain';
import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { applyInventoryBatches } from '../inventory-batches/project';
import { defineProjection, type Projection, type ProjectedEvent } from '../projection';
import { updateRows, writeRows } from '../sql';
import { foldVesselEvents } from '../vessels/project';
import { canStoreItemChanges, evaluateAndStore, loadScales, scaleOf, storeItemChanges } from './evaluate';
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

  // The last assignment of each vessel in the batch, in one statement.
  const assigned = new Map<string, string | null>();
  for (const event of events) {
    if (event.type === 'VesselScaleAssigned') assigned.set(event.data.vesselId, storedScaleId(event.data.scaleId));
  }
  await updateRows(trx, 'chest_vessels', [...assigned].map(([vessel_id, scale_id]) => ({ vessel_id, scale_id })), 'vessel_id');
  for (const vesselId of assigned.keys()) changed.add(vesselId);
  return changed;
}

export interface MedicalChestProjectionOptions {
  /** The day evaluations are made for (YYYY-MM-DD); the UTC day of the wall clock by default. */
  today?: () => string;
}

/** The items each vessel's inventory events touched in this batch, and the vessels given a batch. */
function changedItems(events: readonly ProjectedEvent[], deletedVessels: ReadonlySet<string>) {
  const items = new Map<string, Set<string>>();
  const stocked = new Set<string>();
  for (const event of events) {
    if (event.type !== 'BatchAdded' && event.type !== 'BatchAdjusted' && event.type !== 'BatchUsageRecorded' && event.type !== 'BatchRemoved') continue;
    const { vesselId, scaleId } = event.data;
    if (deletedVessels.has(vesselId)) continue;
    let set = items.get(vesselId);
    if (!set) items.set(vesselId, (set = new Set()));
    set.add(scaleId);
    if (event.type === 'BatchAdded') stocked.add(vesselId);
  }
  return { items, stocked };
}

/**
 * The medical chest: batches, profiles, scales, and each vessel's evaluation (its status, figures
 * and volume requirement rows) for today, kept up to date as events touch the vessel.
 */
export function createMedicalChestProjection(options: MedicalChestProjectionOptions = {}): Projection {
  const today = options.today ?? (() => isoToday());
  return defineProjection({
    name: 'medical-chest',
    eventTypes: MEDICAL_CHEST_EVENT_TYPES,
    tables: ['inventory_batches', 'scales', 'chest_vessels', 'volume_requirements'],
    // inventory_batches_vessel_idx stays: the handler reads a vessel's (or an item's) batches by it.
    deferredIndexes: ['chest_vessels_next_change_idx', 'chest_vessels_evaluated_idx'],
    async apply(trx, events) {
      const day = today();
      await applyScales(trx, events);
      // Vessels whose every item may have moved: new, profile changed, scale assigned.
      const whole = await applyProfiles(trx, events, day);
      const { deletedVessels } = await applyInventoryBatches(trx, events);
      const { items, stocked } = changedItems(events, deletedVessels);
      if (items.size > 0) {
        // The others: only the items their inventory events touched, where that is the same as a
        // whole evaluation (storeItemChanges says when); a first batch stores the vessel's rows.
        const candidates = [...items.keys()].filter((id) => !whole.has(id));
        const vessels = candidates.length > 0 ? await trx.selectFrom('chest_vessels').selectAll().where('vessel_id', 'in', candidates).execute() : [];
        const scales = await loadScales(trx, [...new Set(vessels.map((v) => v.scale_id)), null]);
        const itemWise = vessels.filter((v) => canStoreItemChanges(v, scaleOf(scales, v), items.get(v.vessel_id)!, day));
        const itemWiseIds = new Set(itemWise.map((v) => v.vessel_id));
        for (const v of vessels) if (!itemWiseIds.has(v.vessel_id)) whole.add(v.vessel_id);
        await storeItemChanges(trx, itemWise, items, scales, day);
      }
      await evaluateAndStore(trx, [...whole], day, stocked);
    },
  });
}

export const medicalChestProjection = createMedicalChestProjection();
