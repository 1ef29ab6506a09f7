import { describe, expect, it } from 'vitest';
import { loadShippedScale } from '../scale/loadShipped.node';
import {
  bulkImportRequestSchema,
  importResultMessage,
  importSourceOf,
  manualInputFileName,
  validateImportRows,
  type BulkImportItem,
} from './bulkImport';
import { batchQuantityPatchSchema } from './schema';

const known = new Set(['IMGS01', 'IMGS02', 'IMGS2.14']);
const row = (extra: Partial<Record<keyof BulkImportItem, unknown>> = {}) => ({ scaleId: 'IMGS01', quantityOnBoard: 10, batchNumber: 1, ...extra });

describe('checking the rows of a bulk import', () => {
  it('accepts a complete row as a batch to add, trimming its texts', () => {
    expect(
      validateImportRows(
        [row({ productName: ' Adrenaline ', expiryDate: '2027-06-30', conditionNotes: ' Sealed ', batchNumber: 2 })],
        known,
      ),
    ).toEqual({
      accepted: [{ scaleId: 'IMGS01', batchNumber: 2, quantity: 10, productName: 'Adrenaline', expiryDate: '2027-06-30', conditionNotes: 'Sealed' }],
      errors: [],
    });
  });

  it('leaves blank or null optional fields out, and reads a missing batch number as 1', () => {
    expect(
      validateImportRows([{ scaleId: 'IMGS02', quantityOnBoard: 3, productName: '', expiryDate: null, conditionNotes: '  ' }], known).accepted,
    ).toEqual([{ scaleId: 'IMGS02', batchNumber: 1, quantity: 3 }]);
  });

  it('matches the scale id without regard to case and stores it as the scale spells it', () => {
    expect(validateImportRows([row({ scaleId: ' imgs2.14 ' })], known).accepted[0].scaleId).toBe('IMGS2.14');
  });

  it.each([
    ['an unknown scale id', row({ scaleId: 'IMGS999' }), "Row 1 (IMGS999): unknown scale id, not on this vessel's scale"],
    ['a missing scale id', row({ scaleId: ' ' }), 'Row 1: scale id is missing'],
    ['a scale id that is not text', row({ scaleId: 7 }), 'Row 1: scale id is missing'],
    ['a negative quantity', row({ quantityOnBoard: -5 }), 'Row 1 (IMGS01): quantity must not be negative (found -5)'],
    ['a fractional quantity', row({ quantityOnBoard: 2.5 }), 'Row 1 (IMGS01): quantity must be a whole number (found 2.5)'],
    ['quantity 0', row({ quantityOnBoard: 0 }), 'Row 1 (IMGS01): quantity is 0, nothing to add'],
    ['a missing quantity', row({ quantityOnBoard: undefined }), 'Row 1 (IMGS01): quantity is missing'],
    ['a quantity as text', row({ quantityOnBoard: '5' }), 'Row 1 (IMGS01): quantity is not a number (found "5")'],
    ['an absurd quantity', row({ quantityOnBoard: 5_000_000 }), 'Row 1 (IMGS01): quantity must not exceed 1000000 (found 5000000)'],
    ['an impossible date', row({ expiryDate: '2025-02-30' }), 'Row 1 (IMGS01): expiry date must be a real date as YYYY-MM-DD (found "2025-02-30")'],
    ['a date in another format', row({ expiryDate: '30/06/2027' }), 'Row 1 (IMGS01): expiry date must be a real date as YYYY-MM-DD (found "30/06/2027")'],
    ['batch number 0', row({ batchNumber: 0 }), 'Row 1 (IMGS01): batch number must be at least 1 (found 0)'],
    ['a negative batch number', row({ batchNumber: -2 }), 'Row 1 (IMGS01): batch number must be at least 1 (found -2)'],
    ['a fractional batch number', row({ batchNumber: 1.5 }), 'Row 1 (IMGS01): batch number must be a whole number (found 1.5)'],
    ['a product name that is not text', row({ productName: 12 }), 'Row 1 (IMGS01): product name must be text'],
    ['a product name too long', row({ productName: 'x'.repeat(256) }), 'Row 1 (IMGS01): product name must not exceed 255 characters'],
    ['notes too long', row({ conditionNotes: 'x'.repeat(1001) }), 'Row 1 (IMGS01): condition notes must not exceed 1000 characters'],
    ['something that is not a row', 'IMGS01,5', 'Row 1: not an inventory item'],
    ['null', null, 'Row 1: not an inventory item'],
  ])('refuses %s with its reason, naming the row and scale id', (_name, item, message) => {
    expect(validateImportRows([item], known)).toEqual({ accepted: [], errors: [message] });
  });

  it('gives every reason of a row in its one message', () => {
    expect(validateImportRows([row({ scaleId: 'NOPE', quantityOnBoard: -1, expiryDate: '2025-13-01' })], known).errors).toEqual([
      "Row 1 (NOPE): unknown scale id, not on this vessel's scale; quantity must not be negative (found -1); expiry date must be a real date as YYYY-MM-DD (found \"2025-13-01\")",
    ]);
  });

  it('numbers rows in the order sent and keeps the good ones', () => {
    const result = validateImportRows([row(), row({ scaleId: 'X' }), row({ scaleId: 'IMGS02', quantityOnBoard: 4 }), row({ quantityOnBoard: 0 })], known);
    expect(result.accepted.map((b) => `${b.scaleId}:${b.quantity}`)).toEqual(['IMGS01:10', 'IMGS02:4']);
    expect(result.errors).toEqual(["Row 2 (X): unknown scale id, not on this vessel's scale", 'Row 4 (IMGS01): quantity is 0, nothing to add']);
  });

  it('accepts an expiry date already past (a fact; the compliance rules do not count it) and repeated batch numbers', () => {
    expect(validateImportRows([row({ expiryDate: '2001-01-01' }), row(), row()], known).accepted).toHaveLength(3);
  });

  it('checks against the shipped scale: every one of its ids is known, a typo is not', () => {
    const ids = new Set(loadShippedScale().items.map((i) => i.id));
    const rows = [...ids].map((scaleId) => row({ scaleId }));
    expect(validateImportRows(rows, ids).accepted).toHaveLength(ids.size);
    expect(validateImportRows([row({ scaleId: 'IMGS0l' })], ids).errors).toHaveLength(1);
  });
});

describe('the bulk-import request', () => {
  it('takes a file name and a list of rows, leaving the rows to validateImportRows', () => {
    const parsed = bulkImportRequestSchema.parse({ fileName: ' chest.csv ', items: [row(), 'anything'] });
    expect(parsed).toEqual({ fileName: 'chest.csv', items: [row(), 'anything'] });
  });

  it.each([
    [{ items: [row()] }, 'fileName', 'File name is required'],
    [{ fileName: '  ', items: [row()] }, 'fileName', 'File name is required'],
    [{ fileName: 'x'.repeat(256), items: [row()] }, 'fileName', 'File name must not exceed 255 characters'],
    [{ fileName: 'chest.csv', items: 'rows' }, 'items', 'Items must be a list'],
    [{ fileName: 'chest.csv', items: [] }, 'items', 'No valid inventory items found in CSV'],
    [{ fileName: 'Manual Input 2025-03-01', items: [] }, 'items', 'No Items: Please add quantities for at least one item'],
    [{ fileName: 'chest.csv', items: Array.from({ length: 10_001 }, () => row()) }, 'items', 'An import may hold at most 10000 rows'],
  ])('refuses %j', (body, path, message) => {
    const result = bulkImportRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([path, message]);
  });

  it.each([
    ['chest.csv', 'csv'],
    ['CHEST.CSV', 'csv'],
    [manualInputFileName('2025-03-01'), 'manual'],
  ] as const)('tells a CSV upload from the manual input by its file name: %s', (fileName, source) => {
    expect(importSourceOf(fileName)).toBe(source);
  });

  it.each([
    [{ successCount: 12, errorCount: 0 }, 'Successfully processed 12 items'],
    [{ successCount: 12, errorCount: 3 }, 'Successfully processed 12 items (3 errors)'],
    [{ successCount: 0, errorCount: 2 }, 'Successfully processed 0 items (2 errors)'],
  ])('words the result %j as the toast does', (result, message) => {
    expect(importResultMessage(result)).toBe(message);
  });
});

describe('the batch quantity edit (PATCH)', () => {
  it.each([
    [{ quantityOnBoard: 12 }, { quantityOnBoard: 12, reason: 'count' }],
    [{ quantityOnBoard: '0' }, { quantityOnBoard: 0, reason: 'count' }],
    [{ quantityOnBoard: 5, reason: 'usage', note: ' burn ' }, { quantityOnBoard: 5, reason: 'usage', note: 'burn' }],
  ])('accepts %j', (body, expected) => {
    expect(batchQuantityPatchSchema.parse(body)).toEqual(expected);
  });

  it.each([
    [{}, 'Quantity is required'],
    [{ quantityOnBoard: '' }, 'Quantity is required'],
    [{ quantityOnBoard: 'many' }, 'Quantity is required'],
    [{ quantityOnBoard: null }, 'Quantity is required'],
    [{ quantityOnBoard: -1 }, 'Quantity must be at least 0'],
    [{ quantityOnBoard: 1.5 }, 'Quantity must be a whole number'],
    [{ quantityOnBoard: 1, reason: 'lost' }, 'Please select a valid reason'],
  ])('refuses %j', (body, message) => {
    const result = batchQuantityPatchSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe('a refused row of an uploaded file', () => {
  it('is named by its spreadsheet line when the browser sends one', () => {
    expect(validateImportRows([{ line: 7, scaleId: 'NOPE', quantityOnBoard: 2, batchNumber: 1 }], new Set(['IMGS01'])).errors).toEqual([
      "Line 7 (NOPE): unknown scale id, not on this vessel's scale",
    ]);
  });
});
