import { randomUUID } from 'node:crypto';
import {
  currentEventVersion,
  DomainError,
  evolveVessel,
  foldInventory,
  initialVesselState,
  inventoryStreamId,
  isInventoryEvent,
  isVesselEvent,
  medicalProfileOf,
  vesselStreamId,
  type InventoryEvent,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { CHEST_SNAPSHOT_EVERY, chestSnapshotAsOf } from '@medchest/projections';
import type { NewEvent } from '@medchest/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import { streamEventsAsOf } from './scaleInForce';
import { chestBatchesAsOf, notInFleetOn, volumeRequirementRows, volumeRequirementsAsOf } from './volumeRequirements';

/**
 * "The chest as of a date" starts from the latest chest snapshot the day keeps whole and folds the
 * events after it (issue 14). This holds it to the answer of the fold from the stream's start, on
 * every day of a long history: before the vessel, before the first snapshot, on and between
 * snapshots, and with events stamped earlier than the one before them.
 */

let t: TestApp;
const vesselId = randomUUID();
const DAY_MS = 86_400_000;
const START = Date.parse('2025-01-01T00:00:00.000Z');
/** Enough events for several snapshots and a tail after the last. */
const EVENTS = 3 * CHEST_SNAPSHOT_EVERY + 77;
const BATCHES = 60;
const scaleIds = loadShippedScale().items.map((item) => item.id);
const meta = (occurredAt: string) => ({ userId: null, correlationId: randomUUID(), occurredAt });

/** A year of a chest: batches added, counted, used, removed, an import; two to three events a day. */
function inventoryHistory(): NewEvent[] {
  const quantities: number[] = [];
  const batchIds = Array.from({ length: BATCHES }, () => randomUUID());
  const removed = new Set<number>();
  const events: NewEvent[] = [];
  const push = (n: number, event: InventoryEvent) => {
    let at = START + Math.floor((n * 365 * DAY_MS) / EVENTS) + 9 * 3_600_000;
    // Every 97th event is stamped three days before the one it follows (a count entered late),
    // some of them right at a snapshot's edge.
    if (n % 97 === 0 || n === CHEST_SNAPSHOT_EVERY - 1 || n === 2 * CHEST_SNAPSHOT_EVERY) at -= 3 * DAY_MS;
    events.push({ type: event.type, version: currentEventVersion(event.type), data: event.data, metadata: meta(new Date(at).toISOString()) });
  };
  for (let n = 0; n < EVENTS; n++) {
    const b = n < BATCHES ? n : (n * 31) % BATCHES;
    const batchId = batchIds[b];
    const scaleId = scaleIds[b % scaleIds.length];
    if (n < BATCHES || removed.has(b)) {
      // A batch taken on board (again, under a new id, after its removal).
      if (removed.delete(b)) batchIds[b] = randomUUID();
      quantities[b] = 5 + (n % 30);
      const expiryDate = new Date(START + (40 + ((n * 13) % 500)) * DAY_MS).toISOString().slice(0, 10);
      push(n, { type: 'BatchAdded', data: { batchId: batchIds[b], vesselId, scaleId, batchNumber: 1 + (n % 3), quantity: quantities[b], expiryDate } });
    } else if (n % 53 === 0) {
      removed.add(b);
      push(n, { type: 'BatchRemoved', data: { batchId, vesselId, scaleId } });
    } else if (n % 41 === 0) {
      push(n, { type: 'InventoryImported', data: { vesselId, importId: randomUUID(), fileName: 'count.csv', source: 'csv', successCount: 0, errorCount: 1, errors: ['Row 2: unknown item'] } });
    } else if (n % 2 === 0 && quantities[b] > 0) {
      const used = 1 + (n % Math.min(3, quantities[b]));
      push(n, {
        type: 'BatchUsageRecorded',
        data: { batchId, vesselId, scaleId, quantityUsed: used, previousQuantity: quantities[b], quantityRemaining: quantities[b] - used, reason: 'Treatment', usageDate: '2025-01-01' },
      });
      quantities[b] -= used;
    } else {
      const newQuantity = (quantities[b] * 7 + n) % 40;
      push(n, { type: 'BatchAdjusted', data: { batchId, vesselId, scaleId, previousQuantity: quantities[b], newQuantity, reason: 'count' } });
      quantities[b] = newQuantity;
    }
  }
  return events;
}

beforeAll(async () => {
  t = await startTestApp('api_as_of_snapshots');
  await t.store.appendToStream(
    vesselStreamId(vesselId),
    [
      {
        type: 'VesselCreated',
        version: currentEventVersion('VesselCreated'),
        data: { vesselId, details: { vesselName: 'MV Long History', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 24 } },
        metadata: meta('2024-12-31T12:00:00.000Z'),
      },
    ],
    { expected: 'no_stream' },
  );
  const events = inventoryHistory();
  // Appended in uneven parts, as commands and imports would.
  let last;
  for (let i = 0, k = 0; i < events.length; k++) {
    const size = [1, 120, 7, 260, 33][k % 5];
    last = await t.store.appendToStream(inventoryStreamId(vesselId), events.slice(i, i + size), { expected: i === 0 ? 'no_stream' : BigInt(i - 1) });
    i += size;
  }
  if (!last || !(await t.runner.waitFor(last.position, 60_000))) throw new Error('projections did not catch up');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The chest as of a day folded from the start of both streams: what as-of answered before snapshots. */
async function foldedFromTheStart(asOf: string) {
  const [vesselRecorded, inventoryRecorded] = await Promise.all([t.store.readStream(vesselStreamId(vesselId)), t.store.readStream(inventoryStreamId(vesselId))]);
  const vessel = streamEventsAsOf(vesselRecorded, asOf, isVesselEvent).reduce(evolveVessel, initialVesselState());
  const batches = foldInventory(streamEventsAsOf(inventoryRecorded, asOf, isInventoryEvent));
  if (vessel.status !== 'active') return { batches, rows: undefined };
  return { batches, rows: volumeRequirementRows(loadShippedScale(), medicalProfileOf(vessel.details), batches, asOf) };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the chest as of a date, from snapshots', () => {
  it('has taken snapshots of the history, the first a few weeks in', async () => {
    const snapshots = await t.db.selectFrom('chest_snapshots').select('revision').where('vessel_id', '=', vesselId).orderBy('revision').execute();
    expect(snapshots.map((s) => Number(s.revision))).toEqual([1, 2, 3].map((k) => k * CHEST_SNAPSHOT_EVERY - 1));
    expect(await chestSnapshotAsOf(t.db, vesselId, '2025-01-31')).toBeUndefined();
    expect((await chestSnapshotAsOf(t.db, vesselId, '2025-12-31'))?.revision).toBe(3 * CHEST_SNAPSHOT_EVERY - 1);
  });

  it('answers on every day of the year exactly what folding from the start answers', async () => {
    let compared = 0;
    for (let day = START - 2 * DAY_MS; day <= START + 367 * DAY_MS; day += DAY_MS) {
      const asOf = isoDay(day);
      const expected = await foldedFromTheStart(asOf);
      expect(await chestBatchesAsOf(t.deps, vesselId, asOf), asOf).toEqual(expected.batches);
      if (expected.rows) {
        expect(await volumeRequirementsAsOf(t.deps, vesselId, asOf), asOf).toEqual(expected.rows);
        compared++;
      } else {
        await expect(volumeRequirementsAsOf(t.deps, vesselId, asOf)).rejects.toThrow(new DomainError('not_found', notInFleetOn(asOf)));
      }
    }
    expect(compared).toBe(369); // from the day the vessel joined, 2024-12-31, to 2026-01-03
  }, 120_000);
});
