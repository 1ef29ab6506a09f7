/**
 * Cost per event (issue 14), what this read model may write:
 * - a vessel created: its chest row only, inserted once with its evaluation (a chest that never
 *   had a batch stores no requirement rows: they are its scale's empty chest for its profile, made
 *   in memory by the reads);
 * - a vessel edited: nothing unless its profile (crew, category, women on board, dangerous goods)
 *   moved; then one update of its chest row, and for a stocked chest the requirement rows that
 *   changed, in one statement; the same for a scale assigned (the flag state does not enter the
 *   rules);
 * - an inventory event: its batch row, its item's requirement row (when it changed) and the
 *   vessel's figures (one chest row per vessel per batch of events), moved by the item's
 *   difference; a vessel's first batch stores its rows (once in its life); the whole chest is
 *   evaluated again only when the stored evaluation no longer holds for the day, or the vessel has
 *   batches its scale does not list;
 * - each vessel's chest row is read at most once and written at most once per batch of events:
 *   the rows of every vessel the batch touches are read in one statement, the new profile and
 *   scale are applied to them in memory (a new vessel's row is made from its events), and each is
 *   evaluated and written with its final figures (whole evaluations in one upsert, item-wise ones
 *   in one update that also recounts a soonest change that moved later), never first with a
 *   profile or placeholder figures and then again (that was half the chest's row writes in the
 *   vessel-edits mix);
 * - all of it in a few statements per batch of events, whatever the number of vessels, each
 *   reading or deleting by key (the keys travel as arrays, whose row count PostgreSQL knows: a
 *   JSON recordset it guesses at 100 rows, and it once hashed all the fleet's batches for the few
 *   items of one vessel, a cost that grew with the fleet).
 */
import { isoToday, medicalProfileOf, SHIPPED_SCALE_METADATA, type DomainEventType } from '@medchest/domain';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { applyInventoryBatches } from '../inventory-batches/project';
import { defineProjection, type Projection, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
import { foldVesselEvents } from '../vessels/project';
import { CHEST_INPUT_COLUMNS, canStoreItemChanges, evaluateAndStoreRows, loadScales, scaleOf, storeItemChanges, type ChestInput } from './evaluate';
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
type Profile = Pick<Selectable<ChestVesselsTable>, (typeof PROFILE_COLUMNS)[number]>;

/** The chest row a whole evaluation starts from, as one literal of one shape. */
const chestInput = (vesselId: string, profile: Profile, scaleId: string | null, rowsStored: boolean): ChestInput => ({
  vessel_id: vesselId,
  crew_size: profile.crew_size,
  medical_category: profile.medical_category,
  women_on_board: profile.women_on_board,
  carries_dangerous_goods: profile.carries_dangerous_goods,
  scale_id: scaleId,
  rows_stored: rowsStored,
});

/** Whether a chest row was read with its stored figures (every row is, when the batch has inventory events). */
const isWholeRow = (row: ChestInput | Selectable<ChestVesselsTable>): row is Selectable<ChestVesselsTable> => 'rows_digest' in row;

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

/** What a batch of events leaves of the vessels' profiles and assigned scales. Pure. */
function foldProfiles(events: readonly ProjectedEvent[]) {
  /** The profile columns of each vessel live after the batch that a vessel event named. */
  const profiles = new Map<string, Profile>();
  const deleted: string[] = [];
  for (const [vesselId, outcome] of foldVesselEvents(events)) {
    if (outcome.kind === 'deleted') {
      deleted.push(vesselId);
      continue;
    }
    const profile = medicalProfileOf(outcome.details);
    profiles.set(vesselId, {
      crew_size: profile.crewSize,
      medical_category: profile.category,
      women_on_board: profile.womenOnBoard,
      carries_dangerous_goods: profile.carriesDangerousGoods,
    });
  }
  // The last assignment of each vessel in the batch (null: the shipped scale).
  const assigned = new Map<string, string | null>();
  for (const event of events) {
    if (event.type === 'VesselScaleAssigned') assigned.set(event.data.vesselId, storedScaleId(event.data.scaleId));
  }
  return { profiles, deleted, assigned };
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
      const { profiles, deleted, assigned } = foldProfiles(events);
      if (deleted.length > 0) {
        await trx.deleteFrom('volume_requirements').where('vessel_id', 'in', deleted).execute();
        await trx.deleteFrom('chest_vessels').where('vessel_id', 'in', deleted).execute();
      }
      const { deletedVessels } = await applyInventoryBatches(trx, events);
      const { items, stocked } = changedItems(events, deletedVessels);

      // The chest row of every vessel the batch touches, read once (a deleted one is gone): each
      // is then evaluated from the row in hand and written once, with its final figures. Only
      // the columns a whole evaluation reads, unless inventory events need the stored figures
      // (most batches of vessel edits are contact details: their rows are read for the profile).
      const touched = [...new Set([...profiles.keys(), ...assigned.keys(), ...items.keys()])];
      const read = trx.selectFrom('chest_vessels').where('vessel_id', 'in', touched);
      const rows: (ChestInput | Selectable<ChestVesselsTable>)[] =
        touched.length === 0 ? [] : items.size > 0 ? await read.selectAll().execute() : await read.select(CHEST_INPUT_COLUMNS).execute();
      const stored = new Map(rows.map((r) => [r.vessel_id, r]));
      /** Vessels whose every item may have moved (new, profile changed, scale assigned), as they are to be stored. */
      const whole: ChestInput[] = [];
      /** Vessels only some of whose items moved (inventory events). */
      const candidates: Selectable<ChestVesselsTable>[] = [];
      for (const vesselId of touched) {
        const row = stored.get(vesselId);
        const profile = profiles.get(vesselId);
        if (!row) {
          // New in this batch (an assignment or inventory event of a vessel with no row changes nothing).
          if (profile) whole.push(chestInput(vesselId, profile, assigned.get(vesselId) ?? null, false));
          continue;
        }
        // Most vessel edits are contact details: only vessels whose profile moved are evaluated
        // again (a fleet of 20,000 renamed vessels must not rewrite 3 million rows).
        const moved = profile !== undefined && PROFILE_COLUMNS.some((c) => row[c] !== profile[c]);
        if (moved || assigned.has(vesselId)) {
          whole.push(chestInput(vesselId, profile ?? row, assigned.has(vesselId) ? assigned.get(vesselId)! : row.scale_id, row.rows_stored));
        } else if (items.has(vesselId) && isWholeRow(row)) candidates.push(row);
      }
      const scales = await loadScales(trx, [...new Set([...whole, ...candidates].map((v) => v.scale_id)), null]);
      // The others: only the items their inventory events touched, where that is the same as a
      // whole evaluation (storeItemChanges says when); a first batch stores the vessel's rows.
      const itemWise: Selectable<ChestVesselsTable>[] = [];
      for (const v of candidates) (canStoreItemChanges(v, scaleOf(scales, v), items.get(v.vessel_id)!, day) ? itemWise : whole).push(v);
      await storeItemChanges(trx, itemWise, items, scales, day);
      await evaluateAndStoreRows(trx, whole, day, stocked, scales);
    },
  });
}

export const medicalChestProjection = createMedicalChestProjection();
