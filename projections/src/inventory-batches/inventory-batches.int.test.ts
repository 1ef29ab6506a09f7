import type { DomainEvent } from '@medchest/domain';
import type { RecordedEvent } from '@medchest/eventstore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyBatch, toProjectedEvent } from '../apply';
import { ensureCheckpoints, readCheckpoints } from '../checkpoints/checkpoints';
import { createReadModelTestDb, resetReadModels, snapshotReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { copiesInto, recordStatements } from '../testing/statements';
import { medicalChestProjection } from '../medical-chest/project';
import { getBatch, listVesselBatches } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_inventory_batches');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const A = 'd0000000-0000-4000-8000-00000000000a';
const B = 'd0000000-0000-4000-8000-00000000000b';
const batchId = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Added = Extract<DomainEvent, { type: 'BatchAdded' }>['data'];
const added = (n: number, overrides: Partial<Added> = {}): DomainEvent => ({
  type: 'BatchAdded',
  data: { batchId: batchId(n), vesselId: A, scaleId: 'IMGS01', batchNumber: 1, quantity: 10, ...overrides },
});
const adjusted = (n: number, previousQuantity: number, newQuantity: number, vesselId = A): DomainEvent => ({
  type: 'BatchAdjusted',
  data: { batchId: batchId(n), vesselId, scaleId: 'IMGS01', previousQuantity, newQuantity, reason: 'count' },
});

const statements = recordStatements();

describe('inventory batches', () => {
  it('lists a vessel’s batches with every field of the spec, absent ones as null, by scale id then batch number', async () => {
    const log = createFakeLog();
    const first = log.record(
      added(1, { scaleId: 'IMGS02', batchNumber: 2, productName: 'Paracetamol 500 mg', quantity: 40, expiryDate: '2026-05-31', conditionNotes: 'Sealed' }),
    );
    await t.project([
      first,
      log.record(added(2, { scaleId: 'IMGS02', batchNumber: 1, quantity: 20 })),
      log.record(added(3, { scaleId: 'IMGS01', batchNumber: 1, quantity: 5, expiryDate: '2027-01-01' })),
      log.record(added(4, { scaleId: 'IMGS10', batchNumber: 1 })),
      log.record(added(5, { vesselId: B, scaleId: 'IMGS01' })),
    ]);

    const batches = await listVesselBatches(t.db, A);
    expect(batches.map((b) => [b.scaleId, b.batchNumber])).toEqual([
      ['IMGS01', 1],
      ['IMGS02', 1],
      ['IMGS02', 2],
      ['IMGS10', 1],
    ]);
    expect(batches[2]).toEqual({
      id: batchId(1),
      scaleId: 'IMGS02',
      productName: 'Paracetamol 500 mg',
      quantityOnBoard: 40,
      batchNumber: 2,
      expiryDate: '2026-05-31',
      conditionNotes: 'Sealed',
      // The revision of its last change in the vessel's inventory stream (here: its BatchAdded).
      version: 0,
    });
    expect(batches[1]).toEqual({
      id: batchId(2),
      scaleId: 'IMGS02',
      productName: null,
      quantityOnBoard: 20,
      batchNumber: 1,
      expiryDate: null,
      conditionNotes: null,
      version: 1,
    });
    expect((await listVesselBatches(t.db, B)).map((b) => b.id)).toEqual([batchId(5)]);
    expect(await getBatch(t.db, A, batchId(1))).toEqual({ ...batches[2], vesselId: A });
    expect(await getBatch(t.db, A, batchId(99))).toBeUndefined();
    const row = await t.db.selectFrom('inventory_batches').selectAll().where('id', '=', batchId(1)).executeTakeFirstOrThrow();
    expect(row.created_at.toISOString()).toBe(first.metadata.occurredAt);
    expect(row.updated_at.toISOString()).toBe(first.metadata.occurredAt);
  });

  it('a usage sets the remaining figure and the version to its own revision, replayed or not', async () => {
    const log = createFakeLog();
    const events = [
      log.record(added(1, { quantity: 30 })),
      log.record(added(2, { quantity: 7 })),
      log.record({
        type: 'BatchUsageRecorded',
        data: { batchId: batchId(1), vesselId: A, scaleId: 'IMGS01', quantityUsed: 4, previousQuantity: 30, quantityRemaining: 26, reason: 'Burn', usageDate: '2026-01-15' },
      }),
    ];
    await t.project(events.slice(0, 1));
    await t.project(events.slice(1));
    await t.project(events.slice(1));
    expect((await getBatch(t.db, A, batchId(1)))).toMatchObject({ quantityOnBoard: 26, version: 2 });
    expect((await getBatch(t.db, A, batchId(2)))).toMatchObject({ quantityOnBoard: 7, version: 1 });
  });

  it('batches sharing a number within an item are listed in the order they were added', async () => {
    const log = createFakeLog();
    const second = log.record(added(2));
    expect(second.streamId).toBe(`inventory-${A}`);
    await t.project([second, log.record(added(1))]);
    expect((await listVesselBatches(t.db, A)).map((b) => b.id)).toEqual([batchId(2), batchId(1)]);
  });

  it('an adjustment sets the quantity on board, whether the batch was added in an earlier batch of the log or the same one', async () => {
    const log = createFakeLog();
    const add1 = log.record(added(1, { quantity: 100 }));
    await t.project([add1]);
    const adjust1 = log.record(adjusted(1, 100, 80));
    await t.project([
      adjust1,
      log.record(added(2, { scaleId: 'IMGS02', quantity: 30 })),
      log.record(adjusted(2, 30, 25)),
      log.record(adjusted(2, 25, 0)),
    ]);

    expect((await listVesselBatches(t.db, A)).map((b) => [b.id, b.quantityOnBoard])).toEqual([
      [batchId(1), 80],
      [batchId(2), 0],
    ]);
    const row = await t.db.selectFrom('inventory_batches').selectAll().where('id', '=', batchId(1)).executeTakeFirstOrThrow();
    expect(row.created_at.toISOString()).toBe(add1.metadata.occurredAt);
    expect(row.updated_at.toISOString()).toBe(adjust1.metadata.occurredAt);
  });

  it('a removed batch is gone from the list and the lookup, in a later batch of the log or the same one', async () => {
    const log = createFakeLog();
    await t.project([log.record(added(1)), log.record(added(2))]);
    await t.project([
      log.record({ type: 'BatchRemoved', data: { batchId: batchId(1), vesselId: A, scaleId: 'IMGS01', reason: 'entered by mistake' } }),
      log.record(added(3)),
      log.record(adjusted(3, 10, 4)),
      log.record({ type: 'BatchRemoved', data: { batchId: batchId(3), vesselId: A, scaleId: 'IMGS01' } }),
    ]);
    expect((await listVesselBatches(t.db, A)).map((b) => b.id)).toEqual([batchId(2)]);
    expect(await getBatch(t.db, A, batchId(1))).toBeUndefined();
    expect(await getBatch(t.db, A, batchId(3))).toBeUndefined();
  });

  it('a deleted vessel takes its batches with it; other vessels keep theirs', async () => {
    const log = createFakeLog();
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId: A, details: vesselDetails() } }),
      log.record({ type: 'VesselCreated', data: { vesselId: B, details: vesselDetails({ vesselName: 'Atlantic Hope', imoNumber: '9321483' }) } }),
      log.record(added(1)),
      log.record(added(2, { vesselId: B })),
    ]);
    // In the same batch as the deletion: a batch added and one adjusted just before it.
    await t.project([
      log.record(added(3)),
      log.record(adjusted(1, 10, 7)),
      log.record({ type: 'VesselDeleted', data: { vesselId: A, vesselName: 'MV Nordic Star' } }),
    ]);
    expect(await listVesselBatches(t.db, A)).toEqual([]);
    expect(await getBatch(t.db, A, batchId(3))).toBeUndefined();
    expect((await listVesselBatches(t.db, B)).map((b) => b.id)).toEqual([batchId(2)]);
  });

  it('gives the same rows event by event as in one batch, and a replayed batch changes nothing', async () => {
    const log = createFakeLog();
    const events: RecordedEvent[] = [];
    for (let n = 1; n <= 30; n++) {
      events.push(log.record(added(n, { vesselId: n % 3 === 0 ? B : A, scaleId: `IMGS${String(n % 7).padStart(2, '0')}`, batchNumber: (n % 3) + 1, quantity: n })));
      if (n % 2 === 0) events.push(log.record(adjusted(n, n, n * 2, n % 3 === 0 ? B : A)));
      if (n % 5 === 0) events.push(log.record({ type: 'BatchRemoved', data: { batchId: batchId(n - 1), vesselId: (n - 1) % 3 === 0 ? B : A, scaleId: 'x' } }));
    }
    for (const event of events) await t.project([event]);
    const oneByOne = await snapshotReadModels(t.db);
    expect(oneByOne.inventory_batches).toHaveLength(24);

    await resetReadModels(t.db);
    await t.project(events);
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);

    await t.db.transaction().execute((trx) => medicalChestProjection.apply(trx, events.map((e) => toProjectedEvent(e))));
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);
  });

  it('applies a thousand-row import and its adjustments in one batch of the log', async () => {
    const log = createFakeLog({ stepMs: 0 });
    const events: RecordedEvent[] = [];
    for (let n = 1; n <= 1000; n++) events.push(log.record(added(n, { scaleId: `IMGS${String(n % 230).padStart(3, '0')}`, quantity: n })));
    for (let n = 1; n <= 1000; n += 2) events.push(log.record(adjusted(n, n, n - 1)));
    await t.project(events);
    const batches = await listVesselBatches(t.db, A);
    expect(batches).toHaveLength(1000);
    expect(batches.reduce((sum, b) => sum + b.quantityOnBoard, 0)).toBe((1000 * 1001) / 2 - 500);
  });

  it('in a rebuild (each event once) COPYs the batches added first, storing what the upsert stores; one removed and added again in one batch of the log replaces its row', async () => {
    const log = createFakeLog();
    const removed = (n: number): DomainEvent => ({ type: 'BatchRemoved', data: { batchId: batchId(n), vesselId: A, scaleId: 'IMGS01' } });
    const batchesOfTheLog = [
      [
        log.record(added(1, { productName: 'Tab\there, back\\slash \\N', conditionNotes: 'new\nline', expiryDate: '2027-01-31' })),
        log.record(added(2)),
        log.record(adjusted(1, 10, 7)),
        log.record(added(3, { vesselId: B, batchNumber: 2 })),
      ],
      // Batch 2 removed and added again in one batch of the log: its row is stored, and stays.
      [log.record(removed(2)), log.record(added(2, { batchNumber: 5, quantity: 3 })), log.record(added(4)), log.record(adjusted(4, 10, 9))],
      // Removed in one batch of the log, added again in a later one.
      [log.record(removed(4))],
      [log.record(added(4, { quantity: 1 })), log.record(added(5))],
    ];
    for (const events of batchesOfTheLog) await t.project(events, [medicalChestProjection]);
    const upserted = await snapshotReadModels(t.db);
    expect(upserted.inventory_batches).toHaveLength(5);

    await resetReadModels(t.db);
    statements.length = 0;
    await ensureCheckpoints(t.db, 'projection', [medicalChestProjection.name]);
    const checkpoints = await readCheckpoints(t.db, [medicalChestProjection.name]);
    for (const events of batchesOfTheLog) await applyBatch(t.db, [medicalChestProjection], checkpoints, events, { exactlyOnce: true, validate: true });
    // Batches 1 and 3, then 4, then 4 and 5 again; batch 2 added again went through the upsert.
    expect(copiesInto(statements, 'inventory_batches')).toBe(3);
    expect(await snapshotReadModels(t.db)).toEqual(upserted);
  });
});
