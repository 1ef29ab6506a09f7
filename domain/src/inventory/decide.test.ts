import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider';
import { DomainError } from '../shared/errors';
import { decideInventory, inventoryDecider, type InventoryCommand } from './decide';
import type { InventoryEvent } from './events';
import { evolveInventory, findBatch, foldInventory, initialInventoryState, inventoryBatches, inventoryView } from './state';

const vesselId = '0b6f1c52-2f3e-4f65-9a55-6d1b3c0f7e11';
const importId = 'a3c4e2d0-0000-4000-8000-000000000001';
const b1 = '5d1f0a7e-0000-4000-8000-0000000000b1';
const b2 = '5d1f0a7e-0000-4000-8000-0000000000b2';

const given = deciderSpec(inventoryDecider);

const added = (batchId: string, scaleId: string, quantity: number, extra: Partial<Extract<InventoryEvent, { type: 'BatchAdded' }>['data']> = {}): InventoryEvent => ({
  type: 'BatchAdded',
  data: { batchId, vesselId, scaleId, batchNumber: 1, quantity, ...extra },
});
const imported = (successCount: number, errors: string[], id = importId): InventoryEvent => ({
  type: 'InventoryImported',
  data: { vesselId, importId: id, fileName: 'chest.csv', source: 'csv', successCount, errorCount: errors.length, errors },
});
type BulkImport = Extract<InventoryCommand, { type: 'BulkImport' }>;
const bulkImport = (items: BulkImport['items'], rowErrors: string[] = [], id = importId): BulkImport => ({
  type: 'BulkImport',
  vesselId,
  importId: id,
  fileName: 'chest.csv',
  source: 'csv',
  items,
  rowErrors,
});

describe('bulk import', () => {
  it('adds one batch per accepted row, then records the import with its counts and row errors', () => {
    given([])
      .when(
        bulkImport(
          [
            { batchId: b1, scaleId: 'IMGS01', batchNumber: 1, quantity: 50, productName: 'Adrenaline 1mg/ml', expiryDate: '2027-06-30', conditionNotes: 'Sealed' },
            { batchId: b2, scaleId: 'IMGS02', batchNumber: 2, quantity: 10 },
          ],
          ['Row 3 (IMGS999): unknown scale id, not on this vessel\'s scale'],
        ),
      )
      .then([
        added(b1, 'IMGS01', 50, { productName: 'Adrenaline 1mg/ml', expiryDate: '2027-06-30', conditionNotes: 'Sealed' }),
        added(b2, 'IMGS02', 10, { batchNumber: 2 }),
        imported(2, ['Row 3 (IMGS999): unknown scale id, not on this vessel\'s scale']),
      ]);
  });

  it('records a fully refused import, adding no batch, so the audit trail shows the attempt', () => {
    const errors = ['Row 1 (IMGS01): quantity must not be negative (found -5)', 'Row 2 (X): unknown scale id, not on this vessel\'s scale'];
    given([]).when(bulkImport([], errors)).then([imported(0, errors)]);
  });

  it.each([
    ['csv', 'No valid inventory items found in CSV'],
    ['manual', 'No Items: Please add quantities for at least one item'],
  ] as const)('refuses an empty %s import with the browser\'s own message', (source, message) => {
    given([]).when({ ...bulkImport([]), source }).thenThrows('validation', message);
  });

  it('adds to the batches already on board (a second import of batch 1 is a new batch)', () => {
    given([added(b1, 'IMGS01', 50), imported(1, [])])
      .when(bulkImport([{ batchId: b2, scaleId: 'IMGS01', batchNumber: 1, quantity: 20 }], [], 'second-import'))
      .then([added(b2, 'IMGS01', 20), imported(1, [], 'second-import')]);
  });

  it('refuses to record the same import twice', () => {
    given([added(b1, 'IMGS01', 50), imported(1, [])])
      .when(bulkImport([{ batchId: b2, scaleId: 'IMGS01', batchNumber: 1, quantity: 20 }]))
      .thenThrows('conflict', 'This import has already been recorded');
  });

  it.each([
    ['a batch already on record', [added(b1, 'IMGS01', 50)], [b1]],
    ['twice in one import', [] as InventoryEvent[], [b2, b2]],
  ])('refuses a batch id used %s', (_name, history, ids) => {
    given(history)
      .when(bulkImport(ids.map((batchId) => ({ batchId, scaleId: 'IMGS01', batchNumber: 1, quantity: 1 })), [], 'another'))
      .thenThrows('conflict', 'Batch already exists');
  });

  it('never writes a row that is not a valid stored batch (a caller bug, not a user error)', () => {
    const state = initialInventoryState();
    expect(() => decideInventory(bulkImport([{ batchId: b1, scaleId: 'IMGS01', batchNumber: 1, quantity: 2.5 }]), state)).toThrow(
      /not a valid BatchAdded/,
    );
    expect(() =>
      decideInventory(bulkImport([{ batchId: b1, scaleId: 'IMGS01', batchNumber: 1, quantity: 1, expiryDate: '2027-02-30' }]), state),
    ).toThrow(/not a valid BatchAdded/);
  });
});

describe('adjusting a batch quantity', () => {
  const adjust = (newQuantity: number, reason: 'count' | 'usage' | 'disposal' | 'correction' = 'count', note?: string): InventoryCommand => ({
    type: 'AdjustBatch',
    batchId: b1,
    newQuantity,
    reason,
    ...(note !== undefined ? { note } : {}),
  });
  const adjusted = (previousQuantity: number, newQuantity: number, reason: 'count' | 'usage' | 'disposal' | 'correction', note?: string): InventoryEvent => ({
    type: 'BatchAdjusted',
    data: { batchId: b1, vesselId, scaleId: 'IMGS01', previousQuantity, newQuantity, reason, ...(note ? { note } : {}) },
  });

  it.each([
    ['a count', 42, 'count', undefined],
    ['usage on board', 30, 'usage', 'Crew member, burn'],
    ['a disposal down to nothing', 0, 'disposal', undefined],
    ['a correction upward', 60, 'correction', undefined],
  ] as const)('records %s with the quantity before and after', (_name, quantity, reason, note) => {
    given([added(b1, 'IMGS01', 50)]).when(adjust(quantity, reason, note)).then([adjusted(50, quantity, reason, note)]);
  });

  it('trims the note and leaves out a blank one', () => {
    given([added(b1, 'IMGS01', 50)]).when(adjust(40, 'usage', '  treated a cut  ')).then([adjusted(50, 40, 'usage', 'treated a cut')]);
    given([added(b1, 'IMGS01', 50)]).when(adjust(40, 'usage', '   ')).then([adjusted(50, 40, 'usage')]);
  });

  it('records nothing when the quantity is saved unchanged', () => {
    given([added(b1, 'IMGS01', 50)]).when(adjust(50)).then([]);
  });

  it('compares against the latest adjustment, not the quantity added', () => {
    given([added(b1, 'IMGS01', 50), adjusted(50, 30, 'usage')]).when(adjust(30)).then([]);
    given([added(b1, 'IMGS01', 50), adjusted(50, 30, 'usage')]).when(adjust(50, 'correction')).then([adjusted(30, 50, 'correction')]);
  });

  it.each([
    ['a negative quantity', -1, 'Quantity must be at least 0'],
    ['a fraction', 2.5, 'Quantity must be a whole number'],
    ['not a number', Number.NaN, 'Quantity must be a whole number'],
    ['an absurd quantity', 1_000_001, 'Quantity must not exceed 1000000'],
  ])('refuses %s', (_name, quantity, message) => {
    given([added(b1, 'IMGS01', 50)]).when(adjust(quantity)).thenThrows('validation', message);
  });

  it('puts the quantity message on the quantityOnBoard field', () => {
    const state = [added(b1, 'IMGS01', 50)].reduce(evolveInventory, initialInventoryState());
    try {
      decideInventory(adjust(-1), state);
      expect.unreachable();
    } catch (e) {
      expect((e as DomainError).fields).toEqual({ quantityOnBoard: 'Quantity must be at least 0' });
    }
  });

  it.each(['usage', 'disposal'] as const)('refuses %s that would raise the quantity', (reason) => {
    given([added(b1, 'IMGS01', 50)]).when(adjust(51, reason)).thenThrows('validation', 'Usage or disposal can only lower the quantity');
  });

  it.each([
    ['a batch that never existed', [] as InventoryEvent[]],
    ['a removed batch', [added(b1, 'IMGS01', 50), { type: 'BatchRemoved', data: { batchId: b1, vesselId, scaleId: 'IMGS01' } }] as InventoryEvent[]],
  ])('refuses to adjust %s', (_name, history) => {
    given(history).when(adjust(10)).thenThrows('not_found', 'Batch not found');
  });
});

describe('a count against the version it was read at', () => {
  const count = (newQuantity: number, expectedVersion: number, confirmUnchanged = false): InventoryCommand => ({
    type: 'AdjustBatch',
    batchId: b1,
    newQuantity,
    reason: 'count',
    expectedVersion,
    ...(confirmUnchanged ? { confirmUnchanged } : {}),
  });
  const usedTen: InventoryEvent = {
    type: 'BatchUsageRecorded',
    data: { batchId: b1, vesselId, scaleId: 'IMGS01', quantityUsed: 10, previousQuantity: 50, quantityRemaining: 40, reason: 'Burn', usageDate: '2026-03-01' },
  };

  it('is recorded when the batch is still at that version', () => {
    given([added(b1, 'IMGS01', 50)])
      .when(count(42, 0))
      .then([{ type: 'BatchAdjusted', data: { batchId: b1, vesselId, scaleId: 'IMGS01', previousQuantity: 50, newQuantity: 42, reason: 'count' } }]);
  });

  it('is refused as a conflict carrying the quantity and version now on record once anything changed the batch', () => {
    const state = [added(b1, 'IMGS01', 50), usedTen].reduce(evolveInventory, initialInventoryState());
    try {
      decideInventory(count(42, 0), state);
      expect.unreachable();
    } catch (e) {
      expect((e as DomainError).kind).toBe('conflict');
      expect((e as DomainError).message).toContain('it now has 40 on board');
      expect((e as DomainError).current).toEqual({ batch: { id: b1, quantityOnBoard: 40, version: 1 } });
    }
  });

  it('is not stale because another batch of the chest changed', () => {
    given([added(b1, 'IMGS01', 50), added(b2, 'IMGS02', 10), { type: 'BatchAdjusted', data: { batchId: b2, vesselId, scaleId: 'IMGS02', previousQuantity: 10, newQuantity: 9, reason: 'count' } }])
      .when(count(49, 0))
      .then([{ type: 'BatchAdjusted', data: { batchId: b1, vesselId, scaleId: 'IMGS01', previousQuantity: 50, newQuantity: 49, reason: 'count' } }]);
  });

  it('records an unchanged figure sent with its reason as a stock-take; without one, nothing', () => {
    given([added(b1, 'IMGS01', 50)])
      .when(count(50, 0, true))
      .then([{ type: 'BatchAdjusted', data: { batchId: b1, vesselId, scaleId: 'IMGS01', previousQuantity: 50, newQuantity: 50, reason: 'count' } }]);
    given([added(b1, 'IMGS01', 50)]).when(count(50, 0)).then([]);
  });
});

describe('recording usage', () => {
  const use = (quantityUsed: number, extra: Partial<Extract<InventoryCommand, { type: 'RecordUsage' }>> = {}): InventoryCommand => ({
    type: 'RecordUsage',
    batchId: b1,
    quantityUsed,
    reason: 'Burn dressing',
    usageDate: '2026-03-01',
    today: '2026-03-02',
    ...extra,
  });

  it('takes the units off whatever is on record, with the figures before and after', () => {
    given([added(b1, 'IMGS01', 50)])
      .when(use(3, { crewMemberName: ' J. Smith ' }))
      .then([
        {
          type: 'BatchUsageRecorded',
          data: { batchId: b1, vesselId, scaleId: 'IMGS01', quantityUsed: 3, previousQuantity: 50, quantityRemaining: 47, reason: 'Burn dressing', crewMemberName: 'J. Smith', usageDate: '2026-03-01' },
        },
      ]);
  });

  it('folds as a difference: two usages both count', () => {
    const events = [added(b1, 'IMGS01', 50)];
    let state = events.reduce(evolveInventory, initialInventoryState());
    for (let i = 0; i < 2; i++) state = decideInventory(use(5), state).reduce(evolveInventory, state);
    expect(findBatch(state, b1)).toMatchObject({ quantity: 40, version: 2 });
  });

  it('may use everything on board, never more (nothing recorded)', () => {
    given([added(b1, 'IMGS01', 5)]).when(use(5)).then([
      {
        type: 'BatchUsageRecorded',
        data: { batchId: b1, vesselId, scaleId: 'IMGS01', quantityUsed: 5, previousQuantity: 5, quantityRemaining: 0, reason: 'Burn dressing', usageDate: '2026-03-01' },
      },
    ]);
    given([added(b1, 'IMGS01', 5)]).when(use(6)).thenThrows('validation', 'Quantity used cannot be more than the 5 on board');
  });

  it('refuses a usage on a day to come, and a batch not on record', () => {
    given([added(b1, 'IMGS01', 5)]).when(use(1, { usageDate: '2026-03-03' })).thenThrows('validation', 'Usage date cannot be in the future');
    given([]).when(use(1)).thenThrows('not_found', 'Batch not found');
  });

  it('records an entry sent again with the same change id once, even when what it left is now too little for it', () => {
    const first = decideInventory(use(5, { changeId: 'device-1' }), [added(b1, 'IMGS01', 5)].reduce(evolveInventory, initialInventoryState()));
    expect(first).toEqual([
      {
        type: 'BatchUsageRecorded',
        data: { batchId: b1, vesselId, scaleId: 'IMGS01', quantityUsed: 5, previousQuantity: 5, quantityRemaining: 0, reason: 'Burn dressing', usageDate: '2026-03-01', changeId: 'device-1' },
      },
    ]);
    given([added(b1, 'IMGS01', 5), ...first]).when(use(5, { changeId: 'device-1' })).then([]);
    // Another entry (another id) is checked as usual.
    given([added(b1, 'IMGS01', 5), ...first]).when(use(1, { changeId: 'device-2' })).thenThrows('validation', 'Quantity used cannot be more than the 0 on board');
  });
});

describe('removing a batch', () => {
  it('removes a batch, with its reason when given', () => {
    given([added(b1, 'IMGS01', 50)])
      .when({ type: 'RemoveBatch', batchId: b1, reason: ' Landed ashore ' })
      .then([{ type: 'BatchRemoved', data: { batchId: b1, vesselId, scaleId: 'IMGS01', reason: 'Landed ashore' } }]);
    given([added(b1, 'IMGS01', 50)])
      .when({ type: 'RemoveBatch', batchId: b1 })
      .then([{ type: 'BatchRemoved', data: { batchId: b1, vesselId, scaleId: 'IMGS01' } }]);
  });

  it.each([
    ['a batch that never existed', [] as InventoryEvent[]],
    ['a batch already removed', [added(b1, 'IMGS01', 50), { type: 'BatchRemoved', data: { batchId: b1, vesselId, scaleId: 'IMGS01' } }] as InventoryEvent[]],
  ])('refuses to remove %s', (_name, history) => {
    given(history).when({ type: 'RemoveBatch', batchId: b1 }).thenThrows('not_found', 'Batch not found');
  });
});

describe('the inventory state', () => {
  const history: InventoryEvent[] = [
    added(b1, 'IMGS01', 50, { expiryDate: '2027-01-31' }),
    added(b2, 'IMGS02', 10),
    imported(2, []),
    { type: 'BatchAdjusted', data: { batchId: b1, vesselId, scaleId: 'IMGS01', previousQuantity: 50, newQuantity: 45, reason: 'usage' } },
    { type: 'BatchRemoved', data: { batchId: b2, vesselId, scaleId: 'IMGS02' } },
  ];

  it('holds the batches on record in the order added, with their latest quantity', () => {
    const state = history.reduce(evolveInventory, initialInventoryState());
    expect(inventoryBatches(state)).toEqual([
      // version: the revision of its last change (the adjustment, the stream's fourth event).
      { batchId: b1, vesselId, scaleId: 'IMGS01', batchNumber: 1, quantity: 45, expiryDate: '2027-01-31', version: 3 },
    ]);
    expect(findBatch(state, b2)).toBeUndefined();
    expect(inventoryView(state).importIds.has(importId)).toBe(true);
  });

  it('leaves every earlier state as it was (evolve is pure)', () => {
    const states = [initialInventoryState()];
    for (const event of history) states.push(evolveInventory(states[states.length - 1], event));
    // Read the latest first, then the earlier ones: each still shows its own moment.
    expect(inventoryBatches(states[5]).map((b) => b.quantity)).toEqual([45]);
    expect(inventoryBatches(states[2]).map((b) => b.quantity)).toEqual([50, 10]);
    expect(inventoryBatches(states[4]).map((b) => b.quantity)).toEqual([45, 10]);
    expect(inventoryBatches(states[0])).toEqual([]);
    expect(states[5].length).toBe(5);
  });

  it('reads the same after evolving from a state already read', () => {
    const first = history.slice(0, 3).reduce(evolveInventory, initialInventoryState());
    expect(inventoryBatches(first)).toHaveLength(2);
    const later = history.slice(3).reduce(evolveInventory, first);
    expect(inventoryBatches(later)).toEqual(foldInventory(history));
    expect(inventoryBatches(first)).toHaveLength(2);
  });

  it('ignores an adjustment or removal of a batch that is not on record', () => {
    const stray: InventoryEvent[] = [
      { type: 'BatchAdjusted', data: { batchId: 'nope', vesselId, scaleId: 'IMGS01', previousQuantity: 1, newQuantity: 2, reason: 'count' } },
      { type: 'BatchRemoved', data: { batchId: 'nope', vesselId, scaleId: 'IMGS01' } },
    ];
    expect(foldInventory(stray)).toEqual([]);
  });

  it('folds a stream of 10,000 events through evolve and reads 600 batches', () => {
    const events: InventoryEvent[] = [];
    for (let i = 0; i < 600; i++) events.push(added(`b${i}`, `IMGS${i % 141}`, 100));
    for (let i = 0; events.length < 10_000; i++) {
      const batchId = `b${i % 600}`;
      events.push({ type: 'BatchAdjusted', data: { batchId, vesselId, scaleId: 'IMGS0', previousQuantity: 0, newQuantity: i % 100, reason: 'count' } });
    }
    const state = events.reduce(evolveInventory, initialInventoryState());
    const batches = inventoryBatches(state);
    expect(batches).toHaveLength(600);
    expect(batches).toEqual(foldInventory(events));
  });
});

describe('receiving an order delivery', () => {
  const command: InventoryCommand = {
    type: 'ReceiveOrderDelivery',
    vesselId,
    orderId: 'order-1',
    batches: [
      { batchId: 'rb-1', scaleId: 'IMGS01', batchNumber: 3, quantity: 30, expiryDate: '2028-01-31' },
      { batchId: 'rb-2', scaleId: 'IMGS02', batchNumber: 1, quantity: 5 },
    ],
  };
  const added: InventoryEvent[] = [
    { type: 'BatchAdded', data: { batchId: 'rb-1', vesselId, scaleId: 'IMGS01', batchNumber: 3, quantity: 30, expiryDate: '2028-01-31', orderId: 'order-1' } },
    { type: 'BatchAdded', data: { batchId: 'rb-2', vesselId, scaleId: 'IMGS02', batchNumber: 1, quantity: 5, orderId: 'order-1' } },
  ];

  it('adds one batch per received item, naming the order as its cause', () => {
    given([]).when(command).then(added);
  });

  it('adds nothing again when the same receipt is retried', () => {
    given(added).when(command).then([]);
    given([added[0]]).when(command).then([added[1]]);
  });
});
