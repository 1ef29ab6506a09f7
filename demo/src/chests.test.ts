import {
  daysUntilExpiry,
  evaluateChest,
  isIsoDate,
  medicalProfileOf,
  requiredQuantity,
  validateImportRows,
  VESSEL_STATUSES,
  type BulkImportItem,
  type VesselMedicalProfile,
  type VesselStatus,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { describe, expect, it } from 'vitest';
import { demoChest, demoChestStatus, seededRandom } from './chests';
import { demoFleet } from './fleet';

const scale = loadShippedScale();
const TODAY = '2026-03-10';
const fleet = demoFleet(TODAY);

const asBatches = (rows: BulkImportItem[]) => rows.map((r) => ({ scaleId: r.scaleId, quantity: r.quantityOnBoard, expiryDate: r.expiryDate }));
const profileOf = (crew: number, overrides: Partial<VesselMedicalProfile> = {}): VesselMedicalProfile => ({
  ...medicalProfileOf({ crewSizeCategory: crew }),
  ...overrides,
});
const byItem = (rows: BulkImportItem[]) => {
  const map = new Map<string, BulkImportItem[]>();
  for (const r of rows) map.set(r.scaleId, [...(map.get(r.scaleId) ?? []), r]);
  return map;
};

/** Profiles beyond the demo fleet's own: other categories, both rule flags, small and large crews. */
const profiles: [string, VesselMedicalProfile][] = [
  ['category A, crew 22', profileOf(22)],
  ['category A, crew 40 (doublings)', profileOf(40)],
  ['category B, crew 8', profileOf(8, { category: 'B' })],
  ['category C, crew 4', profileOf(4, { category: 'C' })],
  ['women on board, dangerous goods, crew 31', profileOf(31, { womenOnBoard: true, carriesDangerousGoods: true })],
];
const days = ['2026-03-10', '2026-12-31', '2028-02-29'];

describe('a demo chest built for a status has exactly that status', () => {
  it.each(VESSEL_STATUSES.flatMap((target) => profiles.flatMap(([name, profile]) => days.map((today) => [target, name, today, profile] as const))))(
    '%s: %s on %s',
    (target, _name, today, profile) => {
      for (const imo of ['9345128', '9412878', '9277307', '9188740']) {
        const rows = demoChest({ scale, profile, imoNumber: imo, today, target });
        expect(evaluateChest(scale, profile, asBatches(rows), today).status, imo).toBe(target);
      }
    },
  );

  it('every demo vessel, with its own crew, gets the status chosen for it', () => {
    for (const vessel of fleet) {
      const imoNumber = String(vessel.imoNumber);
      const profile = medicalProfileOf({ crewSizeCategory: Number(vessel.crewSizeCategory) });
      const target = demoChestStatus(imoNumber);
      const rows = demoChest({ scale, profile, imoNumber, today: TODAY, target });
      expect(evaluateChest(scale, profile, asBatches(rows), TODAY).status, vessel.vesselName).toBe(target);
    }
  });
});

describe('which demo vessel gets which status', () => {
  it('gives the 31 vessels 3 Critical, 6 Non-Compliant, 7 Expiring Soon and 15 Compliant', () => {
    const counts = new Map<VesselStatus, number>();
    for (const v of fleet) counts.set(demoChestStatus(String(v.imoNumber)), (counts.get(demoChestStatus(String(v.imoNumber))) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ Critical: 3, 'Non-Compliant': 6, 'Expiring Soon': 7, Compliant: 15 });
  });

  it('an IMO number outside the demo fleet is Compliant', () => {
    expect(demoChestStatus('9074729')).toBe('Compliant');
  });
});

describe('what a demo chest looks like', () => {
  const profile = profileOf(24);
  const chest = (target: VesselStatus, imoNumber = '9412878', today = TODAY) => demoChest({ scale, profile, imoNumber, today, target });

  it('is the same every time for the same vessel and day, and differs between vessels', () => {
    for (const target of VESSEL_STATUSES) expect(chest(target)).toEqual(chest(target));
    expect(chest('Compliant', '9412878')).not.toEqual(chest('Compliant', '9345128'));
  });

  it('moves its dates with the day it is built for, keeping the same batches', () => {
    const now = chest('Compliant', '9412878', '2026-03-10');
    const later = chest('Compliant', '9412878', '2026-03-20');
    expect(later.map((r) => r.quantityOnBoard)).toEqual(now.map((r) => r.quantityOnBoard));
    for (const [i, r] of later.entries()) {
      if (r.expiryDate) expect(daysUntilExpiry(r, '2026-03-20')).toBe(daysUntilExpiry(now[i], '2026-03-10'));
    }
  });

  it.each(VESSEL_STATUSES)('%s: every row is one the bulk import accepts (known id, whole quantity above 0, real date)', (target) => {
    const rows = chest(target);
    const { accepted, errors } = validateImportRows(rows, new Set(scale.items.map((i) => i.id)));
    expect(errors).toEqual([]);
    expect(accepted).toHaveLength(rows.length);
    for (const r of rows) {
      expect(Number.isInteger(r.quantityOnBoard) && r.quantityOnBoard > 0, r.scaleId).toBe(true);
      if (r.expiryDate !== undefined) expect(isIsoDate(r.expiryDate), `${r.scaleId} ${r.expiryDate}`).toBe(true);
      expect(r.productName, r.scaleId).toBeTruthy();
    }
  });

  it.each(VESSEL_STATUSES)('%s: stocks every required item in 1 to 3 batches numbered 1..n, none of the items not required', (target) => {
    const items = byItem(chest(target));
    for (const item of scale.items) {
      const requirement = requiredQuantity(item, profile);
      const batches = items.get(item.id) ?? [];
      if (requirement.kind === 'not_required') expect(batches, item.id).toHaveLength(0);
      if (requirement.kind !== 'required') continue;
      expect(batches.length, item.id).toBeGreaterThanOrEqual(1);
      expect(batches.length, item.id).toBeLessThanOrEqual(3);
      expect(batches.map((b) => b.batchNumber), item.id).toEqual(batches.map((_, i) => i + 1));
    }
    // Several batch counts appear across the chest, not one throughout.
    const counts = new Set([...items.values()].map((b) => b.length));
    expect(counts).toEqual(new Set([1, 2, 3]));
  });

  it('a Compliant chest: at least the requirement of each item, sometimes more, expiries 3 months to 3 years ahead', () => {
    const rows = chest('Compliant');
    const items = byItem(rows);
    let withSpare = 0;
    for (const item of scale.items) {
      const requirement = requiredQuantity(item, profile);
      if (requirement.kind !== 'required') continue;
      const total = items.get(item.id)!.reduce((sum, b) => sum + b.quantityOnBoard, 0);
      expect(total, item.id).toBeGreaterThanOrEqual(requirement.amount);
      expect(total, item.id).toBeLessThanOrEqual(Math.ceil(requirement.amount * 1.5) + 100);
      if (total > requirement.amount) withSpare++;
    }
    expect(withSpare).toBeGreaterThan(5);
    const ahead = rows.flatMap((r) => (r.expiryDate ? [daysUntilExpiry(r, TODAY)!] : []));
    expect(Math.min(...ahead)).toBeGreaterThanOrEqual(90);
    expect(Math.max(...ahead)).toBeLessThanOrEqual(1095);
    expect(Math.max(...ahead) - Math.min(...ahead)).toBeGreaterThan(700);
  });

  it('medicines and sterile supplies carry expiry dates; instruments and equipment do not', () => {
    const items = byItem(chest('Compliant'));
    for (const item of scale.items.filter((i) => i.kind === 'medicine' && items.has(i.id))) {
      expect(items.get(item.id)!.every((b) => b.expiryDate), item.id).toBe(true);
    }
    // Syringes and gauze expire; scissors and a stethoscope do not.
    for (const id of ['IMGS5.1', 'IMGS2.3']) expect(items.get(id)!.every((b) => b.expiryDate), id).toBe(true);
    for (const id of ['IMGS3.3', 'IMGS4.4']) expect(items.get(id)!.every((b) => b.expiryDate === undefined), id).toBe(true);
  });

  it('an Expiring Soon chest: one or two items with a counted batch expiring in 10 to 50 days, nothing short', () => {
    for (const imoNumber of ['9277307', '9488255', '9255048', '9399167']) {
      const evaluated = evaluateChest(scale, profile, asBatches(chest('Expiring Soon', imoNumber)), TODAY);
      const expiring = evaluated.items.filter((i) => i.expiringSoonBatches.length > 0);
      expect(expiring.length).toBeGreaterThanOrEqual(1);
      expect(expiring.length).toBeLessThanOrEqual(2);
      for (const b of evaluated.expiringBatches) {
        expect(daysUntilExpiry(b, TODAY)).toBeGreaterThanOrEqual(10);
        expect(daysUntilExpiry(b, TODAY)).toBeLessThanOrEqual(50);
      }
      expect(evaluated.lowStockItems + evaluated.criticalItems).toBe(0);
    }
  });

  it('a Non-Compliant chest: a few items short, each with something still counted', () => {
    for (const imoNumber of ['9412878', '9624512', '9088160', '9779410']) {
      const evaluated = evaluateChest(scale, profile, asBatches(chest('Non-Compliant', imoNumber)), TODAY);
      expect(evaluated.lowStockItems).toBeGreaterThanOrEqual(2);
      expect(evaluated.lowStockItems).toBeLessThanOrEqual(4);
      expect(evaluated.criticalItems).toBe(0);
    }
  });

  it('a Critical chest: one or two items with nothing counted, only a batch that expired some weeks ago', () => {
    for (const imoNumber of ['9345128', '9730622', '9367815']) {
      const evaluated = evaluateChest(scale, profile, asBatches(chest('Critical', imoNumber)), TODAY);
      const critical = evaluated.items.filter((i) => i.status === 'critical');
      expect(critical.length).toBeGreaterThanOrEqual(1);
      expect(critical.length).toBeLessThanOrEqual(2);
      for (const i of critical) {
        expect(i.batches).toHaveLength(1);
        expect(daysUntilExpiry(i.batches[0], TODAY)).toBeLessThanOrEqual(-10);
        expect(daysUntilExpiry(i.batches[0], TODAY)).toBeGreaterThanOrEqual(-70);
      }
    }
  });
});

describe('the seeded random numbers', () => {
  it('repeat for the same key and differ between keys, within [0, 1)', () => {
    const draw = (key: string) => Array.from({ length: 50 }, seededRandom(key).next);
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
    for (const x of draw('c')) expect(x >= 0 && x < 1).toBe(true);
  });

  it('draws whole numbers in the range, both ends included, and distinct samples', () => {
    const random = seededRandom('range');
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 3)));
    expect(seen).toEqual(new Set([1, 2, 3]));
    const sample = random.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
  });
});
