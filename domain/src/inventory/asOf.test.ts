import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { asOfEnd, batchesAsOf, eventsAsOf, prefixKeptAsOf, type RecordedInventoryEvent } from './asOf';
import { foldInventory } from './state';
import type { InventoryEvent } from './events';

const vesselId = 'v1';
const at = (occurredAt: string, event: InventoryEvent): RecordedInventoryEvent => ({ occurredAt, event });
const added = (batchId: string, quantity: number): InventoryEvent => ({
  type: 'BatchAdded',
  data: { batchId, vesselId, scaleId: 'IMGS01', batchNumber: 1, quantity },
});
const adjusted = (batchId: string, previousQuantity: number, newQuantity: number): InventoryEvent => ({
  type: 'BatchAdjusted',
  data: { batchId, vesselId, scaleId: 'IMGS01', previousQuantity, newQuantity, reason: 'usage' },
});

const stream: RecordedInventoryEvent[] = [
  at('2025-03-01T08:00:00.000Z', added('b1', 50)),
  at('2025-03-01T23:59:59.999Z', adjusted('b1', 50, 40)),
  at('2025-03-02T00:00:00.000Z', adjusted('b1', 40, 30)),
  at('2025-03-10T12:00:00.000Z', added('b2', 5)),
  at('2025-03-20T12:00:00.000Z', { type: 'BatchRemoved', data: { batchId: 'b1', vesselId, scaleId: 'IMGS01' } }),
];
const quantities = (asOf: string) => batchesAsOf(stream, asOf).map((b) => `${b.batchId}:${b.quantity}`);

describe('the chest as of a date', () => {
  it.each([
    ['before anything was recorded', '2025-02-28', []],
    ['at the end of the first day (the event at 23:59:59.999 counts)', '2025-03-01', ['b1:40']],
    ['on the next day (from midnight UTC)', '2025-03-02', ['b1:30']],
    ['in between events', '2025-03-09', ['b1:30']],
    ['after a second batch', '2025-03-10', ['b1:30', 'b2:5']],
    ['after a removal', '2025-03-20', ['b2:5']],
    ['long after', '2030-01-01', ['b2:5']],
  ])('%s', (_name, asOf, expected) => {
    expect(quantities(asOf)).toEqual(expected);
  });

  it('reads times with an offset by the instant they name', () => {
    // 2025-03-02T01:00+02:00 is 2025-03-01T23:00Z: still on the 1st in UTC.
    const offset = [at('2025-03-02T01:00:00+02:00', added('b1', 7))];
    expect(batchesAsOf(offset, '2025-03-01')).toHaveLength(1);
  });

  it('stops at the first event after the day, so it never shows a state the stream did not go through', () => {
    // A later event stamped earlier (two servers' clocks disagreeing) is not picked out of order.
    const skewed = [
      at('2025-03-05T10:00:00.000Z', added('b1', 50)),
      at('2025-03-04T10:00:00.000Z', adjusted('b1', 50, 10)),
    ];
    expect(batchesAsOf(skewed, '2025-03-04')).toEqual([]);
    expect(batchesAsOf(skewed, '2025-03-05').map((b) => b.quantity)).toEqual([10]);
  });

  it.each(['2025-02-30', '2025-3-1', '', 'yesterday'])('refuses the date %j', (asOf) => {
    expect(() => batchesAsOf(stream, asOf)).toThrow(DomainError);
    expect(() => batchesAsOf(stream, asOf)).toThrow('Please enter a valid date');
  });

  it('treats a recorded time that is not a time as a bug', () => {
    expect(() => batchesAsOf([at('not a time', added('b1', 1))], '2025-03-01')).toThrow(/occurredAt/);
  });

  it('replays 10,000 events (600 batches, their adjustments) to a date half way', () => {
    const recorded: RecordedInventoryEvent[] = [];
    const start = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 10_000; i++) {
      const occurredAt = new Date(start + i * 3_600_000).toISOString(); // one an hour
      const event = i < 600 ? added(`b${i}`, 100) : adjusted(`b${i % 600}`, 100, i % 100);
      recorded.push(at(occurredAt, event));
    }
    const half = recorded[4_999].occurredAt.slice(0, 10);
    const batches = batchesAsOf(recorded, half);
    expect(batches).toHaveLength(600);
    // The last event of that day decides each batch's quantity.
    const lastOfDay = recorded.filter((r) => r.occurredAt.slice(0, 10) <= half).at(-1)!;
    const lastData = lastOfDay.event.data as { batchId: string; newQuantity: number };
    expect(batches.find((b) => b.batchId === lastData.batchId)?.quantity).toBe(lastData.newQuantity);
  });
});

describe('a fold resumed from a snapshot of the first events', () => {
  it('counts an event for the day when it happened before the next midnight UTC', () => {
    expect(asOfEnd('2025-03-01')).toBe('2025-03-02T00:00:00.000Z');
    expect(prefixKeptAsOf('2025-03-01T23:59:59.999Z', '2025-03-01')).toBe(true);
    expect(prefixKeptAsOf('2025-03-02T00:00:00.000Z', '2025-03-01')).toBe(false);
    expect(prefixKeptAsOf('2025-03-02T01:00:00+02:00', '2025-03-01')).toBe(true);
    expect(() => asOfEnd('2025-02-30')).toThrow('Please enter a valid date');
  });

  it('gives, for every day and every first events that day keeps whole, the fold from the start', () => {
    // A count entered late (stamped before the event it follows) and versions that must carry on.
    const skewed: RecordedInventoryEvent[] = [...stream.slice(0, 3), at('2025-02-27T10:00:00.000Z', adjusted('b1', 30, 25)), ...stream.slice(3)];
    const latest = (events: readonly RecordedInventoryEvent[]) => events.map((r) => r.occurredAt).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
    let resumed = 0;
    for (const asOf of ['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02', '2025-03-09', '2025-03-10', '2025-03-20', '2030-01-01']) {
      const whole = foldInventory(eventsAsOf(skewed, asOf));
      for (let k = 1; k <= skewed.length; k++) {
        if (!prefixKeptAsOf(latest(skewed.slice(0, k)), asOf)) continue;
        const snapshot = { revision: k - 1, batches: foldInventory(skewed.slice(0, k).map((r) => r.event)) };
        expect(foldInventory(eventsAsOf(skewed.slice(k), asOf), snapshot), `${asOf} from ${k}`).toEqual(whole);
        resumed++;
      }
    }
    expect(resumed).toBeGreaterThan(10);
  });
});
