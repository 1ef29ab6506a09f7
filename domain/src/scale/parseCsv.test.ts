import { describe, expect, it } from 'vitest';
import { loadShippedScale } from './loadShipped.node';
import { formatScaleCsvError, parseScaleCsv, type ScaleCsvError } from './parseCsv';
import { SHIPPED_SCALE_METADATA } from './shipped';

const meta = { id: 'flag-table-2026', name: 'A flag state table', source: 'Admin import', effectiveDate: '2026-01-01' };
const HEADER = 'id,section,kind,description,form_strength,unit,qty_cat_a,qty_cat_b,qty_cat_c,qty_per_10_crew,rule_flags';
const GOOD_MEDICINE = 'M1,Medicines,medicine,Paracetamol,tablet 500 mg,tablet,100,50,25,,';
const GOOD_SUPPLY = 'S1,1. Resuscitation,supply,Bag and mask,resuscitator,,,,,1,';
const csv = (...lines: string[]) => lines.join('\n');

describe('the shipped scale file', () => {
  const scale = loadShippedScale();

  it('is "WHO IMGS 3rd edition" with every row of the file', () => {
    expect(scale.name).toBe('WHO IMGS 3rd edition');
    expect({ id: scale.id, source: scale.source, effectiveDate: scale.effectiveDate }).toEqual({
      id: SHIPPED_SCALE_METADATA.id,
      source: SHIPPED_SCALE_METADATA.source,
      effectiveDate: SHIPPED_SCALE_METADATA.effectiveDate,
    });
    expect(scale.items).toHaveLength(141);
    expect(scale.items.filter((i) => i.kind === 'medicine')).toHaveLength(55);
    expect(scale.items.filter((i) => i.kind === 'supply')).toHaveLength(86);
    expect(new Set(scale.items.map((i) => i.id)).size).toBe(141);
  });

  it('keeps the file order and reads a medicine row', () => {
    expect(scale.items[0].id).toBe('IMGS01');
    const ors = scale.items.find((i) => i.id === 'IMGS40');
    expect(ors).toMatchObject({
      section: 'Medicines',
      kind: 'medicine',
      description: 'Oral rehydration salts',
      unit: 'powder/sachet',
      quantities: {
        A: { kind: 'amount', amount: 75, equivalent: { amount: 15, unit: 'l' } },
        B: { kind: 'amount', amount: 50, equivalent: { amount: 10, unit: 'l' } },
        C: { kind: 'amount', amount: 10, plus: true, equivalent: { amount: 2, unit: 'l' } },
      },
      qtyPer10Crew: { kind: 'not_set' },
      ruleFlags: ['sachets_in_brackets'],
    });
  });

  it('reads a supply row: per 10 crew, no unit, no category figures', () => {
    expect(scale.items.find((i) => i.id === 'IMGS2.22')).toMatchObject({
      section: '2. Dressing Material and Suturing Equipment',
      kind: 'supply',
      description: 'Gloves (surgical)',
      formStrength: 'gloves / 6.5, 7.5, 8.5',
      unit: null,
      quantities: { A: { kind: 'not_set' }, B: { kind: 'not_set' }, C: { kind: 'not_set' } },
      qtyPer10Crew: { kind: 'amount', amount: 3, unit: null },
      ruleFlags: ['each_size'],
    });
  });

  it('lists the supplies the sources give no figure for as "not set" (IMGS2.2, 4.10, 4.11, 6.26, 7.1, 7.2)', () => {
    const notSet = scale.items
      .filter((i) => [i.quantities.A, i.quantities.B, i.quantities.C, i.qtyPer10Crew].every((q) => q.kind === 'not_set'))
      .map((i) => i.id);
    expect(notSet).toEqual(['IMGS2.2', 'IMGS4.10', 'IMGS4.11', 'IMGS6.26', 'IMGS7.1', 'IMGS7.2']);
  });
});

describe('an imported scale table', () => {
  it('reads a valid table with the metadata given', () => {
    const { scale, errors } = parseScaleCsv(csv(HEADER, GOOD_MEDICINE, GOOD_SUPPLY), meta);
    expect(errors).toEqual([]);
    expect(scale).toMatchObject({ ...meta, items: [{ id: 'M1', kind: 'medicine', unit: 'tablet' }, { id: 'S1', kind: 'supply', unit: null }] });
    expect(scale.items[0]).toMatchObject({ perCrew: '', notes: '', source: '' });
  });

  it('matches headers regardless of case, spaces and order, and ignores extra columns', () => {
    const header = ' QTY_CAT_A ,Id,Section,Kind,Description,Form_Strength,Unit,Qty_Cat_B,Qty_Cat_C,Qty_Per_10_Crew,Comment';
    const { scale, errors } = parseScaleCsv(csv(header, '10+,M1,Medicines,Medicine,Aspirin,tablet,tablet,5,-,,whatever'), meta);
    expect(errors).toEqual([]);
    expect(scale.items[0]).toMatchObject({
      id: 'M1',
      kind: 'medicine',
      quantities: { A: { amount: 10, plus: true }, B: { amount: 5 }, C: { kind: 'not_carried' } },
      ruleFlags: [],
    });
  });

  it('accepts CRLF line endings, a byte-order mark and blank lines', () => {
    const { scale, errors } = parseScaleCsv('\uFEFF' + [HEADER, '', GOOD_MEDICINE, '  ', GOOD_SUPPLY, ''].join('\r\n'), meta);
    expect(errors).toEqual([]);
    expect(scale.items.map((i) => i.id)).toEqual(['M1', 'S1']);
  });

  it.each<[string, string, ScaleCsvError[]]>([
    ['an empty file', '', [{ line: 0, message: 'The scale file is empty' }]],
    ['a file of blank lines', '\n \n', [{ line: 0, message: 'The scale file is empty' }]],
    ['a header only', HEADER, [{ line: 0, message: 'No scale items found in CSV' }]],
    [
      'missing required columns',
      csv('id,description,kind', 'M1,Aspirin,medicine'),
      [{ line: 1, message: 'Missing required columns: section, form_strength, unit, qty_cat_a, qty_cat_b, qty_cat_c, qty_per_10_crew' }],
    ],
  ])('refuses %s as a whole', (_case, text, errors) => {
    const result = parseScaleCsv(text, meta);
    expect(result.errors).toEqual(errors);
    expect(result.scale.items).toEqual([]);
  });

  it.each<[string, string, Partial<ScaleCsvError>[]]>([
    ['a missing id', ',Medicines,medicine,Aspirin,tablet,tablet,1,1,1,,', [{ column: 'id', message: 'Id is required' }]],
    ['a too long id', `${'X'.repeat(51)},Medicines,medicine,Aspirin,tablet,tablet,1,1,1,,`, [{ column: 'id', message: 'Id must not exceed 50 characters' }]],
    ['a missing section', 'M9,,medicine,Aspirin,tablet,tablet,1,1,1,,', [{ itemId: 'M9', column: 'section', message: 'Section is required' }]],
    ['a missing description', 'M9,Medicines,medicine,,tablet,tablet,1,1,1,,', [{ itemId: 'M9', column: 'description', message: 'Description is required' }]],
    [
      'an unknown kind',
      'M9,Medicines,drug,Aspirin,tablet,tablet,1,1,1,,',
      [{ itemId: 'M9', column: 'kind', message: 'Kind must be one of medicine, supply (found "drug")' }],
    ],
    [
      'an unreadable quantity',
      'M9,Medicines,medicine,Aspirin,tablet,tablet,ten,1,1,,',
      [{ itemId: 'M9', column: 'qty_cat_a', message: expect.stringMatching(/^qty_cat_a: "ten" is not a quantity \(expected /) }],
    ],
    [
      'a negative quantity',
      'M9,Medicines,medicine,Aspirin,tablet,tablet,1,-3,1,,',
      [{ itemId: 'M9', column: 'qty_cat_b', message: expect.stringMatching(/^qty_cat_b: "-3" is not a quantity/) }],
    ],
    [
      'category figures and a per-10-crew figure together',
      'M9,Medicines,medicine,Aspirin,tablet,tablet,1,1,1,5,',
      [{ itemId: 'M9', column: 'qty_per_10_crew', message: 'Give either quantities per category (qty_cat_a, qty_cat_b, qty_cat_c) or qty_per_10_crew, not both' }],
    ],
    [
      'an unknown rule flag',
      'M9,Medicines,medicine,Aspirin,tablet,tablet,1,1,1,,double_always',
      [{ itemId: 'M9', column: 'rule_flags', message: expect.stringMatching(/^rule_flags: unknown rule flag "double_always"/) }],
    ],
    ['a short row', 'M9,Medicines,medicine,Aspirin', [{ itemId: 'M9', message: 'The row has 4 fields but the header has 11' }]],
    ['a long row', 'M9,Medicines,medicine,Aspirin,tablet,tablet,1,1,1,,,extra', [{ itemId: 'M9', message: 'The row has 12 fields but the header has 11' }]],
    [
      'several problems in one row, each reported',
      'M9,Medicines,pill,,tablet,tablet,x,1,1,,nope',
      [{ column: 'description' }, { column: 'kind' }, { column: 'qty_cat_a' }, { column: 'rule_flags' }],
    ],
  ])('reports %s as an error on that row and keeps the good rows', (_case, badRow, expected) => {
    const { scale, errors } = parseScaleCsv(csv(HEADER, GOOD_MEDICINE, badRow, GOOD_SUPPLY), meta);
    expect(scale.items.map((i) => i.id)).toEqual(['M1', 'S1']);
    expect(errors).toEqual(expected.map((e) => expect.objectContaining({ line: 3, ...e })));
  });

  it('reports a repeated id on the later row, naming the first', () => {
    const { scale, errors } = parseScaleCsv(csv(HEADER, GOOD_MEDICINE, GOOD_SUPPLY, GOOD_MEDICINE), meta);
    expect(scale.items.map((i) => i.id)).toEqual(['M1', 'S1']);
    expect(errors).toEqual([{ line: 4, itemId: 'M1', column: 'id', message: 'Id M1 is already used on line 2' }]);
  });

  it('gives the line of the file, counting blank lines and line breaks inside quoted cells', () => {
    const text = csv(HEADER, 'M1,Medicines,medicine,"Para-\ncetamol",tablet,tablet,1,1,1,,', '', 'M2,Medicines,medicine,Aspirin,tablet,tablet,oops,1,1,,');
    const { scale, errors } = parseScaleCsv(text, meta);
    expect(scale.items[0].description).toBe('Para-\ncetamol');
    expect(errors).toEqual([expect.objectContaining({ line: 5, itemId: 'M2', column: 'qty_cat_a' })]);
  });

  it('reports an unterminated quote as a row error', () => {
    const { errors } = parseScaleCsv(csv(HEADER, GOOD_MEDICINE, 'M2,Medicines,medicine,"Aspirin,tablet,tablet,1,1,1,,'), meta);
    expect(errors).toEqual([expect.objectContaining({ line: 3, itemId: 'M2', message: expect.stringMatching(/^The row could not be read: Quoted field unterminated/) })]);
  });

  it.each(['"', ',,,\n,,,', '\u0000\u0001', 'id\n"', '🙂,🙂\n🙂', 'a\r\r\r\nb', HEADER + '\n"",,,,,,,,,,'])(
    'never throws, whatever the text (%j)',
    (text) => {
      expect(() => parseScaleCsv(text, meta)).not.toThrow();
      expect(parseScaleCsv(text, meta).errors.length).toBeGreaterThan(0);
    },
  );

  it('words an error as one line for logs and toasts', () => {
    expect(formatScaleCsvError({ line: 3, itemId: 'M9', column: 'kind', message: 'Kind must be one of medicine, supply (found "drug")' })).toBe(
      'Line 3 (M9): Kind must be one of medicine, supply (found "drug")',
    );
    expect(formatScaleCsvError({ line: 0, message: 'The scale file is empty' })).toBe('File: The scale file is empty');
  });
});
