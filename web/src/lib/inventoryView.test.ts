import { describe, expect, it } from 'vitest';
import { asOfParam, batchesByItem, filterRows, itemFilterCounts, matchesItemFilter, messageToast, requiredText, statusBadge } from './inventoryView';
import { isoToday } from '@medchest/domain';
import type { BatchAnswer, VolumeRequirementRow } from '@medchest/domain';

const row = (scaleId: string, scaleDescription: string, extra: Partial<VolumeRequirementRow> = {}): VolumeRequirementRow => ({
  scaleId,
  scaleDescription,
  section: 'Medicines',
  requiredQuantity: 10,
  requiredUnit: 'tablets',
  requirement: '10 tablets',
  actualQuantity: 0,
  complianceStatus: 'critical',
  expiringSoon: false,
  ...extra,
});

const batch = (id: string, scaleId: string, batchNumber: number): BatchAnswer => ({
  id,
  scaleId,
  productName: null,
  quantityOnBoard: 5,
  batchNumber,
  expiryDate: null,
  conditionNotes: null,
  version: 0,
});

describe('statusBadge', () => {
  it.each([
    ['compliant', 'OK', 'success'],
    ['low_stock', 'Low', 'warning'],
    ['critical', 'Critical', 'danger'],
    ['not_required', 'Not required', 'neutral'],
    ['quantity_not_set', 'Quantity not set', 'info'],
    ['something_else', 'Unknown', 'neutral'],
    ['toString', 'Unknown', 'neutral'],
    ['', 'Unknown', 'neutral'],
    [null, 'Unknown', 'neutral'],
  ])('%s → %s', (status, label, tone) => {
    expect(statusBadge(status)).toEqual({ label, tone });
  });
});

describe('filterRows', () => {
  const rows = [row('IMGS01', 'Paracetamol 500 mg'), row('IMGS02', 'Aspirin'), row('S10', 'Bandage, elastic')];
  it('matches the scale id or the description without regard to case', () => {
    expect(filterRows(rows, 'imgs0').map((r) => r.scaleId)).toEqual(['IMGS01', 'IMGS02']);
    expect(filterRows(rows, 'PARACET').map((r) => r.scaleId)).toEqual(['IMGS01']);
    expect(filterRows(rows, ' elastic ').map((r) => r.scaleId)).toEqual(['S10']);
  });
  it('an empty search shows everything; no match shows nothing', () => {
    expect(filterRows(rows, '  ')).toHaveLength(3);
    expect(filterRows(rows, 'zzz')).toEqual([]);
  });
});

describe('batchesByItem', () => {
  it('groups by scale id without case and orders by batch number', () => {
    const byItem = batchesByItem([batch('a', 'IMGS01', 2), batch('b', 'imgs01', 1), batch('c', 'S10', 1)]);
    expect(byItem.get('imgs01')?.map((b) => b.id)).toEqual(['b', 'a']);
    expect(byItem.get('s10')?.map((b) => b.id)).toEqual(['c']);
    expect(byItem.get('imgs99')).toBeUndefined();
  });
});

describe('requiredText', () => {
  it('prefers the requirement text, then the figure with its unit, then a dash', () => {
    expect(requiredText(row('A', 'a'))).toBe('10 tablets');
    expect(requiredText(row('A', 'a', { requirement: '' }))).toBe('10 tablets');
    expect(requiredText(row('A', 'a', { requirement: '', requiredUnit: '' }))).toBe('10');
    expect(requiredText(row('A', 'a', { requirement: '', requiredQuantity: null }))).toBe('—');
  });
});

describe('as of', () => {
  it('today is the UTC day, as the server counts days', () => {
    expect(isoToday(new Date(Date.UTC(2026, 2, 5, 23, 30)))).toBe('2026-03-05');
  });
  it.each([
    ['2026-03-04', '2026-03-04'],
    ['2026-03-05', undefined],
    ['2026-03-06', undefined],
    ['', undefined],
    ['not a date', undefined],
  ])('picked %s on 2026-03-05 → %s', (picked, expected) => {
    expect(asOfParam(picked, '2026-03-05')).toBe(expected);
  });
});

describe('messageToast', () => {
  it('splits a titled message and falls back for the rest', () => {
    expect(messageToast('Invalid File: Please upload a CSV file', 'Upload Failed')).toEqual({
      title: 'Invalid File',
      description: 'Please upload a CSV file',
    });
    expect(messageToast('No Items: Please add quantities for at least one item', 'Import Failed')).toEqual({
      title: 'No Items',
      description: 'Please add quantities for at least one item',
    });
    expect(messageToast('No valid inventory items found in CSV', 'Upload Failed')).toEqual({
      title: 'Upload Failed',
      description: 'No valid inventory items found in CSV',
    });
  });
});

describe('the quick filters', () => {
  const rows = [
    row('A', 'ok', { complianceStatus: 'compliant' }),
    row('B', 'ok, expiring', { complianceStatus: 'compliant', expiringSoon: true }),
    row('C', 'low, expiring', { complianceStatus: 'low_stock', expiringSoon: true }),
    row('D', 'critical', { complianceStatus: 'critical' }),
    row('E', 'not required, its batch expiring', { complianceStatus: 'not_required', expiringSoon: true }),
  ];

  it.each([
    ['all', ['A', 'B', 'C', 'D', 'E']],
    ['critical', ['D']],
    ['low_stock', ['C']],
    // Expiring stock of an item the vessel need not carry is not a compliance matter.
    ['expiring', ['B', 'C']],
  ] as const)('%s shows %j', (filter, ids) => {
    expect(rows.filter((r) => matchesItemFilter(r, filter)).map((r) => r.scaleId)).toEqual(ids);
  });

  it('counts what each filter shows', () => {
    expect(itemFilterCounts(rows)).toEqual({ all: 5, critical: 1, low_stock: 1, expiring: 2 });
  });
});
