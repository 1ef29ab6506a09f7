import { describe, expect, it } from 'vitest';
import {
  addBatchRow,
  filledRowCount,
  itemsToSave,
  nextFreeBatchNumbers,
  readQuantity,
  removeBatchRow,
  rowsOf,
  updateBatchRow,
  type BulkRows,
} from './bulkInput';

describe('bulk input rows', () => {
  it('every item starts with one row at quantity 0, batch 1', () => {
    expect(rowsOf({}, 'IMGS01')).toEqual([
      expect.objectContaining({ batchNumber: 1, quantity: 0, expiryDate: '', notes: '', extra: false }),
    ]);
  });

  it('the plus button adds the next batch number under the item; extra rows can be removed', () => {
    let rows: BulkRows = {};
    rows = addBatchRow(rows, 'IMGS01');
    rows = addBatchRow(rows, 'IMGS01');
    expect(rowsOf(rows, 'IMGS01').map((r) => [r.batchNumber, r.extra])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(rowsOf(rows, 'S10')).toHaveLength(1);
    const second = rowsOf(rows, 'IMGS01')[1];
    rows = removeBatchRow(rows, 'IMGS01', second.key);
    expect(rowsOf(rows, 'IMGS01').map((r) => r.batchNumber)).toEqual([1, 3]);
    rows = addBatchRow(rows, 'IMGS01');
    expect(rowsOf(rows, 'IMGS01').map((r) => r.batchNumber)).toEqual([1, 3, 4]);
    // The first row is not removable.
    rows = removeBatchRow(rows, 'IMGS01', rowsOf(rows, 'IMGS01')[0].key);
    expect(rowsOf(rows, 'IMGS01')).toHaveLength(3);
    // Keys stay unique.
    expect(new Set(rowsOf(rows, 'IMGS01').map((r) => r.key)).size).toBe(3);
  });

  it.each([
    ['', 0],
    ['12', 12],
    ['-3', 0],
    ['1000', 999],
    ['2.7', 2],
    ['abc', 0],
  ])('quantity %j reads as %d', (text, expected) => {
    expect(readQuantity(text)).toBe(expected);
  });

  it('saves only rows above 0, in catalogue order, leaving blank fields out', () => {
    let rows: BulkRows = {};
    rows = addBatchRow(rows, 'IMGS01');
    const [first, extra] = rowsOf(rows, 'IMGS01');
    rows = updateBatchRow(rows, 'IMGS01', first.key, { quantity: 5, expiryDate: '2027-01-31', notes: '  sealed ' });
    rows = updateBatchRow(rows, 'IMGS01', extra.key, { quantity: 3 });
    rows = updateBatchRow(rows, 'S10', rowsOf(rows, 'S10')[0].key, { quantity: 0, notes: 'ignored' });
    expect(itemsToSave(['S10', 'IMGS01', 'IMGS02'], rows)).toEqual([
      { scaleId: 'IMGS01', quantityOnBoard: 5, batchNumber: 1, expiryDate: '2027-01-31', conditionNotes: 'sealed' },
      { scaleId: 'IMGS01', quantityOnBoard: 3, batchNumber: 2 },
    ]);
    expect(itemsToSave(['S10'], {})).toEqual([]);
  });
});

describe('batch numbers of a new delivery', () => {
  it('start above the batches already on board, so batch 1 is not entered twice', () => {
    const next = nextFreeBatchNumbers([
      { scaleId: 'IMGS01', batchNumber: 1 },
      { scaleId: 'imgs01', batchNumber: 3 },
      { scaleId: 'IMGS02', batchNumber: 1 },
    ]);
    expect(next.get('imgs01')).toBe(4);
    expect(next.get('imgs02')).toBe(2);
    expect(next.get('imgs03')).toBeUndefined();
    let rows: BulkRows = {};
    expect(rowsOf(rows, 'IMGS01', 4)[0].batchNumber).toBe(4);
    rows = addBatchRow(rows, 'IMGS01', 4);
    expect(rowsOf(rows, 'IMGS01', 4).map((r) => r.batchNumber)).toEqual([4, 5]);
    rows = updateBatchRow(rows, 'IMGS01', rowsOf(rows, 'IMGS01', 4)[0].key, { quantity: 6 }, 4);
    expect(itemsToSave(['IMGS01'], rows)).toEqual([{ scaleId: 'IMGS01', quantityOnBoard: 6, batchNumber: 4 }]);
  });

  it('the save bar counts the rows holding a quantity', () => {
    let rows: BulkRows = {};
    expect(filledRowCount(rows)).toBe(0);
    rows = updateBatchRow(rows, 'IMGS01', rowsOf(rows, 'IMGS01')[0].key, { quantity: 2 });
    rows = addBatchRow(rows, 'IMGS01');
    rows = updateBatchRow(rows, 'IMGS02', rowsOf(rows, 'IMGS02')[0].key, { quantity: 5 });
    expect(filledRowCount(rows)).toBe(2);
  });
});
