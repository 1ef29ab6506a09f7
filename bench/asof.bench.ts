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
import { evolveVessel, foldInventory, initialVesselState, inventoryStreamId, isInventoryEvent, isVesselEvent, medicalProfileOf, vesselStreamId } from '@medchest/domain';
import { listVolumeRequirements, volumeRequirementRows } from '@medchest/command-api/commands/volumeRequirements';
import { scaleInForce, streamEventsAsOf } from '@medchest/command-api/commands/scaleInForce';
import { startTestApp } from '@medchest/command-api/testing/harness';
import { recordFigure } from './lib/results';
import { medianOfRuns } from './lib/timing';
import { appendVesselYear } from './lib/yearOfHistory';

const EVENTS = 10_000;
const RUNS = 30;
const timeRuns = (run: () => Promise<unknown>) => medianOfRuns(RUNS, run);

const t = await startTestApp('bench_asof');
try {
  // The vessel joined the fleet the day before its year of history begins, so an as-of date within the year finds it.
  const { vesselId, last } = await appendVesselYear(t.store, EVENTS);
  if (!(await t.runner.waitFor(last, 120_000))) throw new Error('projections did not catch up');

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
