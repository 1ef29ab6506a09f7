import { describe, expect, it } from 'vitest';
import { validateImportRows } from './bulkImport';
import { inventoryCsvTemplate, parseInventoryCsv, skippedRowMessage, withSkippedRows, type InventoryCsvResult } from './csv';

const csv = (...lines: string[]) => lines.join('\n');
const items = (result: InventoryCsvResult) => {
  if (!result.ok) throw new Error(`expected rows, got "${result.error}"`);
  return result.items;
};

describe('reading an inventory CSV', () => {
  describe('the file name', () => {
    it.each(['chest.csv', 'CHEST.CSV', 'March count.Csv'])('accepts %s', (name) => {
      expect(parseInventoryCsv(name, csv('scaleId,quantityOnBoard', 'IMGS01,5')).ok).toBe(true);
    });

    it.each(['chest.xlsx', 'chest.csv.txt', 'chest', 'csv'])('refuses %s', (name) => {
      expect(parseInventoryCsv(name, csv('scaleId,quantityOnBoard', 'IMGS01,5'))).toEqual({
        ok: false,
        error: 'Invalid File: Please upload a CSV file',
      });
    });
  });

  describe('the headers', () => {
    it.each([
      'scaleid,quantityonboard',
      'scaleId,quantityOnBoard',
      'SCALEID,QUANTITYONBOARD',
      ' ScaleId , QuantityOnBoard ',
      'quantityOnBoard,notes,scaleId',
    ])('are matched without regard to case, spaces or order: %s', (header) => {
      const row = header.split(',').map((h) => (h.trim().toLowerCase() === 'scaleid' ? 'IMGS01' : h.trim().toLowerCase() === 'quantityonboard' ? '5' : ''));
      expect(items(parseInventoryCsv('c.csv', csv(header, row.join(','))))).toEqual([{ scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1 }]);
    });

    it.each([
      ['both', 'productName,expiryDate', 'Missing required headers: scaleid, quantityonboard'],
      ['the scale id', 'quantityOnBoard,productName', 'Missing required headers: scaleid'],
      ['the quantity', 'scaleId,productName', 'Missing required headers: quantityonboard'],
      ['a near miss ("scale id")', 'scale id,quantityOnBoard', 'Missing required headers: scaleid'],
      ['everything (rows but no header line)', '', 'Missing required headers: scaleid, quantityonboard'],
    ])('name the missing ones when %s is missing', (_name, header, error) => {
      expect(parseInventoryCsv('c.csv', csv(header, 'IMGS01,5'))).toEqual({ ok: false, error });
    });

    it.each(['', '\n\n', '\uFEFF'])('name both for an empty file %j', (text) => {
      expect(parseInventoryCsv('c.csv', text)).toEqual({ ok: false, error: 'Missing required headers: scaleid, quantityonboard' });
    });

    it('ignores extra columns, and a byte order mark before the first header', () => {
      expect(items(parseInventoryCsv('c.csv', csv('\uFEFFscaleId,location,quantityOnBoard', 'IMGS01,Locker 2,7')))).toEqual([
        { scaleId: 'IMGS01', quantityOnBoard: 7, batchNumber: 1 },
      ]);
    });
  });

  describe('the rows', () => {
    const header = 'scaleId,quantityOnBoard,batchNumber,productName,expiryDate,conditionNotes';

    it('reads every field, trimmed, leaving blank optional ones out', () => {
      expect(
        items(
          parseInventoryCsv(
            'c.csv',
            csv(header, 'IMGS01,50,2, Adrenaline 1mg/ml ,2027-06-30, Sealed ', 'IMGS02,10,,,,'),
          ),
        ),
      ).toEqual([
        { scaleId: 'IMGS01', quantityOnBoard: 50, batchNumber: 2, productName: 'Adrenaline 1mg/ml', expiryDate: '2027-06-30', conditionNotes: 'Sealed' },
        { scaleId: 'IMGS02', quantityOnBoard: 10, batchNumber: 1 },
      ]);
    });

    it.each([
      ['a row of one cell', 'IMGS03'],
      ['an empty line', ''],
      ['a line of blanks', ' , , '],
      ['a row without a scale id', ',5,1'],
      ['a row whose scale id is blank', '  ,5,1'],
    ])('skips %s', (_name, line) => {
      expect(items(parseInventoryCsv('c.csv', csv('scaleId,quantityOnBoard,batchNumber', 'IMGS01,5,1', line, 'IMGS02,6,1')))).toEqual([
        { scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1 },
        { scaleId: 'IMGS02', quantityOnBoard: 6, batchNumber: 1 },
      ]);
    });

    it('keeps a row of two cells even when the header has more (missing cells are blank)', () => {
      expect(items(parseInventoryCsv('c.csv', csv(header, 'IMGS01,5')))).toEqual([{ scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1 }]);
    });

    it.each([
      ['12', 12],
      [' 12 ', 12],
      ['+3', 3],
      ['-5', -5],
      ['', 0],
      ['2.5', 2.5],
    ])('reads quantity %j as %j (blank is 0; a fraction is kept for the server to refuse)', (cell, expected) => {
      const text = csv('scaleId,quantityOnBoard', `IMGS01,"${cell}"`);
      expect(items(parseInventoryCsv('c.csv', text))[0].quantityOnBoard).toBe(expected);
    });

    it.each(['abc', '12abc', '1,000', '0x10'])('skips a quantity %j as not a number, naming its line, not as "quantity is 0"', (cell) => {
      const result = parseInventoryCsv('c.csv', csv('scaleId,quantityOnBoard', 'IMGS01,5', `IMGS02,"${cell}"`));
      expect(result).toMatchObject({ ok: true, lines: [2], skipped: [{ line: 3, scaleId: 'IMGS02', reason: `quantity is not a number (found "${cell}")` }] });
      expect(skippedRowMessage({ line: 3, scaleId: 'IMGS02', reason: `quantity is not a number (found "${cell}")` })).toBe(
        `Line 3 (IMGS02): quantity is not a number (found "${cell}")`,
      );
    });

    it.each([
      ['3', 3],
      ['', 1],
      ['0', 0],
      ['1.5', 1.5],
    ])('reads batch number %j as %j (default 1)', (cell, expected) => {
      const text = csv('scaleId,quantityOnBoard,batchNumber', `IMGS01,5,"${cell}"`);
      expect(items(parseInventoryCsv('c.csv', text))[0].batchNumber).toBe(expected);
    });

    it('skips a batch number written as text, with its reason', () => {
      expect(parseInventoryCsv('c.csv', csv('scaleId,quantityOnBoard,batchNumber', 'IMGS01,5,first', 'IMGS02,5,2'))).toMatchObject({
        ok: true,
        skipped: [{ line: 2, scaleId: 'IMGS01', reason: 'batch number is not a number (found "first")' }],
      });
    });

    it('lists every skipped row with its spreadsheet line (header = line 1), counting blank lines and multi-line cells', () => {
      const text = 'scaleId,quantityOnBoard,notes\r\n\r\nIMGS01,5,"two\r\nlines"\r\nIMGS02,abc\r\n,5\r\nX\r\n\r\n  ,3\r\nIMGS03,2\r\n';
      const result = parseInventoryCsv('c.csv', text);
      expect(result).toMatchObject({ ok: true, lines: [3, 10] });
      expect(result.skipped?.map(skippedRowMessage)).toEqual([
        'Line 5 (IMGS02): quantity is not a number (found "abc")',
        'Line 6: scale id is missing',
        'Line 7: only one cell; a row needs at least scaleId and quantityOnBoard',
        'Line 9: scale id is missing',
      ]);
    });

    it('reads the notes from conditionnotes, or from notes when that column is absent or blank', () => {
      expect(items(parseInventoryCsv('c.csv', csv('scaleId,quantityOnBoard,notes', 'IMGS01,5,Dented box')))[0].conditionNotes).toBe('Dented box');
      const both = csv('scaleId,quantityOnBoard,conditionNotes,notes', 'IMGS01,5,Sealed,Other', 'IMGS02,5,,Other');
      expect(items(parseInventoryCsv('c.csv', both)).map((i) => i.conditionNotes)).toEqual(['Sealed', 'Other']);
    });

    it('passes a date through as written: the server checks it and names the row', () => {
      expect(items(parseInventoryCsv('c.csv', csv('scaleId,quantityOnBoard,expiryDate', 'IMGS01,5,30/06/2027')))[0].expiryDate).toBe('30/06/2027');
    });

    it('reads quoted cells with commas, quotes and line breaks, and Windows line ends', () => {
      const text = 'scaleId,quantityOnBoard,productName,notes\r\nIMGS01,5,"Paracetamol, 500 mg","Box ""A""\r\nsecond shelf"\r\n';
      expect(items(parseInventoryCsv('c.csv', text))).toEqual([
        { scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1, productName: 'Paracetamol, 500 mg', conditionNotes: 'Box "A"\r\nsecond shelf' },
      ]);
    });

    it.each([
      ['semicolons', ';'],
      ['tabs', '\t'],
    ])('reads a file separated by %s', (_name, sep) => {
      const text = csv(['scaleId', 'quantityOnBoard', 'productName'].join(sep), ['IMGS01', '5', 'Paracetamol, 500 mg'].join(sep));
      expect(items(parseInventoryCsv('c.csv', text))).toEqual([{ scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1, productName: 'Paracetamol, 500 mg' }]);
    });
  });

  it.each([
    ['only a header', csv('scaleId,quantityOnBoard')],
    ['only skipped rows', csv('scaleId,quantityOnBoard', 'IMGS01', ',5', '')],
  ])('says so when no valid row remains: %s', (_name, text) => {
    expect(parseInventoryCsv('c.csv', text)).toMatchObject({ ok: false, error: 'No valid inventory items found in CSV' });
  });

  it('reads 1,000 rows, every one of them', () => {
    const lines = ['scaleId,quantityOnBoard,batchNumber,productName,expiryDate,conditionNotes'];
    for (let i = 1; i <= 1000; i++) {
      lines.push(`IMGS${String(i % 141).padStart(2, '0')},${i},${(i % 3) + 1},"Product ${i}, box",2027-${String((i % 12) + 1).padStart(2, '0')}-15,Row ${i}`);
    }
    const rows = items(parseInventoryCsv('fleet.csv', lines.join('\r\n')));
    expect(rows).toHaveLength(1000);
    expect(rows[999]).toEqual({
      scaleId: 'IMGS13',
      quantityOnBoard: 1000,
      batchNumber: 2,
      productName: 'Product 1000, box',
      expiryDate: '2027-05-15',
      conditionNotes: 'Row 1000',
    });
    expect(rows.reduce((sum, r) => sum + r.quantityOnBoard, 0)).toBe(500_500);
  });

  it('with the server check, turns a file with good and bad rows into batches and reasons', () => {
    const text = csv(
      'ScaleID,QuantityOnBoard,ExpiryDate',
      'IMGS01,50,2027-06-30',
      'IMGS999,5,',
      'IMGS02,-3,',
      'IMGS02,,',
      'IMGS02,4,2026-02-30',
      'IMGS02,4,',
    );
    const { accepted, errors } = validateImportRows(items(parseInventoryCsv('chest.csv', text)), new Set(['IMGS01', 'IMGS02']));
    expect(accepted).toEqual([
      { scaleId: 'IMGS01', batchNumber: 1, quantity: 50, expiryDate: '2027-06-30' },
      { scaleId: 'IMGS02', batchNumber: 1, quantity: 4 },
    ]);
    expect(errors).toEqual([
      "Row 2 (IMGS999): unknown scale id, not on this vessel's scale",
      'Row 3 (IMGS02): quantity must not be negative (found -3)',
      'Row 4 (IMGS02): quantity is 0, nothing to add',
      'Row 5 (IMGS02): expiry date must be a real date as YYYY-MM-DD (found "2026-02-30")',
    ]);
  });
});

describe('the result of an upload as shown', () => {
  it('lists the skipped rows and the refused ones together by line, and counts both as errors', () => {
    const shown = withSkippedRows(
      { successCount: 2, errorCount: 2, errors: ["Line 4 (NOPE): unknown scale id, not on this vessel's scale", 'Line 9 (IMGS04): quantity is 0, nothing to add'] },
      [
        { line: 2, scaleId: 'IMGS02', reason: 'quantity is not a number (found "abc")' },
        { line: 6, reason: 'scale id is missing' },
      ],
    );
    expect(shown).toEqual({
      successCount: 2,
      errorCount: 4,
      errors: [
        'Line 2 (IMGS02): quantity is not a number (found "abc")',
        "Line 4 (NOPE): unknown scale id, not on this vessel's scale",
        'Line 6: scale id is missing',
        'Line 9 (IMGS04): quantity is 0, nothing to add',
      ],
    });
  });

  it('offers a template the reader itself accepts', () => {
    const template = inventoryCsvTemplate({ scaleId: 'IMGS01', productName: 'Aspirin 300 mg' });
    expect(parseInventoryCsv('template.csv', template)).toEqual({
      ok: true,
      items: [{ scaleId: 'IMGS01', quantityOnBoard: 10, batchNumber: 1, productName: 'Aspirin 300 mg', expiryDate: '2027-12-31', conditionNotes: 'Sealed' }],
      lines: [2],
      skipped: [],
    });
  });
});
