import { describe, expect, it } from 'vitest';
import type { Scale, ScaleItem } from '../scale/scale';
import { orderShortfall } from './shortfall';

const figure = (amount: number) => ({ kind: 'amount' as const, amount, unit: null, plus: false, raw: String(amount) });
const item = (id: string, amount: number, extra: Partial<ScaleItem> = {}): ScaleItem => ({
  id,
  section: 'Medicines',
  kind: 'medicine',
  description: `Item ${id}`,
  formStrength: '',
  unit: 'tablet',
  quantities: { A: figure(amount), B: figure(amount), C: figure(amount) },
  qtyPer10Crew: { kind: 'not_set', raw: '' },
  ruleFlags: [],
  perCrew: '',
  notes: '',
  source: '',
  ...extra,
});
const scale: Pick<Scale, 'items'> = { items: [item('IMGS01', 100), item('IMGS02', 10), item('IMGS03', 5, { quantities: { A: { kind: 'not_carried', raw: '-' }, B: figure(5), C: figure(5) } })] };
const profile = { category: 'A', crewSize: 20, womenOnBoard: false, carriesDangerousGoods: false } as const;
const threshold = '2027-03-31';

describe('the order shortfall on the threshold date', () => {
  it('does not count a batch that expires before the threshold date', () => {
    const rows = orderShortfall(scale, profile, [{ scaleId: 'IMGS01', quantity: 100, expiryDate: '2027-03-30' }], threshold);
    expect(rows[0]).toEqual({ scaleId: 'IMGS01', scaleDescription: 'Item IMGS01', requiredQuantity: 100, currentInventory: 0, orderQuantity: 100 });
  });

  it('counts a batch that expires on the threshold date (still in date that day)', () => {
    const rows = orderShortfall(scale, profile, [{ scaleId: 'IMGS01', quantity: 60, expiryDate: '2027-03-31' }], threshold);
    expect(rows[0]).toMatchObject({ scaleId: 'IMGS01', currentInventory: 60, orderQuantity: 40 });
  });

  it('counts a batch that expires after the threshold date, and one without an expiry date', () => {
    const rows = orderShortfall(
      scale,
      profile,
      [
        { scaleId: 'IMGS01', quantity: 70, expiryDate: '2027-04-01' },
        { scaleId: 'IMGS01', quantity: 30 },
      ],
      threshold,
    );
    expect(rows.map((r) => r.scaleId)).toEqual(['IMGS02']);
  });

  it('sums the in-date batches of an item and orders only the difference', () => {
    const rows = orderShortfall(
      scale,
      profile,
      [
        { scaleId: 'IMGS02', quantity: 3, expiryDate: '2027-12-31' },
        { scaleId: 'IMGS02', quantity: 4, expiryDate: '2027-03-31' },
        { scaleId: 'IMGS02', quantity: 50, expiryDate: '2027-01-01' },
      ],
      threshold,
    );
    expect(rows.find((r) => r.scaleId === 'IMGS02')).toEqual({ scaleId: 'IMGS02', scaleDescription: 'Item IMGS02', requiredQuantity: 10, currentInventory: 7, orderQuantity: 3 });
  });

  it('never orders an item the vessel does not have to carry, and lists nothing when nothing is short', () => {
    expect(orderShortfall(scale, profile, [], threshold).map((r) => r.scaleId)).toEqual(['IMGS01', 'IMGS02']);
    const full = [
      { scaleId: 'IMGS01', quantity: 100 },
      { scaleId: 'IMGS02', quantity: 10 },
    ];
    expect(orderShortfall(scale, profile, full, threshold)).toEqual([]);
  });
});
