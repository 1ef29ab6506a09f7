import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, snapshotReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { storedBatchNumbers } from './project';
import { listActivities, listActivityPage } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_activity');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const V = 'c0000000-0000-4000-8000-000000000001';
const ADMIN = 'c0000000-0000-4000-8000-0000000000aa';

describe('activity feed', () => {
  it('tells a vessel story newest first, naming the vessel even after it is deleted, and who did it', async () => {
    const log = createFakeLog();
    const by = { userId: ADMIN };
    const events = [
      log.record({
        type: 'UserRegistered',
        data: { userId: ADMIN, email: 'admin@medchest.example', firstName: 'Ada', lastName: 'Admin', role: 'admin', status: 'active', source: 'seed' },
      }),
      log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } }, by),
      log.record({ type: 'VesselUpdated', data: { vesselId: V, details: vesselDetails({ vesselName: 'MV Nordic Dawn' }) } }, by),
      log.record({ type: 'VesselDeleted', data: { vesselId: V, vesselName: 'MV Nordic Dawn' } }, by),
    ];
    await t.project(events);

    const activities = await listActivities(t.db, { limit: 10 });
    expect(activities).toEqual([
      {
        id: events[3].id,
        activityType: 'vessel_deleted',
        description: 'Vessel MV Nordic Dawn removed from the fleet',
        createdAt: events[3].metadata.occurredAt,
        vesselId: V,
        vessel: { vesselName: 'MV Nordic Dawn' },
        user: { firstName: 'Ada', lastName: 'Admin' },
        metadata: {},
      },
      {
        id: events[2].id,
        activityType: 'vessel_updated',
        description: 'Vessel MV Nordic Dawn details updated',
        createdAt: events[2].metadata.occurredAt,
        vesselId: V,
        vessel: { vesselName: 'MV Nordic Dawn' },
        user: { firstName: 'Ada', lastName: 'Admin' },
        metadata: { imoNumber: '9074729' },
      },
      {
        id: events[1].id,
        activityType: 'vessel_created',
        description: 'Vessel MV Nordic Star added to the fleet',
        createdAt: events[1].metadata.occurredAt,
        vesselId: V,
        vessel: { vesselName: 'MV Nordic Star' },
        user: { firstName: 'Ada', lastName: 'Admin' },
        metadata: { imoNumber: '9074729' },
      },
    ]);
  });

  it('shows no user for what the system did, honours the limit, and orders same-instant events by the log', async () => {
    // Every event at the same instant: the log order decides.
    const log = createFakeLog({ stepMs: 0 });
    const events = Array.from({ length: 5 }, (_, n) =>
      log.record({
        type: 'VesselCreated',
        data: { vesselId: `c0000000-0000-4000-8000-00000000010${n}`, details: vesselDetails({ vesselName: `Seeded ${n}` }) },
      }),
    );
    await t.project(events);
    const latest = await listActivities(t.db, { limit: 2 });
    expect(latest.map((a) => a.vessel?.vesselName)).toEqual(['Seeded 4', 'Seeded 3']);
    expect(latest[0].user).toBeNull();
    expect(await listActivities(t.db)).toHaveLength(5);
  });

  it('does not show IMO number claims and releases: they guard uniqueness, a user did nothing new', async () => {
    const log = createFakeLog();
    const imo = { imoNumber: '9074729', vesselId: V };
    await t.project([
      log.record({ type: 'VesselImoClaimed', data: { ...imo, claimedAt: '2026-03-10T12:00:00.000Z' } }),
      log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } }),
      log.record({ type: 'VesselDeleted', data: { vesselId: V, vesselName: 'MV Nordic Star' } }),
      log.record({ type: 'VesselImoReleased', data: imo }),
    ]);
    const activities = await listActivities(t.db, { limit: 10 });
    expect(activities.map((a) => a.activityType)).toEqual(['vessel_deleted', 'vessel_created']);
  });

  it('records an event once however often it is replayed', async () => {
    const log = createFakeLog();
    const event = log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } });
    await t.project([event]);
    const { activityProjection } = await import('./project');
    const { toProjectedEvent } = await import('../apply');
    await t.db.transaction().execute((trx) => activityProjection.apply(trx, [toProjectedEvent(event)]));
    expect(await listActivities(t.db)).toHaveLength(1);
    // The log's count is not counted twice either.
    expect((await listActivityPage(t.db)).total).toBe(1);
  });
});

describe('order activity', () => {
  it('an order created is order_created; each move of its status is order_status_updated with both statuses', async () => {
    const log = createFakeLog();
    const orderId = 'c0000000-0000-4000-8000-0000000000f1';
    const created = log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } });
    const order = log.record({
      type: 'OrderCreated',
      data: {
        orderId,
        orderNumber: 'ORD-2026-0001',
        vesselId: V,
        vesselName: 'MV Nordic Star',
        imoNumber: '9074729',
        expiryThreshold: '2026-06-30',
        items: [{ id: 'i1', scaleId: 'IMGS01', scaleDescription: 'Item', requiredQuantity: 10, currentInventory: 2, orderQuantity: 8 }],
      },
    });
    const approved = log.record({
      type: 'OrderStatusChanged',
      data: { orderId, orderNumber: 'ORD-2026-0001', vesselId: V, from: 'draft', to: 'approved', who: ADMIN, by: 'fleet', when: '2026-03-01T10:00:00.000Z' },
    });
    await t.project([created, order, approved]);
    const page = await listActivityPage(t.db, { vesselId: V });
    expect(page.activities.map((a) => [a.activityType, a.description, a.vessel?.vesselName, a.metadata])).toEqual([
      ['order_status_updated', 'Order ORD-2026-0001 status changed from Draft to Approved', 'MV Nordic Star', { orderNumber: 'ORD-2026-0001', previousStatus: 'draft', newStatus: 'approved' }],
      ['order_created', 'Order ORD-2026-0001 created for MV Nordic Star (1 item)', 'MV Nordic Star', { orderNumber: 'ORD-2026-0001', newStatus: 'draft' }],
      ['vessel_created', 'Vessel MV Nordic Star added to the fleet', 'MV Nordic Star', { imoNumber: '9074729' }],
    ]);
    expect((await listActivityPage(t.db, { type: 'order_status_updated' })).total).toBe(1);
  });
});

describe('certificate activity', () => {
  it('a recorded certificate shows as certificate_updated with its issuer and expiry date', async () => {
    const log = createFakeLog();
    const created = log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } });
    const recorded = log.record({
      type: 'CertificateRecorded',
      data: { vesselId: V, vesselName: 'MV Nordic Star', expiryDate: '2027-04-30', certificateIssuer: 'Bahamas Maritime Authority' },
    });
    await t.project([created, recorded]);
    const [latest] = await listActivities(t.db, { limit: 1 });
    expect(latest).toMatchObject({
      id: recorded.id,
      activityType: 'certificate_updated',
      description: 'Medical chest certificate recorded for MV Nordic Star (issued by Bahamas Maritime Authority)',
      vessel: { vesselName: 'MV Nordic Star' },
      metadata: { certificateIssuer: 'Bahamas Maritime Authority', expiryDate: '2027-04-30' },
    });
  });
});

describe('inventory activity', () => {
  const batch = (n: number) => `c1000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const addBatch = (n: number, batchNumber: number, scaleId = 'IMGS01') => ({
    type: 'BatchAdded' as const,
    data: { batchId: batch(n), vesselId: V, scaleId, batchNumber, quantity: 100 },
  });
  const importOf = (successCount: number, fileName = 'chest.csv') => ({
    type: 'InventoryImported' as const,
    data: { vesselId: V, importId: batch(900 + successCount), fileName, source: 'csv' as const, successCount, errorCount: 1, errors: ['Row 4: unknown scale id X'] },
  });

  it('an import is one inventory_update line naming the file and the vessel; its batches make no line of their own', async () => {
    const log = createFakeLog();
    const by = { userId: ADMIN };
    await t.project([
      log.record({
        type: 'UserRegistered',
        data: { userId: ADMIN, email: 'admin@medchest.example', firstName: 'Ada', lastName: 'Admin', role: 'admin', status: 'active', source: 'seed' },
      }),
      log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } }, by),
    ]);
    const imported = log.record(importOf(2, 'nordic-star.csv'), by);
    await t.project([log.record(addBatch(1, 1), by), log.record(addBatch(2, 2), by), imported]);

    const [latest, ...rest] = await listActivities(t.db, { limit: 10 });
    expect(rest.map((a) => a.activityType)).toEqual(['vessel_created']);
    expect(latest).toEqual({
      id: imported.id,
      activityType: 'inventory_update',
      description: '2 items imported from nordic-star.csv for MV Nordic Star',
      createdAt: imported.metadata.occurredAt,
      vesselId: V,
      vessel: { vesselName: 'MV Nordic Star' },
      user: { firstName: 'Ada', lastName: 'Admin' },
      metadata: { importId: batch(902), fileName: 'nordic-star.csv', source: 'csv', successCount: 2, errorCount: 1 },
    });
  });

  it('names the vessel as it was called when the import happened, renamed in the same batch of the log or before', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } })]);
    await t.project([
      log.record(importOf(1)),
      log.record({ type: 'VesselUpdated', data: { vesselId: V, details: vesselDetails({ vesselName: 'MV Nordic Dawn' }) } }),
      log.record(importOf(3)),
    ]);
    await t.project([log.record(importOf(5))]);
    const lines = (await listActivities(t.db)).filter((a) => a.activityType === 'inventory_update').map((a) => a.description);
    expect(lines).toEqual([
      '5 items imported from chest.csv for MV Nordic Dawn',
      '3 items imported from chest.csv for MV Nordic Dawn',
      '1 item imported from chest.csv for MV Nordic Star',
    ]);
  });

  it('a scale assignment is a vessel_updated line naming the vessel and the scale', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } })]);
    const assigned = log.record({ type: 'VesselScaleAssigned', data: { vesselId: V, scaleId: 'panama-2024-01-01', scaleName: 'Panama Flag Scale' } });
    await t.project([assigned]);
    const [latest] = await listActivities(t.db, { limit: 1 });
    expect(latest).toMatchObject({
      id: assigned.id,
      activityType: 'vessel_updated',
      description: 'Medical scale of MV Nordic Star set to Panama Flag Scale',
      vessel: { vesselName: 'MV Nordic Star' },
      metadata: { scaleId: 'panama-2024-01-01' },
    });
  });

  it('an import for a vessel the feed has never seen keeps its line without the name', async () => {
    const log = createFakeLog();
    await t.project([log.record(importOf(4, 'x.csv'))]);
    const [line] = await listActivities(t.db);
    expect(line).toMatchObject({ description: '4 items imported from x.csv', vessel: null, vesselId: V });
  });

  it('a quantity change names the item and batch number and why; usage is usage_tracked with the quantity used; a count that finds the figure on record confirms it', async () => {
    const log = createFakeLog();
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } }), log.record(addBatch(1, 2, 'IMGS07'))]);
    const counted = log.record({
      type: 'BatchAdjusted',
      data: { batchId: batch(1), vesselId: V, scaleId: 'IMGS07', previousQuantity: 100, newQuantity: 90, reason: 'count' },
    });
    const used = log.record({
      type: 'BatchAdjusted',
      data: { batchId: batch(1), vesselId: V, scaleId: 'IMGS07', previousQuantity: 90, newQuantity: 84, reason: 'usage', note: 'crew injury' },
    });
    // Added and adjusted in the same batch of the log: the number is known from the batch itself.
    const added = log.record(addBatch(2, 1, 'IMGS08'));
    const disposed = log.record({
      type: 'BatchAdjusted',
      data: { batchId: batch(2), vesselId: V, scaleId: 'IMGS08', previousQuantity: 100, newQuantity: 0, reason: 'disposal' },
    });
    const confirmed = log.record({
      type: 'BatchAdjusted',
      data: { batchId: batch(1), vesselId: V, scaleId: 'IMGS07', previousQuantity: 84, newQuantity: 84, reason: 'count' },
    });
    await t.project([counted, used, added, disposed, confirmed]);

    const lines = await listActivities(t.db, { limit: 4 });
    expect(lines.map(({ activityType, description, vessel, metadata }) => ({ activityType, description, vessel, metadata }))).toEqual([
      {
        activityType: 'inventory_update',
        description: 'Quantity of IMGS07 batch 2 confirmed at 84 (stock count)',
        vessel: { vesselName: 'MV Nordic Star' },
        metadata: { quantityRemaining: 84, reason: 'count' },
      },
      {
        activityType: 'inventory_update',
        description: 'Quantity of IMGS08 batch 1 changed from 100 to 0 (disposed of)',
        vessel: { vesselName: 'MV Nordic Star' },
        metadata: { quantityRemaining: 0, reason: 'disposal' },
      },
      {
        activityType: 'usage_tracked',
        description: 'Quantity of IMGS07 batch 2 changed from 90 to 84 (used on board)',
        vessel: { vesselName: 'MV Nordic Star' },
        metadata: { quantityRemaining: 84, reason: 'usage', quantityUsed: 6 },
      },
      {
        activityType: 'inventory_update',
        description: 'Quantity of IMGS07 batch 2 changed from 100 to 90 (stock count)',
        vessel: { vesselName: 'MV Nordic Star' },
        metadata: { quantityRemaining: 90, reason: 'count' },
      },
    ]);
    expect(lines[1].id).toBe(disposed.id);
  });

  it('gives the same lines event by event as in one batch of the log', async () => {
    const log = createFakeLog();
    const events = [
      log.record({ type: 'VesselCreated', data: { vesselId: V, details: vesselDetails() } }),
      log.record(addBatch(1, 1)),
      log.record(importOf(1)),
      log.record({ type: 'VesselUpdated', data: { vesselId: V, details: vesselDetails({ vesselName: 'MV Nordic Dawn' }) } }),
      log.record({
        type: 'BatchAdjusted',
        data: { batchId: batch(1), vesselId: V, scaleId: 'IMGS01', previousQuantity: 100, newQuantity: 1, reason: 'usage' },
      }),
      log.record(importOf(2)),
    ];
    for (const event of events) await t.project([event]);
    const oneByOne = await snapshotReadModels(t.db);
    expect(oneByOne.activities).toHaveLength(5);
    await resetReadModels(t.db);
    await t.project(events);
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);
  });
});

describe('stored batch numbers', () => {
  it('are looked up pair by pair through the key, also where a join would hash the whole table', async () => {
    // 100,000 batches with statistics: as a join, the ~2,000 pairs of a batch of events were
    // hashed against a sequential scan of the whole table here (three times the lookups' time).
    await sql`INSERT INTO activity_batches (vessel_id, batch_id, batch_number)
      SELECT 'v' || (g % 2000), 'b' || g, g % 50 + 1 FROM generate_series(1, 100000) AS g`.execute(t.db);
    await sql`ANALYZE activity_batches`.execute(t.db);
    const pairs = new Map<string, string>();
    for (let g = 1; g <= 100_000; g += 50) pairs.set(`b${g}`, `v${g % 2000}`);
    pairs.set('b-never-added', 'v1');

    const { rows } = await storedBatchNumbers(pairs).execute(t.db);
    expect(rows).toHaveLength(2000);
    expect(rows.every((row) => row.batch_number === (Number(row.batch_id.slice(1)) % 50) + 1)).toBe(true);

    const compiled = storedBatchNumbers(pairs).compile(t.db);
    const { rows: plan } = await t.db.executeQuery<{ 'QUERY PLAN': string }>({
      ...compiled,
      sql: `EXPLAIN (COSTS OFF) ${compiled.sql}`,
    });
    const lines = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(lines).toMatch(/Index Scan using activity_batches_pk on activity_batches/);
    expect(lines).not.toMatch(/Seq Scan on activity_batches/);
  });
});
