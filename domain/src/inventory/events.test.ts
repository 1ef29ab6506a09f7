import { describe, expect, it } from 'vitest';
import { BatchAdded, BatchAdjusted, BatchRemoved, InventoryImported, inventoryEventDefinitions, inventoryStreamId } from './events';

const batch = { batchId: 'b1', vesselId: 'v1', scaleId: 'IMGS01', batchNumber: 1, quantity: 50 };

describe('inventory events', () => {
  it('live on one stream per vessel', () => {
    expect(inventoryStreamId('v1')).toBe('inventory-v1');
  });

  it('are all at version 1', () => {
    expect(inventoryEventDefinitions.map((d) => [d.type, d.version])).toEqual([
      ['BatchAdded', 1],
      ['BatchAdjusted', 1],
      ['BatchUsageRecorded', 1],
      ['BatchRemoved', 1],
      ['InventoryImported', 1],
    ]);
  });

  it('store a batch with its optional fields, or without them', () => {
    const full = { ...batch, productName: 'Adrenaline', expiryDate: '2027-06-30', conditionNotes: 'Sealed' };
    expect(BatchAdded.schema.parse(full)).toEqual(full);
    expect(BatchAdded.schema.parse(batch)).toEqual(batch);
  });

  it.each([
    ['a negative quantity', { ...batch, quantity: -1 }],
    ['a fractional quantity', { ...batch, quantity: 1.5 }],
    ['batch number 0', { ...batch, batchNumber: 0 }],
    ['an impossible date', { ...batch, expiryDate: '2027-02-30' }],
  ])('never hold %s', (_name, data) => {
    expect(BatchAdded.schema.safeParse(data).success).toBe(false);
  });

  it('keep an adjustment with its reason, a removal, and an import with its row errors', () => {
    const adjusted = { batchId: 'b1', vesselId: 'v1', scaleId: 'IMGS01', previousQuantity: 50, newQuantity: 0, reason: 'disposal', note: 'Expired' };
    expect(BatchAdjusted.schema.parse(adjusted)).toEqual(adjusted);
    expect(BatchAdjusted.schema.safeParse({ ...adjusted, reason: 'lost' }).success).toBe(false);
    expect(BatchRemoved.schema.parse({ batchId: 'b1', vesselId: 'v1', scaleId: 'IMGS01' })).toEqual({ batchId: 'b1', vesselId: 'v1', scaleId: 'IMGS01' });
    const imported = { vesselId: 'v1', importId: 'i1', fileName: 'chest.csv', source: 'csv', successCount: 0, errorCount: 1, errors: ['Row 1 (X): unknown scale id'] };
    expect(InventoryImported.schema.parse(imported)).toEqual(imported);
    expect(InventoryImported.schema.safeParse({ ...imported, source: 'email' }).success).toBe(false);
  });
});
