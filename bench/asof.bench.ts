/**
 * An auditor's "view as of": the time to compute one vessel's chest as it stood on a past date
 * from a history of 10,000 inventory events (issue 14 goal: at most 25 ms), side by side with
 * today's chest answered from the read models and with the same chest folded from the start of
 * the streams (what as-of did before the chest snapshots), in the same run on the same vessel.
 *
 * The as-of path (GET /api/vessels/{id}/volume-requirements?asOf=…) reads the latest chest
 * snapshot that the day keeps whole, the inventory stream's events after it up to the end of the
 * day, and the vessel's own short streams, folds and evaluates the chest; the today path reads the
 * vessel's volume requirement rows from the read model.
 */
import { randomUUID } from 'node:crypto';
import { currentEventVersion, evolveVessel, foldInventory, initialVesselState, inventoryStreamId, isInventoryEvent, isVesselEvent, medicalProfileOf, vesselStreamId } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { listVolumeRequirements, volumeRequirementRows } from '@medchest/command-api/commands/volumeRequirements';
import { scaleInForce, streamEventsAsOf } from '@medchest/command-api/commands/scaleInForce';
import { startTestApp } from '@medchest/command-api/testing/harness';
import type { LogPosition, NewEvent } from '@medchest/eventstore';
import { recordFigure } from './lib/results';

const EVENTS = 10_000;
const BATCHES = 600;
const RUNS = 30;
const YEAR_START = Date.parse('2025-01-01T00:00:00Z');
const DAY_MS = 86_400_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeRuns(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm-up: JIT, prepared statements, the scale's first load
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

const t = await startTestApp('bench_asof');
try {
  // The vessel joined the fleet before the year of history begins (dated like the history, so an
  // as-of date within the year finds it).
  const vesselId = randomUUID();
  await t.store.appendToStream(
    vesselStreamId(vesselId),
    [
      {
        type: 'VesselCreated',
        version: currentEventVersion('VesselCreated'),
        data: { vesselId, details: { vesselName: 'MV Audit Trail', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 24 } },
        metadata: { userId: null, correlationId: randomUUID(), occurredAt: '2024-12-31T12:00:00.000Z' },
      },
    ],
    { expected: 'no_stream' },
  );

  // A year of history: 600 batches taken on board, then 9,400 counts and usages spread over the days.
  const scaleIds = loadShippedScale().items.map((item) => item.id);
  const quantities: number[] = [];
  const events: NewEvent[] = [];
  const at = (n: number) => new Date(YEAR_START + Math.floor((n / EVENTS) * 365 * DAY_MS)).toISOString();
  const meta = (n: number) => ({ userId: null, correlationId: randomUUID(), occurredAt: at(n) });
  const batchIds = Array.from({ length: BATCHES }, () => randomUUID());
  for (let n = 0; n < EVENTS; n++) {
    if (n < BATCHES) {
      quantities[n] = 50 + (n % 40);
      const expiry = new Date(YEAR_START + (200 + (n % 500)) * DAY_MS).toISOString().slice(0, 10);
      events.push({
        type: 'BatchAdded',
        version: currentEventVersion('BatchAdded'),
        data: { batchId: batchIds[n], vesselId, scaleId: scaleIds[n % scaleIds.length], batchNumber: 1 + Math.floor(n / scaleIds.length), quantity: quantities[n], expiryDate: expiry },
        metadata: meta(n),
      });
    } else {
      const b = (n * 7919) % BATCHES;
      const previousQuantity = quantities[b];
      quantities[b] = previousQuantity > 0 ? previousQuantity - 1 : 60;
      events.push({
        type: 'BatchAdjusted',
        version: currentEventVersion('BatchAdjusted'),
        data: { batchId: batchIds[b], vesselId, scaleId: scaleIds[b % scaleIds.length], previousQuantity, newQuantity: quantities[b], reason: previousQuantity > 0 ? 'usage' : 'count' },
        metadata: meta(n),
      });
    }
  }
  let last: LogPosition | undefined;
  for (let i = 0; i < events.length; i += 500) {
    const result = await t.store.appendToStream(inventoryStreamId(vesselId), events.slice(i, i + 500), {
      expected: i === 0 ? 'no_stream' : BigInt(i - 1),
    });
    last = result.position;
  }
  if (!last || !(await t.runner.waitFor(last, 120_000))) throw new Error('projections did not catch up');

  const now = new Date();
  const AS_OF = '2025-09-30';
  /** The chest as of the day folded from the start of the streams: what as-of did before snapshots. */
  const fromTheStart = async () => {
    const [vesselRecorded, inventoryRecorded, scale] = await Promise.all([
      t.store.readStream(vesselStreamId(vesselId)),
      t.store.readStream(inventoryStreamId(vesselId)),
      scaleInForce(t.deps, vesselId, AS_OF),
    ]);
    const vessel = streamEventsAsOf(vesselRecorded, AS_OF, isVesselEvent).reduce(evolveVessel, initialVesselState());
    if (vessel.status !== 'active') throw new Error('the vessel is not in the fleet on the day');
    return volumeRequirementRows(scale, medicalProfileOf(vessel.details), foldInventory(streamEventsAsOf(inventoryRecorded, AS_OF, isInventoryEvent)), AS_OF);
  };
  if (JSON.stringify(await listVolumeRequirements(t.deps, vesselId, AS_OF, now)) !== JSON.stringify(await fromTheStart())) {
    throw new Error('the chest as of the day from snapshots is not the chest folded from the start');
  }
  const snapshots = await t.db.selectFrom('chest_snapshots').select((eb) => eb.fn.countAll<number>().as('n')).where('vessel_id', '=', vesselId).executeTakeFirstOrThrow();
  console.error(`${snapshots.n} chest snapshots of the vessel's ${EVENTS} inventory events`);

  const asOfMs = await timeRuns(() => listVolumeRequirements(t.deps, vesselId, AS_OF, now));
  const fromStartMs = await timeRuns(fromTheStart);
  const todayMs = await timeRuns(() => listVolumeRequirements(t.deps, vesselId, undefined, now));
  recordFigure('asof.chest_from_10000_events_ms', asOfMs, 'ms', { atMost: 25 });
  recordFigure('asof.chest_folded_from_the_start_ms', fromStartMs, 'ms');
  recordFigure('asof.today_from_read_models_ms', todayMs, 'ms');
  recordFigure('asof.ratio_vs_today', asOfMs / todayMs, 'x');
} finally {
  await t.close();
}
