import { requiredQuantity, type BulkImportItem, type Scale, type ScaleItem, type VesselMedicalProfile } from '@medchest/domain';
import { hasExpiryDate, isControlledDrug, seededRandom } from '../chests';
import { addDays, type DemoCertificate } from '../fleet';
import { at } from './clock';

/**
 * The demo fleet's past: for one demo vessel, about twelve months of what a fleet office records,
 * planned backwards from the chest the vessel has today (demoChest), so the year ends exactly
 * there. Pure and deterministic (a PRNG seeded by the IMO number): the runner (run.ts) enters the
 * steps through the product's own commands, each on its own business date.
 *
 * What a year holds, vessel by vessel:
 * - the vessel joins the fleet 366 to 372 days ago (in fleet order, over five days), with the
 *   certificate then in force, and its chest imported the same morning ('Demo chest');
 * - usage through the year (a few entries a month on the medicines and dated supplies in use), and
 *   on the items that are short today, the usage that made them so (Non-Compliant vessels were
 *   compliant when they joined);
 * - the controlled drugs counted for the register on the first of every month, and a stock-take of
 *   the medicines once a year (at the certificate inspection when it falls in the year), which
 *   finds a unit or two short on a couple of batches;
 * - the certificate renewed on its issue date when that falls in the year; on a few vessels the
 *   old one had lapsed some weeks before (expired, then renewed); certificates that are expired
 *   today expired on their day;
 * - on some vessels a batch due to expire replaced by an order (created, approved, sent to a
 *   supplier, acknowledged, delivered) before it expired, the expired one then landed ashore;
 * - one vessel (RECOVERED_VESSEL_IMO) let a medicine expire with nothing to replace it: Critical
 *   for a month around six months ago, until the order that replaced it was delivered.
 *
 * Batches that expired and were landed ashore stay on record at 0 (a disposal), as a user's would:
 * the product has no way to take a batch off the record. Everything on board today is exactly the
 * demo chest.
 */

/** How long ago the first demo vessel joined the fleet: "as of" any day of the past year works. */
export const HISTORY_DAYS = 372;
/** The joins are spread over this many days, in fleet order. */
const JOIN_SPREAD_DAYS = 5;

/**
 * The vessel whose chest went Critical about six months ago and recovered (North Atlantic Fleet,
 * Compliant today): Polar Navigator. Its medicine expired RECOVERED_EXPIRED_DAYS_AGO, and the
 * replacement was delivered RECOVERED_DELIVERED_DAYS_AGO.
 */
export const RECOVERED_VESSEL_IMO = '9188740';
export const RECOVERED_EXPIRED_DAYS_AGO = 200;
export const RECOVERED_DELIVERED_DAYS_AGO = 168;

/** A batch of the plan: a row of today's chest (its index in demoChest's rows), or one that left since. */
export type BatchRef = { final: number } | { old: number };
export const batchKey = (ref: BatchRef): string => ('final' in ref ? `final:${ref.final}` : `old:${ref.old}`);

export interface PlannedOrder {
  /** The order's place among this vessel's orders. */
  key: number;
  expiryThreshold: string;
  notes: string;
  supplierName: string;
  supplierEmail: string;
  /** One line per item; each is received as the row of today's chest it became (its number and expiry date). */
  lines: { scaleId: string; orderQuantity: number; unitCost: number; receivedAs: number; batchNumber: number; expiryDate?: string }[];
}

export type HistoryStep =
  | { kind: 'chestImported'; at: Date; rows: { batch: BatchRef; row: BulkImportItem }[] }
  | { kind: 'certificateRecorded'; at: Date; certificate: DemoCertificate }
  | { kind: 'certificateExpired'; at: Date }
  | { kind: 'usage'; at: Date; batch: BatchRef; quantityUsed: number; reason: string; crewMemberName: string; usageDate: string }
  | { kind: 'count'; at: Date; batch: BatchRef; quantityOnBoard: number; reason: 'count' | 'disposal'; note: string }
  | { kind: 'orderCreated' | 'orderApproved' | 'orderSent' | 'orderAcknowledged' | 'orderDelivered'; at: Date; order: PlannedOrder };

/** A count as planned: its figure is what is on board then (less what it finds short), filled in at the end. */
type DraftCount = { kind: 'count'; at: Date; batch: BatchRef; reason: 'count' | 'disposal'; note: string; short?: number };
type DraftStep = Exclude<HistoryStep, { kind: 'count' }> | DraftCount;

/** Steps that change the chest only: the runner enters a vessel's run of them in one go. */
export type ChestStep = Extract<HistoryStep, { kind: 'usage' | 'count' }>;
export const isChestStep = (step: HistoryStep): step is ChestStep => step.kind === 'usage' || step.kind === 'count';

export interface VesselHistoryPlan {
  imoNumber: string;
  /** When the vessel was added to the fleet (before any step). */
  joinedAt: Date;
  /** In time order, every one after joinedAt and before today. */
  steps: HistoryStep[];
}

export interface VesselHistoryInput {
  /** YYYY-MM-DD: the day the history ends on (the chest below is today's). */
  today: string;
  /** The vessel's place in the demo fleet (0-based). */
  index: number;
  fleetSize: number;
  imoNumber: string;
  crewSize: number;
  scale: Pick<Scale, 'items'>;
  profile: VesselMedicalProfile;
  /** Today's chest: the rows of demoChest, in order. */
  chest: readonly BulkImportItem[];
  /** Today's certificate, if the vessel has one. */
  certificate?: DemoCertificate;
  /** Whether a routine replacement order is part of this vessel's year. */
  resupplied: boolean;
}

/** Usage as the medical log records it: what for, and which crew member (by rank: no names in the log). */
const USAGE_REASONS = [
  'Treated in the ship’s hospital',
  'First aid after a minor injury on deck',
  'Minor injury in the engine room',
  'Minor injury in the galley',
  'Crew member unwell: see the medical log',
  'On radio medical advice (TMAS)',
  'Dressing changed',
  'Fever and sore throat',
];
const CREW_RANKS = ['Able Seaman', 'Ordinary Seaman', 'Bosun', 'Oiler', 'Fitter', 'Cook', 'Messman', 'Deck Cadet', 'Third Engineer', 'Second Officer'];
const SUPPLIERS = [
  { supplierName: 'Nordic Ship Medical Supply', supplierEmail: 'orders@nordic-shipmed.example' },
  { supplierName: 'Harbourside Marine Pharmacy', supplierEmail: 'sales@harbourside-pharmacy.example' },
  { supplierName: 'Seven Seas Medical Chests', supplierEmail: 'supply@sevenseas-medical.example' },
];

const REGISTER_NOTE = 'Controlled drugs register: monthly count';
const INSPECTION_NOTE = 'Annual inspection count';
const SHORT_NOTE = 'Annual inspection count: found short';
const DISPOSAL_NOTE = 'Expired: landed ashore for disposal';

interface Row {
  index: number;
  row: BulkImportItem;
  item: ScaleItem;
}


export function planVesselHistory(input: VesselHistoryInput): VesselHistoryPlan {
  const { today, index, imoNumber, scale, profile, chest } = input;
  const random = seededRandom(`demo-history:${imoNumber}`);
  const itemsById = new Map(scale.items.map((item) => [item.id, item]));
  const rows: Row[] = chest.map((row, i) => ({ index: i, row, item: itemsById.get(row.scaleId)! }));
  const required = (item: ScaleItem) => {
    const requirement = requiredQuantity(item, profile);
    return requirement.kind === 'required' ? requirement.amount : 0;
  };
  const countsToday = (row: BulkImportItem) => !row.expiryDate || row.expiryDate >= today;
  const rowsOf = new Map<string, Row[]>();
  for (const r of rows) rowsOf.set(r.item.id, [...(rowsOf.get(r.item.id) ?? []), r]);
  const countedToday = (id: string) => (rowsOf.get(id) ?? []).filter((r) => countsToday(r.row)).reduce((n, r) => n + r.row.quantityOnBoard, 0);

  const joinDay = addDays(today, -HISTORY_DAYS + Math.floor((index * JOIN_SPREAD_DAYS) / input.fleetSize));
  const joinedAt = at(joinDay, 6, index);
  const lastDay = addDays(today, -1);
  const steps: DraftStep[] = [];

  // Items in good supply today (enough counts, and not controlled): what usage, orders and the
  // stock-take's small shortfalls draw on. A delivered row is not used again: what arrived is on
  // board today as it came.
  const stocked = [...rowsOf.entries()]
    .filter(([id]) => {
      const item = itemsById.get(id)!;
      return required(item) > 0 && hasExpiryDate(item) && !isControlledDrug(id) && countedToday(id) >= required(item);
    })
    .map(([id]) => itemsById.get(id)!);

  // --- Orders: which rows of today's chest came with an order, and the batches they replaced.
  const delivered = new Set<number>();
  const old: BulkImportItem[] = [];
  /** Per row of today's chest, the units that left it during the year (used, found short). */
  const left = new Map<number, number>();
  const leaves = (row: number, quantity: number) => left.set(row, (left.get(row) ?? 0) + quantity);
  /** Replaced batches, landed ashore on the day given. */
  const landed: { old: number; day: string }[] = [];
  /** An item with one row today, in date for months yet: it can have come with an order. */
  const replaceable = stocked.filter((item) => {
    const own = rowsOf.get(item.id)!;
    return own.length === 1 && own[0].row.expiryDate !== undefined && own[0].row.expiryDate > addDays(today, 90);
  });
  const orders: { order: PlannedOrder; created: string; delivered: string; items: { final: Row; old: number; expired: string }[] }[] = [];
  const planOrder = (items: ScaleItem[], expiries: string[], created: string, deliveredDay: string, threshold: string, notes: string) => {
    const supplier = SUPPLIERS[(index + orders.length) % SUPPLIERS.length];
    const entries = items.map((item, i) => {
      const final = rowsOf.get(item.id)![0];
      delivered.add(final.index);
      // The batch it replaced: about the requirement, expiring on its day, number after today's.
      old.push({
        scaleId: item.id,
        batchNumber: final.row.batchNumber + 1,
        productName: final.row.productName,
        quantityOnBoard: required(item) + random.int(0, 2),
        expiryDate: expiries[i],
      });
      return { final, old: old.length - 1, expired: expiries[i] };
    });
    const order: PlannedOrder = {
      key: orders.length,
      expiryThreshold: threshold,
      notes,
      ...supplier,
      lines: entries.map(({ final }) => ({
        scaleId: final.item.id,
        orderQuantity: final.row.quantityOnBoard,
        unitCost: random.int(150, 8000) / 100,
        receivedAs: final.index,
        batchNumber: final.row.batchNumber,
        ...(final.row.expiryDate ? { expiryDate: final.row.expiryDate } : {}),
      })),
    };
    orders.push({ order, created, delivered: deliveredDay, items: entries });
  };

  if (imoNumber === RECOVERED_VESSEL_IMO) {
    // Its medicine expired with nothing to replace it: Critical until the order came.
    const item = random.pick(replaceable);
    const expired = addDays(today, -RECOVERED_EXPIRED_DAYS_AGO);
    planOrder(
      [item],
      [expired],
      addDays(expired, 3),
      addDays(today, -RECOVERED_DELIVERED_DAYS_AGO),
      addDays(expired, 33),
      `Urgent: ${item.id} expired on ${expired} with nothing to replace it; the chest is Critical until it is on board`,
    );
  } else if (input.resupplied && replaceable.length > 0) {
    const count = Math.min(replaceable.length, random.int(1, 2));
    const items = random.sample(replaceable, count);
    // Expiring well inside the year, so the replaced batches are landed ashore before today.
    const firstExpiry = addDays(joinDay, random.int(60, HISTORY_DAYS - 45));
    const expiries = items.map((_, i) => (i === 0 ? firstExpiry : addDays(firstExpiry, random.int(0, 20))));
    const deliveredDay = addDays(firstExpiry, -random.int(4, 15));
    planOrder(items, expiries, addDays(deliveredDay, -random.int(18, 28)), deliveredDay, addDays(firstExpiry, 1), 'Replacing batches that expire before the next port call');
  }
  for (const { order, created, delivered: deliveredDay, items } of orders) {
    steps.push({ kind: 'orderCreated', at: at(created, 10, 0), order });
    steps.push({ kind: 'orderApproved', at: at(addDays(created, 1), 9, 30), order });
    steps.push({ kind: 'orderSent', at: at(addDays(created, 1), 10, 0), order });
    steps.push({ kind: 'orderAcknowledged', at: at(addDays(created, 2), 14, 0), order });
    steps.push({ kind: 'orderDelivered', at: at(deliveredDay, 13, 0), order });
    for (const item of items) {
      // Landed ashore a few days after it expired (or after the delivery, whichever is later).
      const day = [addDays(item.expired, random.int(1, 6)), addDays(deliveredDay, 2)].sort()[1];
      landed.push({ old: item.old, day: day < lastDay ? day : lastDay });
    }
  }

  // --- Usage through the year on the items in use, and what made today's short items short.
  const usable = stocked.filter((item) => required(item) >= 4);
  const usageRow = (item: ScaleItem) => rowsOf.get(item.id)!.filter((r) => countsToday(r.row) && !delivered.has(r.index))[0];
  const used = new Map<number, number>();
  const usage: { day: string; row: Row; quantity: number }[] = [];
  for (let month = 0; month < 12; month++) {
    const first = addDays(joinDay, 3 + month * 30);
    const entries = random.int(1, 3) + (input.crewSize >= 25 ? 1 : 0);
    for (let n = 0; n < entries && usable.length > 0; n++) {
      const day = addDays(first, random.int(0, 29));
      if (day > lastDay) continue;
      const item = random.pick(usable);
      const row = usageRow(item);
      if (!row) continue;
      const quantity = random.int(1, Math.max(1, Math.min(6, Math.floor(required(item) / 4))));
      // Never more than about half of what is on board today went in the year.
      if ((used.get(row.index) ?? 0) + quantity > Math.max(2, Math.floor(row.row.quantityOnBoard * 0.6))) continue;
      used.set(row.index, (used.get(row.index) ?? 0) + quantity);
      usage.push({ day, row, quantity });
    }
  }
  for (const [id, own] of rowsOf) {
    const item = itemsById.get(id)!;
    const counted = countedToday(id);
    if (!(counted > 0 && counted < required(item))) continue;
    // Short today: used on board and not yet resupplied. It had its requirement when it joined.
    const row = own.filter((r) => countsToday(r.row)).sort((a, b) => b.row.quantityOnBoard - a.row.quantityOnBoard)[0];
    let gone = required(item) - counted + random.int(0, 2);
    const parts = Math.min(gone, random.int(1, 3));
    for (let part = parts; part >= 1; part--) {
      const quantity = part === 1 ? gone : random.int(1, gone - part + 1);
      gone -= quantity;
      usage.push({ day: addDays(today, -random.int(15, 150)), row, quantity });
    }
  }
  for (const { day, row, quantity } of usage) {
    leaves(row.index, quantity);
    // A quarter of the entries are made the day after the treatment.
    const usageDate = random.chance(0.25) && addDays(day, -1) > joinDay ? addDays(day, -1) : day;
    steps.push({
      kind: 'usage',
      at: at(day, random.int(8, 16), random.int(0, 59)),
      batch: { final: row.index },
      quantityUsed: quantity,
      reason: random.pick(USAGE_REASONS),
      crewMemberName: random.pick(CREW_RANKS),
      usageDate,
    });
  }

  // --- Certificates: the one in force when it joined, its renewal (some after a lapse), expiries.
  let inspection: string | undefined;
  const { certificate } = input;
  if (certificate) {
    const issued = certificate.issueDate;
    if (issued > addDays(joinDay, 1) && issued <= lastDay) {
      const lapses = issued >= addDays(joinDay, 60) && issued <= addDays(today, -20) && random.chance(0.25);
      const previousExpiry = addDays(issued, lapses ? -random.int(12, 35) : 0);
      const previous = { ...certificate, issueDate: addDays(previousExpiry, -365), expiryDate: previousExpiry };
      steps.push({ kind: 'certificateRecorded', at: at(joinDay, 7, 30), certificate: previous });
      if (lapses) steps.push({ kind: 'certificateExpired', at: at(addDays(previousExpiry, 1), 6, 0) });
      steps.push({ kind: 'certificateRecorded', at: at(issued, 15, 0), certificate });
      inspection = addDays(issued, -1);
    } else {
      steps.push({ kind: 'certificateRecorded', at: at(joinDay, 7, 30), certificate });
    }
    const expiredOn = addDays(certificate.expiryDate, 1);
    if (expiredOn <= lastDay) steps.push({ kind: 'certificateExpired', at: at(expiredOn, 6, 0) });
  }
  inspection ??= addDays(today, -random.int(120, 240));
  if (inspection <= addDays(joinDay, 2)) inspection = addDays(joinDay, 30);

  // --- The inspection's stock-take finds a unit or two short on a couple of batches.
  const shortAtInspection = new Map<number, number>();
  const usableMedicines = usable.filter((item) => item.kind === 'medicine');
  for (const item of random.sample(usableMedicines, Math.min(usableMedicines.length, random.int(1, 2)))) {
    const row = usageRow(item);
    if (row) {
      shortAtInspection.set(row.index, random.int(1, 2));
      leaves(row.index, shortAtInspection.get(row.index)!);
    }
  }

  // --- The quantities: each batch of today had today's figure plus all that left it in the year.
  const imported: { batch: BatchRef; row: BulkImportItem }[] = [];
  for (const r of rows) {
    if (delivered.has(r.index)) continue;
    imported.push({ batch: { final: r.index }, row: { ...r.row, quantityOnBoard: r.row.quantityOnBoard + (left.get(r.index) ?? 0) } });
  }
  old.forEach((row, i) => imported.push({ batch: { old: i }, row }));
  steps.push({ kind: 'chestImported', at: at(joinDay, 8, index), rows: imported });

  // --- Counts: the monthly register of controlled drugs, the inspection, the disposals.
  for (let month = 1; month <= 12; month++) {
    const day = firstOfMonth(joinDay, month);
    if (day > lastDay) break;
    for (const r of rows) {
      if (isControlledDrug(r.item.id) && !delivered.has(r.index)) {
        steps.push({ kind: 'count', at: at(day, 9, 0), batch: { final: r.index }, reason: 'count', note: REGISTER_NOTE });
      }
    }
  }
  // The inspection counts the medicines batch by batch (supplies and instruments are looked over,
  // not recounted): the figures the certificate is issued on.
  const medicines = [...imported, ...rows.filter((r) => delivered.has(r.index)).map((r) => ({ batch: { final: r.index } as BatchRef }))].filter(
    ({ batch }) => itemsById.get('final' in batch ? chest[batch.final].scaleId : old[batch.old].scaleId)!.kind === 'medicine',
  );
  for (const { batch } of medicines) {
    const short = 'final' in batch ? shortAtInspection.get(batch.final) : undefined;
    steps.push({ kind: 'count', at: at(inspection, 10, 0), batch, reason: 'count', note: short ? SHORT_NOTE : INSPECTION_NOTE, ...(short ? { short } : {}) });
  }
  for (const { old: number, day } of landed) steps.push({ kind: 'count', at: at(day, 11, 0), batch: { old: number }, reason: 'disposal', note: DISPOSAL_NOTE });

  const ordered = steps
    .map((step, seq) => ({ step, seq }))
    .sort((a, b) => a.step.at.getTime() - b.step.at.getTime() || a.seq - b.seq)
    .map(({ step }) => step);
  return { imoNumber, joinedAt, steps: fillCounts(ordered, imported) };
}

/**
 * The figure each count records: what is on board at that moment, going through the steps in
 * time order from the import (a count that finds a unit or two short records the lower figure).
 * A batch not on board (delivered later, or landed ashore already) is not counted.
 */
function fillCounts(steps: DraftStep[], imported: { batch: BatchRef; row: BulkImportItem }[]): HistoryStep[] {
  const onBoard = new Map<string, number>();
  const out: HistoryStep[] = [];
  for (const step of steps) {
    if (step.kind === 'chestImported') {
      for (const { batch, row } of imported) onBoard.set(batchKey(batch), row.quantityOnBoard);
    } else if (step.kind === 'orderDelivered') {
      for (const line of step.order.lines) onBoard.set(batchKey({ final: line.receivedAs }), line.orderQuantity);
    } else if (step.kind === 'usage') {
      onBoard.set(batchKey(step.batch), onBoard.get(batchKey(step.batch))! - step.quantityUsed);
    } else if (step.kind === 'count') {
      const current = onBoard.get(batchKey(step.batch));
      if (current === undefined || (current === 0 && step.reason === 'count')) continue;
      const { short, ...count } = step;
      const figure = step.reason === 'disposal' ? 0 : current - (short ?? 0);
      onBoard.set(batchKey(step.batch), figure);
      out.push({ ...count, quantityOnBoard: figure });
      continue;
    }
    out.push(step);
  }
  return out;
}

/** The first day of the month `months` after the month of `isoDay`. */
function firstOfMonth(isoDay: string, months: number): string {
  const date = new Date(`${isoDay.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

