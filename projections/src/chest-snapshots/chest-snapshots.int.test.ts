import { foldInventory, type DomainEvent, type InventoryEvent } from '@medchest/domain';
import type { RecordedEvent } from '@medchest/eventstore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toProjectedEvent } from '../apply';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog } from '../testing/events';
import { createChestSnapshotsProjection } from './project';
import { chestSnapshotAsOf } from './queries';
import { batchOfStored } from './storedBatch';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_chest_snapshots');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const EVERY = 4;
const projection = createChestSnapshotsProjection({ every: EVERY });

const A = 'd0000000-0000-4000-8000-00000000000a';
const B = 'd0000000-0000-4000-8000-00000000000b';
const batchId = (vessel: string, n: number) => `${vessel.slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;

const added = (vesselId: string, n: number, quantity: number): DomainEvent => ({
  type: 'BatchAdded',
  data: { batchId: batchId(vesselId, n), vesselId, scaleId: `IMGS0${n % 9}`, batchNumber: n, quantity, expiryDate: `2026-0${1 + (n % 9)}-15` },
});
const adjusted = (vesselId: string, n: number, newQuantity: number): DomainEvent => ({
  type: 'BatchAdjusted',
  data: { batchId: batchId(vesselId, n), vesselId, scaleId: `IMGS0${n % 9}`, previousQuantity: 0, newQuantity, reason: 'count' },
});
const removed = (vesselId: string, n: number): DomainEvent => ({ type: 'BatchRemoved', data: { batchId: batchId(vesselId, n), vesselId, scaleId: `IMGS0${n % 9}` } });

/**
 * Two vessels' streams interleaved, one event a day from 2025-03-02: A with 11 events (one stamped
 * days before the one it follows, as a backdated count would be), B with 5.
 */
function history(): RecordedEvent[] {
  const log = createFakeLog({ startAt: new Date('2025-03-01T08:00:00.000Z'), stepMs: 86_400_000 });
  const skewed = { occurredAt: '2025-02-27T10:00:00.000Z' };
  return [
    log.record(added(A, 1, 10)),
    log.record(added(B, 1, 5)),
    log.record(added(A, 2, 20)),
    log.record(adjusted(A, 1, 7)),
    log.record(added(B, 2, 6)),
    log.record(added(A, 3, 30)),
    log.record(adjusted(A, 2, 15)),
    log.record(adjusted(B, 1, 4)),
    log.record(removed(A, 1)),
    log.record(added(A, 4, 40)),
    log.record(adjusted(B, 2, 3)),
    log.record(adjusted(A, 3, 29), skewed),
    log.record(added(B, 3, 8)),
    log.record(added(A, 5, 50)),
    log.record(adjusted(A, 4, 39)),
    log.record(adjusted(A, 5, 49)),
  ];
}

async function rows() {
  const snapshots = await t.db.selectFrom('chest_snapshots').selectAll().orderBy('vessel_id').orderBy('revision').execute();
  const tails = await t.db.selectFrom('chest_snapshot_tails').selectAll().orderBy('vessel_id').orderBy('revision').execute();
  return { snapshots, tails };
}

const streamOf = (events: RecordedEvent[], vesselId: string) => events.filter((e) => e.streamId === `inventory-${vesselId}`);
const foldTo = (stream: RecordedEvent[], revision: number) =>
  foldInventory(stream.slice(0, revision + 1).map((e) => ({ type: e.type, data: e.data }) as InventoryEvent));

describe('chest snapshots', () => {
  it('takes a snapshot of each vessel every N events: the batches the fold from the start gives there, and the latest business time so far', async () => {
    const events = history();
    await t.project(events, [projection]);
    const { snapshots, tails } = await rows();
    const a = streamOf(events, A);
    const b = streamOf(events, B);
    expect(snapshots.map((s) => [s.vessel_id, s.revision])).toEqual([
      [A, '3'],
      [A, '7'],
      [B, '3'],
    ]);
    for (const s of snapshots) {
      const stream = s.vessel_id === A ? a : b;
      expect(s.batches.map((b) => batchOfStored(s.vessel_id, b))).toStrictEqual(foldTo(stream, Number(s.revision)));
      const latest = Math.max(...stream.slice(0, Number(s.revision) + 1).map((e) => Date.parse(e.metadata.occurredAt)));
      expect(s.latest_at.getTime()).toBe(latest);
    }
    // A's revision 7 was stamped days before revision 6: the latest time up to 7 is revision 6's.
    expect(snapshots[1].latest_at.toISOString()).toBe(a[6].metadata.occurredAt);
    // What waits for the next snapshot: A's 8 to 10, B's 4.
    expect(tails.map((r) => [r.vessel_id, r.revision, r.event.type])).toEqual([
      [A, '8', a[8].type],
      [A, '9', a[9].type],
      [A, '10', a[10].type],
      [B, '4', b[4].type],
    ]);
  });

  it('leaves the same rows whether the log comes event by event, in uneven batches or all at once, and again after a batch applied twice', async () => {
    const events = history();
    await t.project(events, [projection]);
    const once = await rows();

    for (const sizes of [[1], [3, 1, 5, 2], [7, 9]]) {
      await resetReadModels(t.db);
      for (let i = 0, k = 0; i < events.length; k++) {
        const size = sizes[k % sizes.length];
        await t.project(events.slice(i, i + size), [projection]);
        i += size;
      }
      expect(await rows(), `batches of ${sizes.join(', ')}`).toEqual(once);
    }

    // A batch handed over again (the runner never does, but a handler must take it): nothing moves.
    await t.db.transaction().execute((trx) => projection.apply(trx, events.slice(2, 12).map((e) => toProjectedEvent(e))));
    expect(await rows()).toEqual(once);
  });

  it('answers the latest snapshot that an as-of day keeps whole, and none before the first', async () => {
    const events = history();
    await t.project(events, [projection]);
    const a = streamOf(events, A);
    // A's revision 3 happened on 2025-03-07, its revision 6 on 2025-03-11 and its revision 7 is
    // stamped 2025-02-27: "as of" 2025-03-11 keeps revisions 0 to 7 whole.
    expect([a[3], a[6], a[7]].map((e) => e.metadata.occurredAt.slice(0, 10))).toEqual(['2025-03-07', '2025-03-11', '2025-02-27']);
    expect(await chestSnapshotAsOf(t.db, A, '2025-03-06')).toBeUndefined();
    for (const [asOf, revision] of [['2025-03-07', 3], ['2025-03-10', 3], ['2025-03-11', 7], ['2030-01-01', 7]] as const) {
      const snapshot = await chestSnapshotAsOf(t.db, A, asOf);
      expect(snapshot?.revision, asOf).toBe(revision);
      expect(snapshot?.batches).toEqual(foldTo(a, revision));
    }
    expect(await chestSnapshotAsOf(t.db, 'd0000000-0000-4000-8000-0000000000ff', '2030-01-01')).toBeUndefined();
  });

  it('keeps of snapshots of one business time only the last (an import of many batches at once), however the log is cut into batches', async () => {
    // A's first 11 events in one append (one time), then one event the next day: snapshots at 3
    // and 7 share a time, so only 7 is kept, and 11 (a day later) follows it.
    const log = createFakeLog({ startAt: new Date('2025-03-01T08:00:00.000Z'), stepMs: 0 });
    const later = { occurredAt: '2025-03-02T08:00:00.000Z' };
    const events = [...Array.from({ length: 11 }, (_, n) => log.record(added(A, n + 1, n + 1))), log.record(adjusted(A, 1, 0), later)];
    for (const sizes of [[events.length], [1], [5, 2]]) {
      await resetReadModels(t.db);
      for (let i = 0, k = 0; i < events.length; k++) {
        const size = sizes[k % sizes.length];
        await t.project(events.slice(i, i + size), [projection]);
        i += size;
      }
      const { snapshots, tails } = await rows();
      expect(snapshots.map((s) => s.revision), `batches of ${sizes.join(', ')}`).toEqual(['7', '11']);
      expect(snapshots[0].batches.map((b) => batchOfStored(A, b))).toStrictEqual(foldTo(events, 7));
      expect(tails).toEqual([]);
      expect((await chestSnapshotAsOf(t.db, A, '2025-03-01'))?.revision).toBe(7);
    }
  });
});
