import { randomUUID } from 'node:crypto';
import { currentEventVersion, inventoryStreamId, vesselStreamId } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import type { EventStore, LogPosition, NewEvent } from '@medchest/eventstore';

export const YEAR_START = Date.parse('2025-01-01T00:00:00Z');
const DAY_MS = 86_400_000;
const BATCHES = 600;

/**
 * One vessel with a year of chest history, appended straight to the event store (what a year of
 * commands would have left): created the day before the year begins, then 600 batches taken on
 * board and counts and usages spread evenly over 2025 until `events` inventory events. Shared by
 * the as-of and the history benchmarks, so both measure the same vessel.
 * Returns the vessel id and the position of its last event (to wait for the read models).
 */
export async function appendVesselYear(store: EventStore, events: number, vesselName = 'MV Audit Trail'): Promise<{ vesselId: string; last: LogPosition }> {
  const vesselId = randomUUID();
  await store.appendToStream(
    vesselStreamId(vesselId),
    [
      {
        type: 'VesselCreated',
        version: currentEventVersion('VesselCreated'),
        data: { vesselId, details: { vesselName, imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 24 } },
        metadata: { userId: null, correlationId: randomUUID(), occurredAt: '2024-12-31T12:00:00.000Z' },
      },
    ],
    { expected: 'no_stream' },
  );

  const scaleIds = loadShippedScale().items.map((item) => item.id);
  const quantities: number[] = [];
  const history: NewEvent[] = [];
  const at = (n: number) => new Date(YEAR_START + Math.floor((n / events) * 365 * DAY_MS)).toISOString();
  const meta = (n: number) => ({ userId: null, correlationId: randomUUID(), occurredAt: at(n) });
  const batchIds = Array.from({ length: BATCHES }, () => randomUUID());
  for (let n = 0; n < events; n++) {
    if (n < BATCHES) {
      quantities[n] = 50 + (n % 40);
      const expiry = new Date(YEAR_START + (200 + (n % 500)) * DAY_MS).toISOString().slice(0, 10);
      history.push({
        type: 'BatchAdded',
        version: currentEventVersion('BatchAdded'),
        data: { batchId: batchIds[n], vesselId, scaleId: scaleIds[n % scaleIds.length], batchNumber: 1 + Math.floor(n / scaleIds.length), quantity: quantities[n], expiryDate: expiry },
        metadata: meta(n),
      });
    } else {
      const b = (n * 7919) % BATCHES;
      const previousQuantity = quantities[b];
      quantities[b] = previousQuantity > 0 ? previousQuantity - 1 : 60;
      history.push({
        type: 'BatchAdjusted',
        version: currentEventVersion('BatchAdjusted'),
        data: { batchId: batchIds[b], vesselId, scaleId: scaleIds[b % scaleIds.length], previousQuantity, newQuantity: quantities[b], reason: previousQuantity > 0 ? 'usage' : 'count' },
        metadata: meta(n),
      });
    }
  }
  let last: LogPosition | undefined;
  for (let i = 0; i < history.length; i += 500) {
    const result = await store.appendToStream(inventoryStreamId(vesselId), history.slice(i, i + 500), { expected: i === 0 ? 'no_stream' : BigInt(i - 1) });
    last = result.position;
  }
  if (!last) throw new Error('no history appended');
  return { vesselId, last };
}
