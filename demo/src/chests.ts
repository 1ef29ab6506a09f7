import {
  requiredQuantity,
  type BulkImportItem,
  type Scale,
  type ScaleItem,
  type VesselMedicalProfile,
  type VesselStatus,
} from '@medchest/domain';
import { addDays } from './fleet';

/**
 * The demo fleet's medical chests: for one vessel and a day, the rows of a bulk import that stock a
 * realistic chest with a chosen compliance status. Pure and deterministic: the same vessel, scale,
 * profile and day always give the same rows (a small PRNG seeded by the IMO number, never
 * Math.random), so a test can evaluate exactly what the seed imports.
 *
 * What a chest looks like:
 * - every required item in one to three batches (batch numbers 1..n, the first expiring first),
 *   together at least the required quantity and sometimes a little more, in whole packs where the
 *   figure is large (boxes of 5, 10, 100);
 * - medicines and sterile or perishable supplies carry expiry dates spread from about three months
 *   to three years ahead; instruments and equipment (scissors, stethoscope, bowls …) have none;
 * - items without a figure ("Quantity not set") are sometimes lightly stocked; items not required
 *   for the vessel are left out.
 * The target status is then made true, the way it happens on board:
 * - Expiring Soon: one or two items have a batch that expires in 10 to 50 days;
 * - Non-Compliant: a few items are short (used, not yet resupplied), sometimes beside a batch that
 *   expired some weeks ago and no longer counts;
 * - Critical: one or two items have nothing that counts, only a batch that expired some weeks ago
 *   and waits in the expired-medicines locker; often an item or two is short as well.
 */

/** The file name of every demo chest import (the import history and the activity feed show it). */
export const DEMO_CHEST_FILE_NAME = 'Demo chest';

/**
 * The status each demo vessel's chest is built for, by IMO number; any vessel not listed is
 * Compliant. 3 Critical, 6 Non-Compliant, 7 Expiring Soon and 15 Compliant across the 31, spread
 * over the fleets; the Critical ones are vessels the certificates already flag.
 */
const DEMO_CHEST_STATUSES: Record<string, Exclude<VesselStatus, 'Compliant'>> = {
  '9345128': 'Critical', // Nordic Aurora (certificate expired)
  '9730622': 'Critical', // Aegean Star (certificate expired)
  '9367815': 'Critical', // Gulf Sentinel
  '9412878': 'Non-Compliant', // Baltic Endeavour
  '9624512': 'Non-Compliant', // Northern Light
  '9088160': 'Non-Compliant', // Cretan Spirit
  '9779410': 'Non-Compliant', // Pacific Crest
  '9670248': 'Non-Compliant', // Bahama Mist
  '9755892': 'Non-Compliant', // Panama Sun
  '9277307': 'Expiring Soon', // Silver Tern
  '9488255': 'Expiring Soon', // Trident Spirit
  '9255048': 'Expiring Soon', // Coral Voyager
  '9399167': 'Expiring Soon', // Jade Horizon
  '9156838': 'Expiring Soon', // Eastern Promise
  '9440629': 'Expiring Soon', // Sea Falcon
  '9533983': 'Expiring Soon', // Atlas Resolve
};

/** The status a demo vessel's chest is built for. */
export function demoChestStatus(imoNumber: string): VesselStatus {
  return DEMO_CHEST_STATUSES[imoNumber] ?? 'Compliant';
}

/**
 * Supplies of the shipped scale whose packs carry an expiry date: sterile single-use items,
 * dressings, test strips, swabs, condoms, plaster bandages. Other supplies are instruments and
 * equipment without one. (Medicines always have one.)
 */
const DATED_SUPPLIES = new Set([
  'IMGS1.2',
  ...['1', '2', '3', '4', '6', '7', '9', '13', '14', '15', '18', '19', '20', '21', '22'].map((n) => `IMGS2.${n}`),
  'IMGS3.1',
  'IMGS4.2',
  ...['1', '2', '3', '4', '5', '6', '7', '9', '10', '11'].map((n) => `IMGS5.${n}`),
  'IMGS6.14',
  'IMGS6.21',
  'IMGS6.24',
]);

/** Controlled drugs: kept locked and entered in the register, as their batch notes say. */
const CONTROLLED_DRUGS = new Set(['IMGS15', 'IMGS33', 'IMGS35', 'IMGS36']);

/** Whether an item is a controlled drug (counted every month for the register, see history/plan.ts). */
export const isControlledDrug = (scaleId: string): boolean => CONTROLLED_DRUGS.has(scaleId);

const EXPIRED_NOTE = 'Expired: in the expired-medicines locker, to be landed ashore';
const CONTROLLED_NOTE = 'Controlled drug: locked cabinet, entered in the register';
const OCCASIONAL_NOTES = ['Outer carton damaged, contents intact', 'Pack opened', 'Sealed, checked at last inspection'];

/** Normal expiry dates: about three months to three years ahead (never within the 60-day window). */
const EXPIRY_DAYS = { min: 90, max: 1095 } as const;
/** An Expiring Soon batch: well inside the 60-day window, whatever the day's rounding. */
const EXPIRING_SOON_DAYS = { min: 10, max: 50 } as const;
/** A batch that expired "some weeks ago". */
const EXPIRED_DAYS_AGO = { min: 10, max: 70 } as const;

export interface DemoChestInput {
  scale: Pick<Scale, 'items'>;
  profile: VesselMedicalProfile;
  /** Seeds the PRNG: each vessel has its own chest, the same every time. */
  imoNumber: string;
  /** YYYY-MM-DD: the day the chest is built for (expiry dates are relative to it). */
  today: string;
  target: VesselStatus;
}

type Role = 'stocked' | 'expiring' | 'low' | 'critical';

/** The bulk-import rows of a demo vessel's chest that has exactly `target` as its status on `today`. */
export function demoChest({ scale, profile, imoNumber, today, target }: DemoChestInput): BulkImportItem[] {
  const random = seededRandom(`demo-chest:${imoNumber}`);
  const required = scale.items.flatMap((item) => {
    const requirement = requiredQuantity(item, profile);
    return requirement.kind === 'required' && requirement.amount > 0 ? [{ item, amount: requirement.amount }] : [];
  });

  // Which required items carry the fault the target status needs.
  const roles = new Map<string, Role>();
  const assign = (role: Role, count: number, candidates: { item: ScaleItem; amount: number }[]) => {
    const free = candidates.filter((c) => !roles.has(c.item.id));
    if (free.length < count) throw new Error(`A ${target} demo chest needs ${count} items that can be ${role}; the scale has ${free.length}`);
    for (const c of random.sample(free, count)) roles.set(c.item.id, role);
  };
  const dated = required.filter((r) => hasExpiryDate(r.item));
  // Items that can be short: more than one unit required, so something (but not enough) counts.
  const divisible = required.filter((r) => r.amount >= 2);
  if (target === 'Critical') {
    assign('critical', random.int(1, 2), dated);
    assign('low', random.int(0, 2), divisible);
  } else if (target === 'Non-Compliant') {
    assign('low', random.int(2, 4), divisible);
  } else if (target === 'Expiring Soon') {
    assign('expiring', random.int(1, 2), dated);
  }

  const rows: BulkImportItem[] = [];
  for (const item of scale.items) {
    const requirement = requiredQuantity(item, profile);
    if (requirement.kind === 'not_required') continue;
    if (requirement.kind === 'quantity_not_set') {
      // No figure to meet: some ships carry a few anyway.
      if (random.chance(0.6)) rows.push(...batchesOf(item, [random.int(1, 6)], today, random));
      continue;
    }
    if (requirement.amount <= 0) continue;
    rows.push(...itemRows(item, requirement.amount, roles.get(item.id) ?? 'stocked', today, random));
  }
  return rows;
}

/** The batches of one required item, by its role in the chest. */
function itemRows(item: ScaleItem, amount: number, role: Role, today: string, random: Random): BulkImportItem[] {
  const step = packStep(amount);
  switch (role) {
    case 'critical': {
      // Nothing counts: the last batch expired some weeks ago and has not been replaced yet.
      const expired = addDays(today, -random.int(EXPIRED_DAYS_AGO.min, EXPIRED_DAYS_AGO.max));
      return [row(item, 1, roundUp(amount, step), expired, EXPIRED_NOTE)];
    }
    case 'low': {
      // Some used on board and not yet resupplied: between a quarter and three quarters is left.
      const left = Math.min(amount - 1, Math.max(1, roundDown(Math.round(amount * (0.25 + random.next() * 0.5)), step)));
      const good = batchesOf(item, split(left, random.int(1, 2), left % step === 0 ? step : 1, random), today, random);
      if (!hasExpiryDate(item) || !random.chance(0.5)) return good;
      // The rest of the requirement is there, but expired: it does not count.
      const expired = addDays(today, -random.int(EXPIRED_DAYS_AGO.min, EXPIRED_DAYS_AGO.max));
      return [row(item, 1, amount - left, expired, EXPIRED_NOTE), ...good.map((b) => ({ ...b, batchNumber: b.batchNumber + 1 }))];
    }
    case 'stocked':
    case 'expiring': {
      // At least the requirement, a third of the time with a little spare, in whole packs.
      const spare = random.chance(0.35) ? Math.ceil(amount * (0.1 + random.next() * 0.4)) : 0;
      const total = roundUp(amount + spare, step);
      const batches = batchesOf(item, split(total, random.int(1, 3), step, random), today, random);
      if (role === 'expiring') {
        // The oldest batch is nearly out of date: counted today, to be replaced within weeks.
        batches[0] = { ...batches[0], expiryDate: addDays(today, random.int(EXPIRING_SOON_DAYS.min, EXPIRING_SOON_DAYS.max)) };
      }
      return batches;
    }
  }
}

/** Batches 1..n of an item with the given quantities and normal expiry dates, the first expiring first. */
function batchesOf(item: ScaleItem, quantities: number[], today: string, random: Random): BulkImportItem[] {
  const offsets = hasExpiryDate(item)
    ? quantities.map(() => random.int(EXPIRY_DAYS.min, EXPIRY_DAYS.max)).sort((a, b) => a - b)
    : undefined;
  return quantities.map((quantity, index) => {
    const note = CONTROLLED_DRUGS.has(item.id) ? CONTROLLED_NOTE : random.chance(0.04) ? random.pick(OCCASIONAL_NOTES) : undefined;
    return row(item, index + 1, quantity, offsets && addDays(today, offsets[index]), note);
  });
}

function row(item: ScaleItem, batchNumber: number, quantity: number, expiryDate?: string, conditionNotes?: string): BulkImportItem {
  return {
    scaleId: item.id,
    batchNumber,
    productName: productName(item),
    quantityOnBoard: quantity,
    ...(expiryDate ? { expiryDate } : {}),
    ...(conditionNotes ? { conditionNotes } : {}),
  };
}

/** Whether an item's packs carry an expiry date: medicines, and sterile or perishable supplies. */
export function hasExpiryDate(item: ScaleItem): boolean {
  return item.kind === 'medicine' || DATED_SUPPLIES.has(item.id);
}

/** A plausible, brand-free name as a pack would read: "Paracetamol (tablet 500 mg)"; supplies by name. */
function productName(item: ScaleItem): string {
  const form = item.formStrength.trim();
  if (item.kind !== 'medicine' || form === '' || /^not determined$/i.test(form)) return item.description;
  return `${item.description} (${form})`;
}

/** Large figures come in whole packs: boxes of 100, 10 or 5. */
function packStep(amount: number): number {
  if (amount >= 400) return 100;
  if (amount >= 100) return 10;
  if (amount >= 20) return 5;
  return 1;
}

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;
const roundDown = (value: number, step: number) => Math.floor(value / step) * step;

/**
 * `total` (a multiple of `step`) in at most `parts` batches, each a positive multiple of `step`:
 * fewer batches when there are not enough packs to go round.
 */
function split(total: number, parts: number, step: number, random: Random): number[] {
  const packs = total / step;
  const n = Math.max(1, Math.min(parts, packs));
  const weights = Array.from({ length: n }, () => 0.5 + random.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  // One pack each, the rest shared by weight; what rounding leaves goes to the first batch.
  const shares = weights.map((w) => 1 + Math.floor(((packs - n) * w) / sum));
  shares[0] += packs - shares.reduce((a, b) => a + b, 0);
  return shares.map((s) => s * step);
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** mulberry32 seeded with the FNV-1a hash of `key`: small, fast and the same on every platform. */
export function seededRandom(key: string): Random {
  let seed = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) seed = Math.imul(seed ^ key.charCodeAt(i), 0x01000193);
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[int(0, items.length - 1)],
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const drawn: T[] = [];
      for (let i = 0; i < count; i++) drawn.push(pool.splice(int(0, pool.length - 1), 1)[0]);
      return drawn;
    },
  };
}
