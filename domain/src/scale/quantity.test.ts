import { describe, expect, it } from 'vitest';
import { loadShippedScale } from './loadShipped.node';
import { formatStatedQuantity, parseQuantity, type StatedQuantity } from './quantity';

/** The shape of a cell: digits become N, so "70+" and "10+" are one form. */
const formOf = (raw: string) => raw.trim().replace(/\d+(\.\d+)?/g, 'N');

/**
 * One case for every distinct form in domain/data/imgs-scale.csv (qty_cat_a/b/c and
 * qty_per_10_crew), each with a value that occurs in the file.
 */
const formsInTheFile: [form: string, raw: string, expected: StatedQuantity][] = [
  ['N', '50', { kind: 'amount', amount: 50, unit: null, plus: false, raw: '50' }],
  ['N+', '70+', { kind: 'amount', amount: 70, unit: null, plus: true, raw: '70+' }],
  ['Nml', '10ml', { kind: 'amount', amount: 10, unit: 'ml', plus: false, raw: '10ml' }],
  ['Nml+', '100ml+', { kind: 'amount', amount: 100, unit: 'ml', plus: true, raw: '100ml+' }],
  ['Ng+', '120g+', { kind: 'amount', amount: 120, unit: 'g', plus: true, raw: '120g+' }],
  ['NxNg', '2x30g', { kind: 'amount', amount: 2, unit: null, plus: false, packSize: { amount: 30, unit: 'g' }, raw: '2x30g' }],
  ['Nl(N)', '15l(75)', { kind: 'amount', amount: 75, unit: null, plus: false, equivalent: { amount: 15, unit: 'l' }, raw: '15l(75)' }],
  ['Nl(N)+', '2l(10)+', { kind: 'amount', amount: 10, unit: null, plus: true, equivalent: { amount: 2, unit: 'l' }, raw: '2l(10)+' }],
  ['-', '-', { kind: 'not_carried', raw: '-' }],
  ['', '', { kind: 'not_set', raw: '' }],
];

describe('scale quantity cells: every form the shipped file uses', () => {
  it.each(formsInTheFile)('form %s, e.g. "%s", reads as a number and a unit', (_form, raw, expected) => {
    expect(parseQuantity(raw)).toEqual({ ok: true, value: expected });
  });

  it('the table above covers exactly the forms present in the file', () => {
    const scale = loadShippedScale();
    const cells = scale.items.flatMap((i) => [i.quantities.A, i.quantities.B, i.quantities.C, i.qtyPer10Crew].map((q) => q.raw));
    const formsPresent = [...new Set(cells.map(formOf))].sort();
    expect(formsPresent).toEqual(formsInTheFile.map(([form]) => form).sort());
  });
});

describe('scale quantity cells: more spellings an imported table may use', () => {
  it.each<[string, StatedQuantity]>([
    [' 24+ ', { kind: 'amount', amount: 24, unit: null, plus: true, raw: '24+' }],
    ['500 ml', { kind: 'amount', amount: 500, unit: 'ml', plus: false, raw: '500 ml' }],
    ['1L', { kind: 'amount', amount: 1, unit: 'l', plus: false, raw: '1L' }],
    ['0.5l', { kind: 'amount', amount: 0.5, unit: 'l', plus: false, raw: '0.5l' }],
    ['1x25g', { kind: 'amount', amount: 1, unit: null, plus: false, packSize: { amount: 25, unit: 'g' }, raw: '1x25g' }],
    ['2 × 30 g+', { kind: 'amount', amount: 2, unit: null, plus: true, packSize: { amount: 30, unit: 'g' }, raw: '2 × 30 g+' }],
    ['0', { kind: 'amount', amount: 0, unit: null, plus: false, raw: '0' }],
    ['   ', { kind: 'not_set', raw: '' }],
  ])('"%s"', (raw, expected) => {
    expect(parseQuantity(raw)).toEqual({ ok: true, value: expected });
  });

  it('reads a missing cell as "not set"', () => {
    expect(parseQuantity(undefined)).toEqual({ ok: true, value: { kind: 'not_set', raw: '' } });
    expect(parseQuantity(null)).toEqual({ ok: true, value: { kind: 'not_set', raw: '' } });
  });
});

describe('scale quantity cells: what is refused, with a reason', () => {
  it.each<[string, RegExp]>([
    ['abc', /"abc" is not a quantity \(expected a number such as 50/],
    ['-5', /"-5" is not a quantity/],
    ['5 tabs', /"5 tabs" has an unknown unit "tabs"/],
    ['2x30', /"2x30" is not a quantity/],
    ['2x30tubes', /unknown unit "tubes"/],
    ['(75)', /"\(75\)" is not a quantity/],
    ['15(75)', /a count in brackets needs a unit before it/],
    ['1,5', /"1,5" is not a quantity/],
    ['--', /"--" is not a quantity/],
  ])('"%s"', (raw, message) => {
    const result = parseQuantity(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('a stated quantity as the screens show it', () => {
  it.each<[string, string | null, string]>([
    ['70+', 'tablet', '70+ tablet'],
    ['120g+', 'powder/sachet', '120+ g'],
    ['2x30g', 'tube (cream)', '2 × 30 g'],
    ['15l(75)', 'powder/sachet', '75 powder/sachet (15 l)'],
    ['3', null, '3'],
    ['-', 'tablet', 'Not carried'],
    ['', 'tablet', 'Quantity not set'],
  ])('"%s" of %s reads "%s"', (raw, unit, text) => {
    const parsed = parseQuantity(raw);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(formatStatedQuantity(parsed.value, unit)).toBe(text);
  });
});
