import { addDays, format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { parseScaleCsv } from '../scale/parseCsv';
import type { VesselMedicalProfile } from '../scale/profile';
import { requiredQuantity, type Requirement } from '../scale/required';
import type { ChestBatch } from './batch';
import { vesselStatusOfRows, volumeRequirementRow } from './requirementRow';
import { evaluateChest, evaluateItem, itemStatus, vesselStatus, type ItemStatus, type VesselStatus } from './status';

const TODAY = '2026-03-10';
const day = (n: number) => format(addDays(parseISO(TODAY), n), 'yyyy-MM-dd');
const FAR = day(400);

/**
 * A small scale through the real parser: MED needs 10 in category A; SUP needs 1 per 10 crew (2 for
 * crew 20); WOMEN is only carried with women aboard; NOSET has no figure.
 */
const { scale, errors } = parseScaleCsv(
  [
    'id,section,kind,description,form_strength,unit,qty_cat_a,qty_cat_b,qty_cat_c,qty_per_10_crew,rule_flags',
    'MED,Medicines,medicine,Paracetamol,tablet 500 mg,tablet,10,5,-,,',
    'SUP,1. Resuscitation,supply,Bag and mask,resuscitator,,,,,1,',
    'WOMEN,Medicines,medicine,Misoprostol,tablet,tablet,3+,3+,-,,only_if_women_on_board',
    'NOSET,7. Immobilization,supply,Finger splint,splint,,,,,,',
  ].join('\n'),
  { id: 'test', name: 'Test scale', source: 'test', effectiveDate: '2026-01-01' },
);
if (errors.length > 0) throw new Error(JSON.stringify(errors));
const item = (id: string) => scale.items.find((i) => i.id === id)!;

const profile: VesselMedicalProfile = { category: 'A', crewSize: 20, womenOnBoard: false, carriesDangerousGoods: false };
const required = (amount: number): Requirement => requiredQuantity({ ...item('MED'), quantities: { ...item('MED').quantities, A: { kind: 'amount', amount, unit: null, plus: false, raw: String(amount) } } }, profile);

describe('item status from the requirement and the counted quantity', () => {
  it.each<[string, Requirement, number, ItemStatus]>([
    ['more than required', required(10), 11, 'compliant'],
    ['exactly required', required(10), 10, 'compliant'],
    ['one short', required(10), 9, 'low_stock'],
    ['a single unit', required(10), 1, 'low_stock'],
    ['nothing', required(10), 0, 'critical'],
    ['nothing when nothing is required', required(0), 0, 'compliant'],
    ['nothing of an item not carried in the category', { kind: 'not_required', reason: 'not_carried_in_category' }, 0, 'not_required'],
    ['stock of an item not required', { kind: 'not_required', reason: 'only_if_women_on_board' }, 5, 'not_required'],
    ['nothing of an item without a figure', { kind: 'quantity_not_set' }, 0, 'quantity_not_set'],
    ['stock of an item without a figure', { kind: 'quantity_not_set' }, 7, 'quantity_not_set'],
  ])('%s', (_case, requirement, counted, status) => {
    expect(itemStatus(requirement, counted)).toBe(status);
  });
});

describe('one item of a chest on a date', () => {
  const b = (quantity: number, expiryDate: string | null): ChestBatch => ({ scaleId: 'MED', quantity, expiryDate });

  it.each<[string, ChestBatch[], number, ItemStatus, number]>([
    // case, batches, counted, status, expiring-soon batches
    ['no batches', [], 0, 'critical', 0],
    ['exactly required in one batch', [b(10, FAR)], 10, 'compliant', 0],
    ['exactly required over two batches', [b(4, FAR), b(6, day(100))], 10, 'compliant', 0],
    ['everything expired yesterday', [b(10, day(-1))], 0, 'critical', 0],
    ['enough only if the batch that expired yesterday counted', [b(5, day(-1)), b(6, FAR)], 6, 'low_stock', 0],
    ['the batch expiring today still counts', [b(4, TODAY), b(6, FAR)], 10, 'compliant', 1],
    ['a batch expiring on day 60', [b(10, day(60))], 10, 'compliant', 1],
    ['a batch expiring on day 61', [b(10, day(61))], 10, 'compliant', 0],
    ['a batch without an expiry date', [b(10, null)], 10, 'compliant', 0],
    ['an empty batch', [b(0, FAR)], 0, 'critical', 0],
  ])('%s', (_case, batches, counted, status, expiring) => {
    const result = evaluateItem(item('MED'), profile, batches, TODAY);
    expect(result.countedQuantity).toBe(counted);
    expect(result.status).toBe(status);
    expect(result.expiringSoonBatches).toHaveLength(expiring);
    expect(result.batches).toEqual(batches);
  });
});

describe('a vessel chest and its status', () => {
  const med = (quantity: number, expiryDate: string | null = FAR) => ({ scaleId: 'MED', quantity, expiryDate });
  const sup = (quantity: number, expiryDate: string | null = null) => ({ scaleId: 'SUP', quantity, expiryDate });
  const women = (quantity: number, expiryDate: string | null = FAR) => ({ scaleId: 'WOMEN', quantity, expiryDate });
  const noset = (quantity: number, expiryDate: string | null = FAR) => ({ scaleId: 'NOSET', quantity, expiryDate });

  it.each<[string, ChestBatch[], Partial<VesselMedicalProfile>, VesselStatus]>([
    ['more than required everywhere, far expiries', [med(12), sup(3)], {}, 'Compliant'],
    ['exactly required everywhere', [med(10), sup(2)], {}, 'Compliant'],
    ['no stock at all', [], {}, 'Critical'],
    ['one item critical, another low', [med(3), sup(0)], {}, 'Critical'],
    ['one item low', [med(9), sup(2)], {}, 'Non-Compliant'],
    ['the crew grew past 20: supply now low', [med(10), sup(2)], { crewSize: 21 }, 'Non-Compliant'],
    ['low and expiring: low wins', [med(9, day(10)), sup(2)], {}, 'Non-Compliant'],
    ['critical because the only batch expired yesterday', [med(10, day(-1)), sup(2)], {}, 'Critical'],
    ['a counted batch expires today', [med(10, TODAY), sup(2)], {}, 'Expiring Soon'],
    ['a counted batch expires on day 60', [med(10, day(60)), sup(2)], {}, 'Expiring Soon'],
    ['the soonest batch expires on day 61', [med(10, day(61)), sup(2)], {}, 'Compliant'],
    ['surplus stock expiring on day 30 still counts', [med(10), med(2, day(30)), sup(2)], {}, 'Expiring Soon'],
    ['an expired batch beside enough good stock', [med(10), med(5, day(-1)), sup(2)], {}, 'Compliant'],
    ['an item not required, with no stock', [med(10), sup(2)], { womenOnBoard: false }, 'Compliant'],
    ['an item not required, its batch expiring soon', [med(10), sup(2), women(3, day(5))], {}, 'Compliant'],
    ['the same item required once women are aboard, not stocked', [med(10), sup(2)], { womenOnBoard: true }, 'Critical'],
    ['the same item required and stocked, expiring soon', [med(10), sup(2), women(3, day(5))], { womenOnBoard: true }, 'Expiring Soon'],
    ['an item without a figure, its batch expiring soon', [med(10), sup(2), noset(1, day(5))], {}, 'Compliant'],
    ['a batch of an id the scale does not have', [med(10), sup(2), { scaleId: 'IMGS99', quantity: 1, expiryDate: day(5) }], {}, 'Compliant'],
    ['category C: MED not carried, only the supply counts', [sup(2)], { category: 'C' }, 'Compliant'],
  ])('%s', (_case, batches, overrides, status) => {
    const chest = evaluateChest(scale, { ...profile, ...overrides }, batches, TODAY);
    expect(chest.status).toBe(status);
    // A page holding only the rows (the API's answer) reads the same status off them.
    expect(vesselStatusOfRows(chest.items.map(volumeRequirementRow))).toBe(status);
  });

  it('lists every scale item in order, with counts, expiring batches and unmatched batches', () => {
    const expiring = med(4, day(20));
    const stray = { scaleId: 'IMGS99', quantity: 1, expiryDate: day(5) };
    const chest = evaluateChest(scale, profile, [med(3), expiring, stray, women(3, day(5))], TODAY);
    expect(chest.items.map((i) => [i.item.id, i.status, i.countedQuantity])).toEqual([
      ['MED', 'low_stock', 7],
      ['SUP', 'critical', 0],
      ['WOMEN', 'not_required', 3],
      ['NOSET', 'quantity_not_set', 0],
    ]);
    expect(chest).toMatchObject({ status: 'Critical', criticalItems: 1, lowStockItems: 1, expiringBatches: [expiring], unmatchedBatches: [stray] });
  });

  it('keeps the caller\'s batch objects, extra fields and all', () => {
    const batch = { scaleId: 'MED', quantity: 10, expiryDate: day(3), batchNumber: 7, productName: 'Panadol' };
    const chest = evaluateChest(scale, profile, [batch], TODAY);
    expect(chest.expiringBatches[0]).toBe(batch);
    expect(chest.items[0].countedBatches[0].productName).toBe('Panadol');
  });

  it('"as of" a date is the same rules with that date as today', () => {
    const batches = [med(10, '2026-03-20'), sup(2)];
    expect(evaluateChest(scale, profile, batches, '2025-12-01').status).toBe('Compliant'); // 109 days left
    expect(evaluateChest(scale, profile, batches, '2026-01-20').status).toBe('Expiring Soon'); // day 59
    expect(evaluateChest(scale, profile, batches, '2026-03-20').status).toBe('Expiring Soon'); // expires that day
    expect(evaluateChest(scale, profile, batches, '2026-03-21').status).toBe('Critical'); // expired yesterday
  });

  it('a vessel status from item statuses alone', () => {
    const i = (status: ItemStatus, expiring = 0) => ({ status, expiringSoonBatches: Array.from({ length: expiring }, () => med(1)) });
    expect(vesselStatus([])).toBe('Compliant');
    expect(vesselStatus([i('not_required'), i('quantity_not_set')])).toBe('Compliant');
    expect(vesselStatus([i('compliant'), i('low_stock'), i('critical')])).toBe('Critical');
    expect(vesselStatus([i('compliant', 1), i('low_stock')])).toBe('Non-Compliant');
    expect(vesselStatus([i('compliant', 1)])).toBe('Expiring Soon');
    expect(vesselStatus([i('compliant'), i('not_required', 2), i('quantity_not_set', 1)])).toBe('Compliant');
  });
});
