import {
  evaluateItem,
  isAssessed,
  MEDICAL_CATEGORIES,
  nextStandingChange,
  volumeRequirementRow,
  vesselStatusOfCounts,
  type ChestBatch,
  type MedicalCategory,
  type Scale,
  type ScaleItem,
  type VesselMedicalProfile,
  type VesselStatus,
  type VolumeRequirementRow,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { hash } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { copyRows } from '../copy';
import type { ReadModelDb } from '../db';
import { rowsAreNew, updateRows, writeRows } from '../sql';
import type { ChestVesselsTable, VolumeRequirementsTable } from './migration';

/**
 * A vessel's chest evaluated for one day: every rule is the domain's (evaluateItem, the row shape,
 * nextStandingChange, vesselStatusOfCounts); this module only reads the inputs from the tables and
 * writes the results back (the writers) or hands them to a read (chestsOn, nothing stored).
 *
 * The vessel's figures are sums over its items (and over its batches the scale does not list), so
 * each stored row keeps its item's share: a change of one item is written as that item's row and
 * the vessel's figures moved by the difference (storeItemChanges), a change of what every item
 * depends on (the profile, the scale, a day that came) re-evaluates the whole chest (evaluateAndStoreRows).
 */

export type ScaleItems = Pick<Scale, 'items'>;

/** One item of a chest on a day: its row, and its share of the vessel's figures. */
export interface ItemEvaluation {
  row: VolumeRequirementRow;
  /** Its batches with a quantity above zero, expired or not. */
  onBoard: number;
  /** Its counted batches expiring within 60 days (they count toward the vessel only when the item is assessed). */
  expiring: number;
  /** The first day after the evaluation's day on which the row changes with no event (null: never). */
  nextChange: string | null;
  /** The row's JSON text (rowText): its term of the digest, and what it stores for the answer (row_json). */
  text: string;
}

/** What a vessel's batches the scale does not list add to its figures. */
export interface UnmatchedBatches {
  count: number;
  onBoard: number;
  nextChange: string | null;
}

/** What one vessel's evaluation leaves in the read models. */
export interface ChestEvaluation {
  status: VesselStatus;
  criticalItems: number;
  lowStockItems: number;
  expiringBatches: number;
  batchesOnBoard: number;
  rows: VolumeRequirementRow[];
  /** The evaluation holds from `today` until the day before this one (null: until the next event). */
  nextChangeOn: string | null;
  /** rowsDigest(rows). */
  digest: string;
  items: ItemEvaluation[];
  unmatched: UnmatchedBatches;
}

/** Pure: one item of a chest on `today` from its batches. */
export function evaluateItemRow(item: ScaleItem, profile: VesselMedicalProfile, batches: readonly ChestBatch[], today: string): ItemEvaluation {
  const compliance = evaluateItem(item, profile, batches, today);
  let onBoard = 0;
  for (const b of batches) if (b.quantity > 0) onBoard++;
  const row = volumeRequirementRow(compliance);
  return { row, onBoard, expiring: compliance.expiringSoonBatches.length, nextChange: nextStandingChange(batches, today), text: rowText(row) };
}

const earlier = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a <= b ? a : b);

/** The vessel's figures from its items' shares. */
export function chestFigures(items: readonly Pick<ItemEvaluation, 'row' | 'onBoard' | 'expiring' | 'nextChange'>[], unmatched: UnmatchedBatches) {
  let criticalItems = 0;
  let lowStockItems = 0;
  let expiringBatches = 0;
  let batchesOnBoard = unmatched.onBoard;
  let nextChangeOn = unmatched.nextChange;
  for (const item of items) {
    const share = shareOf(item.row.complianceStatus, item.expiring);
    criticalItems += share.critical;
    lowStockItems += share.low;
    expiringBatches += share.expiring;
    batchesOnBoard += item.onBoard;
    nextChangeOn = earlier(nextChangeOn, item.nextChange);
  }
  return { status: vesselStatusOfCounts({ criticalItems, lowStockItems, expiringBatches }), criticalItems, lowStockItems, expiringBatches, batchesOnBoard, nextChangeOn };
}

/** One item's part in its vessel's counts, from its row's status and its expiring batches. */
function shareOf(status: string, expiring: number) {
  return { critical: status === 'critical' ? 1 : 0, low: status === 'low_stock' ? 1 : 0, expiring: isAssessed(status) ? expiring : 0 };
}

/** Pure: one vessel's chest on `today`. */
export function evaluateVesselChest(scale: ScaleItems, profile: VesselMedicalProfile, batches: readonly ChestBatch[], today: string): ChestEvaluation {
  const byItem = new Map<string, ChestBatch[]>();
  for (const item of scale.items) byItem.set(item.id, []);
  const unmatchedBatches: ChestBatch[] = [];
  for (const batch of batches) (byItem.get(batch.scaleId) ?? unmatchedBatches).push(batch);
  const items = scale.items.map((item) => evaluateItemRow(item, profile, byItem.get(item.id)!, today));
  const unmatched: UnmatchedBatches = {
    count: unmatchedBatches.length,
    onBoard: unmatchedBatches.filter((b) => b.quantity > 0).length,
    nextChange: nextStandingChange(unmatchedBatches, today),
  };
  return { ...chestFigures(items, unmatched), rows: items.map((i) => i.row), digest: textsDigest(items.map((i) => i.text)), items, unmatched };
}

/**
 * The chest of a vessel with no batch, by scale and profile: the same for every such vessel and
 * every day (nothing can expire), so made once per process and kept (by the scale's object: an
 * imported scale read again is a new object, and is evaluated again).
 */
const emptyChests = new WeakMap<ScaleItems, Map<string, ChestEvaluation>>();
export function emptyChest(scale: ScaleItems, profile: VesselMedicalProfile): ChestEvaluation {
  let byProfile = emptyChests.get(scale);
  if (!byProfile) emptyChests.set(scale, (byProfile = new Map()));
  const key = `${profile.category}|${profile.crewSize}|${profile.womenOnBoard}|${profile.carriesDangerousGoods}`;
  let chest = byProfile.get(key);
  // The day does not matter without batches: any will do.
  if (!chest) byProfile.set(key, (chest = evaluateVesselChest(scale, profile, [], '2000-01-01')));
  return chest;
}

/** Each item's position in its scale, by id (kept per scale object). */
const positions = new WeakMap<ScaleItems, Map<string, number>>();
export function itemPositions(scale: ScaleItems): Map<string, number> {
  let byId = positions.get(scale);
  if (!byId) positions.set(scale, (byId = new Map(scale.items.map((item, i) => [item.id, i]))));
  return byId;
}

const asCategory = (value: string): MedicalCategory =>
  (MEDICAL_CATEGORIES as readonly string[]).includes(value) ? (value as MedicalCategory) : 'A';

export function profileOfRow(row: Pick<Selectable<ChestVesselsTable>, 'crew_size' | 'medical_category' | 'women_on_board' | 'carries_dangerous_goods'>): VesselMedicalProfile {
  return {
    category: asCategory(row.medical_category),
    crewSize: row.crew_size,
    womenOnBoard: row.women_on_board,
    carriesDangerousGoods: row.carries_dangerous_goods,
  };
}

/** The scales named (null: the shipped one), by id, read once per call. Unknown ids are left out. */
export async function loadScales(db: Kysely<ReadModelDb>, scaleIds: readonly (string | null)[]): Promise<Map<string | null, ScaleItems>> {
  const scales = new Map<string | null, ScaleItems>();
  if (scaleIds.includes(null)) scales.set(null, loadShippedScale());
  const imported = [...new Set(scaleIds.filter((id): id is string => id !== null))];
  if (imported.length > 0) {
    const rows = await db.selectFrom('scales').select(['id', 'items']).where('id', 'in', imported).execute();
    for (const row of rows) scales.set(row.id, { items: row.items as ScaleItem[] });
  }
  return scales;
}

/** The scale a chest row follows: its assigned one, or the shipped one when that is unknown. */
export const scaleOf = (scales: Map<string | null, ScaleItems>, vessel: Pick<Selectable<ChestVesselsTable>, 'scale_id'>): ScaleItems =>
  scales.get(vessel.scale_id) ?? scales.get(null)!;

/** The batches of these vessels as the compliance rules read them, by vessel. */
export async function loadChestBatches(db: Kysely<ReadModelDb>, vesselIds: readonly string[]): Promise<Map<string, ChestBatch[]>> {
  const byVessel = new Map<string, ChestBatch[]>(vesselIds.map((id) => [id, []]));
  if (vesselIds.length === 0) return byVessel;
  const rows = await db
    .selectFrom('inventory_batches')
    .select(['vessel_id', 'scale_id', 'quantity_on_board', 'expiry_date'])
    .where('vessel_id', 'in', vesselIds)
    .execute();
  for (const row of rows) byVessel.get(row.vessel_id)?.push({ scaleId: row.scale_id, quantity: row.quantity_on_board, expiryDate: row.expiry_date });
  return byVessel;
}

/** The columns of a chest row a whole evaluation reads: the rest it makes anew. */
export const CHEST_INPUT_COLUMNS = ['vessel_id', 'crew_size', 'medical_category', 'women_on_board', 'carries_dangerous_goods', 'scale_id', 'rows_stored'] as const;
export type ChestInput = Pick<Selectable<ChestVesselsTable>, (typeof CHEST_INPUT_COLUMNS)[number]>;

/** One live vessel's chest row (stored, or as it is to be stored) with its evaluation for a day. */
export interface EvaluatedChest<V extends ChestInput = Selectable<ChestVesselsTable>> {
  vessel: V;
  evaluation: ChestEvaluation;
}

/**
 * Evaluate these chest rows on `today` in memory: nothing is written. The rows are in the
 * caller's hand (read by it, or made by the projection from the events of its batch: a new
 * vessel's, a profile or scale just changed), so no row is read twice; their batches and scales
 * are read from the tables as they stand (inside the caller's transaction when there is one). A
 * vessel whose assigned scale is unknown keeps the shipped scale's rules. The one evaluation both
 * the writers (evaluateAndStoreRows) and the reads (chestsOn) use. `stocked`: vessels given their
 * first batch in the caller's transaction (their rows are not stored yet); `scales`: those
 * already loaded, if the caller has them.
 */
export async function evaluateRows<V extends ChestInput>(
  db: Kysely<ReadModelDb>,
  vessels: readonly V[],
  today: string,
  stocked: ReadonlySet<string> = new Set(),
  scales?: Map<string | null, ScaleItems>,
): Promise<EvaluatedChest<V>[]> {
  if (vessels.length === 0) return [];
  // A vessel without stored rows has never had a batch: nothing to read for it.
  const withBatches = vessels.filter((v) => v.rows_stored || stocked.has(v.vessel_id)).map((v) => v.vessel_id);
  const [known, batches] = await Promise.all([scales ?? loadScales(db, [...vessels.map((v) => v.scale_id), null]), loadChestBatches(db, withBatches)]);
  return vessels.map((vessel) => {
    const scale = scaleOf(known, vessel);
    const profile = profileOfRow(vessel);
    const own = batches.get(vessel.vessel_id);
    return { vessel, evaluation: own && own.length > 0 ? evaluateVesselChest(scale, profile, own, today) : emptyChest(scale, profile) };
  });
}

/** The vessel's figures as chest_vessels columns. */
function summaryColumns(vesselId: string, figures: ReturnType<typeof chestFigures>, today: string, digest: string, unmatched: number, rowsStored: boolean) {
  return {
    vessel_id: vesselId,
    status: figures.status,
    critical_items: figures.criticalItems,
    low_stock_items: figures.lowStockItems,
    expiring_batches: figures.expiringBatches,
    batches_on_board: figures.batchesOnBoard,
    evaluated_on: today,
    next_change_on: figures.nextChangeOn,
    rows_digest: digest,
    rows_stored: rowsStored,
    unmatched_batches: unmatched,
  } satisfies Partial<Insertable<ChestVesselsTable>>;
}

/** Every column of chest_vessels but its key: a whole evaluation writes the whole row. */
const CHEST_COLUMNS = [
  'crew_size',
  'medical_category',
  'women_on_board',
  'carries_dangerous_goods',
  'scale_id',
  'status',
  'critical_items',
  'low_stock_items',
  'expiring_batches',
  'batches_on_board',
  'evaluated_on',
  'next_change_on',
  'rows_digest',
  'rows_stored',
  'unmatched_batches',
] as const satisfies readonly Exclude<keyof ChestVesselsTable, 'vessel_id'>[];

/**
 * Evaluate these chest rows on `today` in full and store the results: used when what every item
 * depends on moved (a new vessel, its profile or scale, its first batch, a day that came). The rows
 * are the caller's, as they are to be stored (the projection's may be new, or carry a profile or
 * scale the table does not hold yet): each is written once, whole, with its figures, in one
 * statement for all (an insert for a new vessel), never first with placeholders and then again.
 * Every such evaluation writes its row even if the figures read the same: a new row version is
 * how the reads (current.ts) know that what an evaluation reads has changed. `stocked`: vessels
 * given their first batch, whose requirement rows are stored from now on; those rows are written
 * only where they changed, in one statement.
 */
export async function evaluateAndStoreRows(
  db: Kysely<ReadModelDb>,
  vessels: readonly ChestInput[],
  today: string,
  stocked: ReadonlySet<string> = new Set(),
  scales?: Map<string | null, ScaleItems>,
): Promise<void> {
  const evaluated = await evaluateRows(db, vessels, today, stocked, scales);
  if (evaluated.length === 0) return;

  const chests: Insertable<ChestVesselsTable>[] = [];
  const rows: Insertable<VolumeRequirementsTable>[] = [];
  /** The rows of first stockings: the table holds none of these vessels' rows (rows_stored was false). */
  const firstRows: Insertable<VolumeRequirementsTable>[] = [];
  const counts: { vessel_id: string; n: number }[] = [];
  for (const { vessel, evaluation } of evaluated) {
    const stored = vessel.rows_stored || stocked.has(vessel.vessel_id);
    const summary = summaryColumns(vessel.vessel_id, evaluation, today, evaluation.digest, evaluation.unmatched.count, stored);
    // One literal of one shape (spreads of rows of mixed shapes cost more here and in the JSON).
    chests.push({
      vessel_id: summary.vessel_id,
      crew_size: vessel.crew_size,
      medical_category: vessel.medical_category,
      women_on_board: vessel.women_on_board,
      carries_dangerous_goods: vessel.carries_dangerous_goods,
      scale_id: vessel.scale_id,
      status: summary.status,
      critical_items: summary.critical_items,
      low_stock_items: summary.low_stock_items,
      expiring_batches: summary.expiring_batches,
      batches_on_board: summary.batches_on_board,
      evaluated_on: summary.evaluated_on,
      next_change_on: summary.next_change_on,
      rows_digest: summary.rows_digest,
      rows_stored: summary.rows_stored,
      unmatched_batches: summary.unmatched_batches,
    });
    // A vessel that never had a batch stores no rows: a new vessel or a crew change costs its chest row only.
    if (!stored) continue;
    const into = vessel.rows_stored ? rows : firstRows;
    evaluation.items.forEach((item, position) => into.push(requirementColumns(vessel.vessel_id, position, item)));
    // Rows past the scale's end can only be rows stored before: a first stocking has none to cut
    // (in a rebuild or a new fleet's catch-up, most whole evaluations).
    if (vessel.rows_stored) counts.push({ vessel_id: vessel.vessel_id, n: evaluation.items.length });
  }
  await writeRows(db, 'chest_vessels', chests, { key: 'vessel_id', update: CHEST_COLUMNS });
  // In a rebuild (rowsAreNew: each event handed over once, into tables that were empty) a first
  // stocking's rows are COPYed in, without a conflict clause: a vessel's rows are written only
  // once its chest row says rows_stored, in the same transaction, and deleted with it. Most of a
  // rebuild's requirement rows are first stockings' (the upsert was 5.4 of 52 s of PostgreSQL CPU
  // at 400k events). Elsewhere (a catch-up may be handed a batch again) they go with the others.
  if (firstRows.length > 0 && (await rowsAreNew(db, 'volume_requirements', firstRows, ['vessel_id', 'position']))) {
    await copyRows(db, 'volume_requirements', firstRows);
  } else {
    rows.push(...firstRows);
  }
  // One statement; rows as they were (a crew change moves only the items counted per ten of the
  // crew) are left untouched. Not skipped by the digest: it names the answer, and an item's share
  // of the figures may move while its row reads the same.
  await writeRequirementRows(db, rows);
  // A vessel moved to a shorter scale: its rows past the new end go.
  if (counts.length === 0) return;
  // Arrays, not a JSON recordset: with the number of rows known, each vessel is one index range.
  await sql`
    DELETE FROM volume_requirements v
    USING unnest(${counts.map((c) => c.vessel_id)}::text[], ${counts.map((c) => c.n)}::integer[]) AS r(vessel_id, n)
    WHERE v.vessel_id = r.vessel_id AND v.position >= r.n`.execute(db);
}

const REQUIREMENT_COLUMNS = [
  'scale_id',
  'scale_description',
  'section',
  'required_quantity',
  'required_unit',
  'requirement',
  'actual_quantity',
  'compliance_status',
  'expiring_soon',
  'batches_on_board',
  'expiring_batches',
  'next_change_on',
] as const;

/**
 * A requirement row as the reads read it back: every stored column but row_json, the answer's
 * text kept for the requirements read (0095), which they have no need to carry.
 */
export const REQUIREMENT_ROW_COLUMNS = ['vessel_id', 'position', ...REQUIREMENT_COLUMNS] as const;
export type StoredRequirementRow = Pick<Selectable<VolumeRequirementsTable>, (typeof REQUIREMENT_ROW_COLUMNS)[number]>;

/** What an item's stored row gives back for its change to be written: its share of the figures and its text. */
const STORED_ITEM_COLUMNS = ['vessel_id', 'position', 'compliance_status', 'batches_on_board', 'expiring_batches', 'next_change_on', 'row_json'] as const;

function writeRequirementRows(db: Kysely<ReadModelDb>, rows: readonly Insertable<VolumeRequirementsTable>[]) {
  return writeRows(db, 'volume_requirements', rows, { key: ['vessel_id', 'position'], update: [...REQUIREMENT_COLUMNS, 'row_json'], onlyIfChanged: true });
}

/**
 * Store what changed in some items of these vessels (a batch added, counted, used or removed),
 * when nothing else did: each item's row is evaluated again from its own batches, written if it
 * changed, and the vessel's figures and digest are moved by the difference between the item's old
 * row and its new one. This is exactly what a whole evaluation would store, provided the vessel's
 * stored evaluation holds for `today`, every item changed is in its scale and it has no batch the
 * scale does not list (canStoreItemChanges); the projection evaluates the others in full.
 */
export async function storeItemChanges(
  db: Kysely<ReadModelDb>,
  vessels: readonly Selectable<ChestVesselsTable>[],
  changedItems: ReadonlyMap<string, ReadonlySet<string>>,
  scales: Map<string | null, ScaleItems>,
  today: string,
): Promise<void> {
  if (vessels.length === 0) return;
  const pairs: { vessel_id: string; scale_id: string; position: number }[] = [];
  for (const vessel of vessels) {
    const at = itemPositions(scaleOf(scales, vessel));
    for (const scaleId of changedItems.get(vessel.vessel_id) ?? []) pairs.push({ vessel_id: vessel.vessel_id, scale_id: scaleId, position: at.get(scaleId)! });
  }
  // The pairs travel as arrays: PostgreSQL knows how many rows an unnest of them gives (it guesses
  // 100 for a JSON recordset, and then hashed the whole table rather than look a few pairs up).
  // The batches' index orders scale ids in the "C" collation: compared in it, so the index finds
  // the item (equality is the same in every deterministic collation). Each pair's batches are
  // looked up by themselves (a LATERAL subquery that OFFSET 0 keeps from being merged into a
  // join): as a join, a few thousand pairs (a rebuild's batch) made the planner sort the whole
  // table for a merge join, a cost per call that grew with the table (issue 14).
  const vesselIds = pairs.map((p) => p.vessel_id);
  const [batchRows, oldRows] = await Promise.all([
    sql<{ vessel_id: string; scale_id: string; quantity_on_board: number; expiry_date: string | null }>`
      SELECT p.vessel_id, p.scale_id, b.quantity_on_board, b.expiry_date
        FROM unnest(${vesselIds}::text[], ${pairs.map((p) => p.scale_id)}::text[]) AS p(vessel_id, scale_id)
        CROSS JOIN LATERAL (
          SELECT b.quantity_on_board, b.expiry_date FROM inventory_batches b
           WHERE b.vessel_id = p.vessel_id AND b.scale_id = p.scale_id COLLATE "C" OFFSET 0) b`.execute(db),
    sql<Pick<Selectable<VolumeRequirementsTable>, (typeof STORED_ITEM_COLUMNS)[number]>>`
      SELECT ${sql.join(STORED_ITEM_COLUMNS.map((c) => sql.ref(`r.${c}`)))} FROM unnest(${vesselIds}::text[], ${pairs.map((p) => p.position)}::integer[]) AS p(vessel_id, position)
        JOIN volume_requirements r ON r.vessel_id = p.vessel_id AND r.position = p.position`.execute(db),
  ]);
  const batchesOf = new Map<string, ChestBatch[]>();
  for (const b of batchRows.rows) {
    const key = `${b.vessel_id} ${b.scale_id}`;
    let list = batchesOf.get(key);
    if (!list) batchesOf.set(key, (list = []));
    list.push({ scaleId: b.scale_id, quantity: b.quantity_on_board, expiryDate: b.expiry_date });
  }
  const oldOf = new Map(oldRows.rows.map((r) => [`${r.vessel_id} ${r.position}`, r]));

  const rows: Insertable<VolumeRequirementsTable>[] = [];
  const summaries: ReturnType<typeof summaryColumns>[] = [];
  /** Vessels whose soonest change was an item's that moved later: their soonest is read again. */
  const recount: string[] = [];
  for (const vessel of vessels) {
    const scale = scaleOf(scales, vessel);
    const profile = profileOfRow(vessel);
    const at = itemPositions(scale);
    let { critical_items: criticalItems, low_stock_items: lowStockItems, expiring_batches: expiringBatches, batches_on_board: batchesOnBoard } = vessel;
    let nextChangeOn = vessel.next_change_on;
    let soonestLost = false;
    const digest = digestSum(vessel.rows_digest);
    for (const scaleId of changedItems.get(vessel.vessel_id) ?? []) {
      const position = at.get(scaleId)!;
      const before = oldOf.get(`${vessel.vessel_id} ${position}`);
      if (!before) throw new Error(`Volume requirement row ${position} of vessel ${vessel.vessel_id} is missing`);
      const after = evaluateItemRow(scale.items[position], profile, batchesOf.get(`${vessel.vessel_id} ${scaleId}`) ?? [], today);
      const was = shareOf(before.compliance_status, before.expiring_batches);
      const is = shareOf(after.row.complianceStatus, after.expiring);
      criticalItems += is.critical - was.critical;
      lowStockItems += is.low - was.low;
      expiringBatches += is.expiring - was.expiring;
      batchesOnBoard += after.onBoard - before.batches_on_board;
      const wasNext = before.next_change_on;
      if (wasNext !== null && wasNext === vessel.next_change_on && (after.nextChange === null || after.nextChange > wasNext)) soonestLost = true;
      nextChangeOn = earlier(nextChangeOn, after.nextChange);
      // The stored text is the one its term was made of when it was written.
      moveDigest(digest, rowHash(position, before.row_json), -1);
      moveDigest(digest, rowHash(position, after.text), 1);
      rows.push(requirementColumns(vessel.vessel_id, position, after));
    }
    const figures = {
      status: vesselStatusOfCounts({ criticalItems, lowStockItems, expiringBatches }),
      criticalItems,
      lowStockItems,
      expiringBatches,
      batchesOnBoard,
      nextChangeOn,
    };
    summaries.push(summaryColumns(vessel.vessel_id, figures, today, digestText(digest), vessel.unmatched_batches, true));
    if (soonestLost) recount.push(vessel.vessel_id);
  }
  await writeRequirementRows(db, rows);
  // An item that held the vessel's soonest change moved it later: the soonest of all its rows, as
  // just written (there are no unmatched batches on this path), set by the same write as the
  // figures rather than by a second update of the row.
  await updateRows(db, 'chest_vessels', summaries, 'vessel_id', {
    next_change_on:
      recount.length === 0
        ? sql`r.next_change_on`
        : sql`CASE WHEN t.vessel_id = ANY(${recount}::text[])
                   THEN (SELECT min(v.next_change_on) FROM volume_requirements v WHERE v.vessel_id = t.vessel_id)
                   ELSE r.next_change_on END`,
  });
}

/** Whether storeItemChanges may store these changed items of a vessel (else: evaluateAndStoreRows). */
export function canStoreItemChanges(vessel: Selectable<ChestVesselsTable>, scale: ScaleItems, scaleIds: Iterable<string>, today: string): boolean {
  if (!vessel.rows_stored || vessel.unmatched_batches > 0) return false;
  if (!(vessel.evaluated_on <= today && (vessel.next_change_on === null || today < vessel.next_change_on))) return false;
  const at = itemPositions(scale);
  for (const scaleId of scaleIds) if (!at.has(scaleId)) return false;
  return true;
}

function requirementColumns(vesselId: string, position: number, item: ItemEvaluation): Insertable<VolumeRequirementsTable> {
  const { row } = item;
  return {
    vessel_id: vesselId,
    position,
    scale_id: row.scaleId,
    scale_description: row.scaleDescription,
    section: row.section,
    required_quantity: row.requiredQuantity,
    required_unit: row.requiredUnit,
    requirement: row.requirement,
    actual_quantity: row.actualQuantity,
    compliance_status: row.complianceStatus,
    expiring_soon: row.expiringSoon,
    batches_on_board: item.onBoard,
    expiring_batches: item.expiring,
    next_change_on: item.nextChange,
    row_json: item.text,
  };
}

/**
 * A row's JSON text, as the answer (their array) writes it: digested, and stored as its row_json,
 * which the requirements read concatenates.
 */
export const rowText = (row: VolumeRequirementRow): string => JSON.stringify(row);

/**
 * One row's term of the digest: the sha256 of its position and its JSON text (rowText), as eight
 * 32-bit lanes. crypto.hash (node >= 20.12, so in the engines' range) gives createHash's bytes
 * without a Hash object per row.
 */
function rowHash(position: number, text: string): Uint32Array {
  const sha = hash('sha256', `${position}:${text}`, 'buffer');
  const lanes = new Uint32Array(8);
  for (let i = 0; i < 8; i++) lanes[i] = sha.readUInt32BE(i * 4);
  return lanes;
}

/** Add (sign 1) or take away (sign -1) a row's term, lane by lane modulo 2^32 (a Uint32Array wraps). */
function moveDigest(sum: Uint32Array, term: Uint32Array, sign: 1 | -1): void {
  for (let i = 0; i < 8; i++) sum[i] = sum[i] + sign * term[i];
}

const digestSum = (text: string): Uint32Array => {
  const lanes = new Uint32Array(8);
  if (text) for (let i = 0; i < 8; i++) lanes[i] = parseInt(text.slice(i * 8, i * 8 + 8), 16);
  return lanes;
};

const digestText = (sum: Uint32Array) => Array.from(sum, (lane) => lane.toString(16).padStart(8, '0')).join('');

/**
 * The digest of a volume requirements answer: the sum of a sha256 per row (of its position and its
 * JSON text), lane by lane (eight 32-bit lanes, each modulo 2^32). It names the answer's rows (the
 * answer is their JSON array, in order), and a sum can be moved by one row's difference without
 * reading the others. The stored rows read back through toVolumeRequirementRow give the very text
 * the evaluation's rows give (same keys in the same order, the same numbers), so a stored digest
 * names the answer a read makes.
 */
export function rowsDigest(rows: readonly VolumeRequirementRow[]): string {
  return textsDigest(rows.map(rowText));
}

/** rowsDigest of the rows with these texts (rowText), in order. */
function textsDigest(texts: readonly string[]): string {
  const sum = new Uint32Array(8);
  texts.forEach((text, position) => moveDigest(sum, rowHash(position, text), 1));
  return digestText(sum);
}

export function toVolumeRequirementRow(row: StoredRequirementRow): VolumeRequirementRow {
  return {
    scaleId: row.scale_id,
    scaleDescription: row.scale_description,
    section: row.section,
    requiredQuantity: row.required_quantity,
    requiredUnit: row.required_unit,
    requirement: row.requirement,
    actualQuantity: row.actual_quantity,
    complianceStatus: row.compliance_status as VolumeRequirementRow['complianceStatus'],
    expiringSoon: row.expiring_soon,
  };
}
