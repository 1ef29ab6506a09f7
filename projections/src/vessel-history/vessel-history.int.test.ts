import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@medchest/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityProjection } from '../activity/project';
import { applyBatch } from '../apply';
import { ensureCheckpoints, readCheckpoints } from '../checkpoints/checkpoints';
import { createReadModelTestDb, resetReadModels, snapshotReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog, vesselDetails } from '../testing/events';
import { copiesInto, recordStatements } from '../testing/statements';
import { mayOpenVesselStream, vesselHistoryProjection } from './project';
import { listVesselHistory, listVesselStreams } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_vessel_history');
});
afterAll(async () => {
  await t?.close();
});

const statements = recordStatements();

describe('vessel history read model', () => {
  // One log for the file: its positions go on from test to test, as the read model's checkpoint does.
  const log = createFakeLog();

  it('keeps one entry per event naming the vessel, with the values each changed', async () => {
    const vesselId = randomUUID();
    const other = randomUUID();
    const batchId = randomUUID();
    const events = [
      log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails() } }),
      log.record({ type: 'VesselCreated', data: { vesselId: other, details: vesselDetails({ vesselName: 'Other', imoNumber: 'OTHER01' }) } }),
      log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ crewSizeCategory: 30 }) } }),
      log.record({ type: 'BatchAdded', data: { batchId, vesselId, scaleId: 'IMGS01', batchNumber: 2, quantity: 10, expiryDate: '2030-01-01' } }),
      log.record({ type: 'BatchAdjusted', data: { batchId, vesselId, scaleId: 'IMGS01', previousQuantity: 10, newQuantity: 7, reason: 'usage' } }),
      log.record({ type: 'BatchRemoved', data: { batchId, vesselId, scaleId: 'IMGS01' } }),
    ];
    // In two batches: the second sees the state the first left.
    await t.project(events.slice(0, 4));
    await t.project(events.slice(4));
    const { entries, total } = await listVesselHistory(t.db, vesselId);
    expect(total).toBe(5);
    expect(entries.map((e) => [e.type, e.summary, e.changes])).toEqual([
      ['BatchRemoved', 'IMGS01 batch 2 taken off the record', [{ field: 'IMGS01 batch 2 quantity', before: 7, after: null }]],
      ['BatchAdjusted', 'IMGS01 batch 2: Used on board', [{ field: 'IMGS01 batch 2 quantity', before: 10, after: 7 }]],
      [
        'BatchAdded',
        'IMGS01 batch 2: 10 on board, expiring 2030-01-01',
        [
          { field: 'IMGS01 batch 2 quantity', before: null, after: 10 },
          { field: 'IMGS01 batch 2 expiry', before: null, after: '2030-01-01' },
        ],
      ],
      ['VesselUpdated', 'Changed: Crew size', [{ field: 'Crew size', before: 22, after: 30 }]],
      ['VesselCreated', 'Vessel MV Nordic Star added to the fleet', expect.arrayContaining([{ field: 'Vessel name', before: null, after: 'MV Nordic Star' }])],
    ]);
    expect(await listVesselStreams(t.db, vesselId)).toEqual([`inventory-${vesselId}`, `vessel-${vesselId}`]);
  });

  it('keeps each vessel state from batch to batch as the JSON text of the state, whatever its values hold, and tells the next edit from it', async () => {
    const vesselId = randomUUID();
    const awkward = 'Quote " back\\slash \\" tab\t new\nline {"json": [1]} Ærø ⚓ 😷 \u0001';
    await t.project([log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails({ contactName: awkward }) } })]);
    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ contactName: `${awkward} 2`, fleet: 'Baltic' }) } })]);
    const stored = await sql<{ state: string }>`SELECT state::text AS state FROM vessel_history_state WHERE vessel_id = ${vesselId}`.execute(t.db);
    expect(stored.rows).toHaveLength(1);
    const [{ state }] = stored.rows;
    // The state as JSON.stringify writes it (the event's details in the order the log holds their fields).
    expect(JSON.parse(state)).toEqual({ details: vesselDetails({ contactName: `${awkward} 2`, fleet: 'Baltic' }) });
    expect(state).toBe(JSON.stringify(JSON.parse(state)));

    await t.project([log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ contactName: awkward, fleet: 'Baltic' }) } })]);
    const { entries } = await listVesselHistory(t.db, vesselId);
    expect(entries.slice(0, 2).map((e) => e.changes)).toEqual([
      [{ field: 'Contact name', before: `${awkward} 2`, after: awkward }],
      [
        { field: 'Contact name', before: awkward, after: `${awkward} 2` },
        { field: 'Fleet', before: 'North Atlantic', after: 'Baltic' },
      ],
    ]);
  });

  it('tells an order’s life in words: what was ordered, each move, the supplier, what came on board (no ids)', async () => {
    const vesselId = randomUUID();
    const orderId = randomUUID();
    const receiptId = randomUUID();
    const batchId = randomUUID();
    const orderNumber = 'ORD-2026-00007';
    const move = (from: OrderStatus, to: OrderStatus, by: 'fleet' | 'supplier') => ({
      type: 'OrderStatusChanged' as const,
      data: { orderId, orderNumber, vesselId, from, to, who: by === 'fleet' ? randomUUID() : null, by, when: '2026-05-14T10:00:00.000Z' },
    });
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails({ imoNumber: 'ORDERS1' }) } }),
      log.record({
        type: 'OrderCreated',
        data: {
          orderId,
          orderNumber,
          vesselId,
          vesselName: 'MV Nordic Star',
          imoNumber: 'ORDERS1',
          expiryThreshold: '2026-06-12',
          notes: 'Urgent',
          items: [
            { id: randomUUID(), scaleId: 'IMGS45A', scaleDescription: 'x', requiredQuantity: 1, currentInventory: 0, orderQuantity: 2 },
            { id: randomUUID(), scaleId: 'IMGS02', scaleDescription: 'y', requiredQuantity: 1, currentInventory: 1, orderQuantity: 0 },
          ],
        },
      }),
      log.record({ type: 'OrderVendorAssigned', data: { orderId, orderNumber, vesselId, supplierName: 'Nordic Ship Medical Supply', supplierEmail: 'orders@nordic.example', assignedBy: randomUUID(), assignedAt: '2026-05-14T10:00:00.000Z' } }),
      log.record(move('ordered', 'acknowledged', 'supplier')),
      log.record({ type: 'OrderItemsReceived', data: { orderId, vesselId, receiptId, items: [{ orderItemId: randomUUID(), scaleId: 'IMGS45A', batchId, quantityReceived: 2, batchNumber: 1, expiryDate: '2028-07-16' }] } }),
      log.record(move('acknowledged', 'delivered', 'fleet')),
    ]);
    const { entries } = await listVesselHistory(t.db, vesselId, { type: undefined });
    const orderEntries = entries.filter((e) => e.type.startsWith('Order')).reverse();
    expect(orderEntries.map((e) => [e.summary, e.changes])).toEqual([
      ['Order ORD-2026-00007 created: 2 of IMGS45A (Urgent)', [{ field: 'Order ORD-2026-00007 status', before: null, after: 'Draft' }]],
      ['Order ORD-2026-00007 sent to Nordic Ship Medical Supply (orders@nordic.example)', [{ field: 'Order ORD-2026-00007 supplier', before: null, after: 'Nordic Ship Medical Supply' }]],
      ['Order ORD-2026-00007: Acknowledged (by the supplier)', [{ field: 'Order ORD-2026-00007 status', before: 'Ordered', after: 'Acknowledged' }]],
      ['Order ORD-2026-00007 received on board: 2 of IMGS45A as batch 1, expiring 2028-07-16', []],
      ['Order ORD-2026-00007: Delivered', [{ field: 'Order ORD-2026-00007 status', before: 'Acknowledged', after: 'Delivered' }]],
    ]);
    // What the auditor reads names the order by its number, never by an id.
    expect(JSON.stringify(orderEntries.map((e) => [e.summary, e.changes]))).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('lists every stream that names a vessel, each stream first met in any batch, whatever the stream’s kind', async () => {
    const vesselId = randomUUID();
    const other = randomUUID();
    const orderId = randomUUID();
    const batchId = randomUUID();
    const captain = randomUUID();
    const order = { orderId, orderNumber: 'ORD-2026-00042', vesselId };
    const events = [
      // Batch 1: the vessel's own stream opens (revision 0), and edits follow on it.
      log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails({ imoNumber: 'STREAMS1' }) } }),
      log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ imoNumber: 'STREAMS1', crewSizeCategory: 30 }) } }),
      // Batch 2: more edits (revisions past 0), the chest's stream and the scale's stream open.
      log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ imoNumber: 'STREAMS1', crewSizeCategory: 31 }) } }),
      log.record({ type: 'BatchAdded', data: { batchId, vesselId, scaleId: 'IMGS01', batchNumber: 1, quantity: 5 } }),
      log.record({ type: 'VesselScaleAssigned', data: { vesselId, scaleId: 'imgs-2024' } }),
      // Batch 3: an order's stream, the chest's stream again, and another vessel.
      log.record({ type: 'BatchAdjusted', data: { batchId, vesselId, scaleId: 'IMGS01', previousQuantity: 5, newQuantity: 4, reason: 'usage' } }),
      log.record({ type: 'VesselCreated', data: { vesselId: other, details: vesselDetails({ vesselName: 'Other', imoNumber: 'STREAMS2' }) } }),
      log.record({ type: 'OrderVendorAssigned', data: { ...order, supplierName: 'S', supplierEmail: 's@example.com', assignedBy: captain, assignedAt: '2026-05-14T10:00:00.000Z' } }),
      log.record({ type: 'OrderStatusChanged', data: { ...order, from: 'ordered', to: 'acknowledged', who: null, by: 'supplier', when: '2026-05-14T11:00:00.000Z' } }),
    ];
    // A user's stream (as the command API appends an account: user-{id}) that names the vessel on
    // its second event, not its first.
    const captainEvent = {
      ...log.record({ type: 'UserRegistered', data: { userId: captain, email: 'captain@example.com', role: 'fleet_manager', status: 'active', source: 'admin', vesselId } }),
      streamId: `user-${captain}`,
      revision: 1n,
    };
    await t.project(events.slice(0, 2));
    await t.project(events.slice(2, 6));
    await t.project([...events.slice(6), captainEvent]);
    expect(await listVesselStreams(t.db, vesselId)).toEqual(
      [`inventory-${vesselId}`, `order-${orderId}`, `user-${captain}`, `vessel-${vesselId}`, `vesselScale-${vesselId}`].sort(),
    );
    expect(await listVesselStreams(t.db, other)).toEqual([`vessel-${other}`]);
  });

  it('proposes a (vessel, stream) pair on a vessel’s own stream only at its first event, on any other stream on every event', () => {
    const vesselId = randomUUID();
    for (const own of [`vessel-${vesselId}`, `inventory-${vesselId}`, `vesselScale-${vesselId}`]) {
      expect(mayOpenVesselStream({ streamId: own, revision: 0n }, vesselId)).toBe(true);
      expect(mayOpenVesselStream({ streamId: own, revision: 7n }, vesselId)).toBe(false);
    }
    expect(mayOpenVesselStream({ streamId: `vessel-${randomUUID()}`, revision: 7n }, vesselId)).toBe(true);
    expect(mayOpenVesselStream({ streamId: `order-${randomUUID()}`, revision: 3n }, vesselId)).toBe(true);
    expect(mayOpenVesselStream({ streamId: `user-${randomUUID()}`, revision: 1n }, vesselId)).toBe(true);
  });
  it('in a rebuild (each event once) COPYs the batches first added in a batch of the log, its own and the feed\'s; one added again after its removal goes through the upsert; the rows are the upsert\'s', async () => {
    const vesselId = randomUUID();
    const batchId = (n: number) => `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const on = { vesselId, scaleId: 'IMGS01' };
    const add = (n: number, quantity = 10) => log.record({ type: 'BatchAdded', data: { ...on, batchId: batchId(n), batchNumber: n, quantity } });
    const adjust = (n: number, previousQuantity: number, newQuantity: number) =>
      log.record({ type: 'BatchAdjusted', data: { ...on, batchId: batchId(n), previousQuantity, newQuantity, reason: 'count' } });
    const remove = (n: number) => log.record({ type: 'BatchRemoved', data: { ...on, batchId: batchId(n) } });
    const batchesOfTheLog = [
      [log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails() } }), add(1), add(2), adjust(1, 10, 7)],
      [adjust(2, 10, 4), add(3), remove(1)],
      // Batch 1 added again after its removal in an earlier batch of the log (its rows are stored);
      // batch 3 removed and added again within one.
      [add(1, 5), adjust(3, 10, 9), remove(3), add(3, 2), add(4)],
    ];
    const projections = [vesselHistoryProjection, activityProjection];
    await resetReadModels(t.db);
    for (const events of batchesOfTheLog) await t.project(events, projections);
    const upserted = await snapshotReadModels(t.db);
    expect(upserted.vessel_history_batches).toHaveLength(4);
    expect(upserted.activity_batches).toHaveLength(4);

    await resetReadModels(t.db);
    statements.length = 0;
    const names = projections.map((p) => p.name);
    await ensureCheckpoints(t.db, 'projection', names);
    const checkpoints = await readCheckpoints(t.db, names);
    for (const events of batchesOfTheLog) await applyBatch(t.db, projections, checkpoints, events, { exactlyOnce: true, validate: true });
    // Tried in each batch of the log; the third's found batch 1 stored and was rolled back.
    expect(copiesInto(statements, 'vessel_history_batches')).toBe(3);
    expect(copiesInto(statements, 'activity_batches')).toBe(3);
    expect(statements.filter((s) => s.startsWith('ROLLBACK TO SAVEPOINT'))).toHaveLength(2);
    expect(await snapshotReadModels(t.db)).toEqual(upserted);
  });
  it('leaves a stored batch as it is when a later batch of the log confirms its quantity (no new row version), and updates one whose quantity it changes', async () => {
    const vesselId = randomUUID();
    const [confirmed, changed] = [randomUUID(), randomUUID()];
    const on = { vesselId, scaleId: 'IMGS01' };
    const adjust = (batchId: string, previousQuantity: number, newQuantity: number) =>
      log.record({ type: 'BatchAdjusted', data: { ...on, batchId, previousQuantity, newQuantity, reason: 'count' } });
    await t.project([
      log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails() } }),
      log.record({ type: 'BatchAdded', data: { ...on, batchId: confirmed, batchNumber: 1, quantity: 10 } }),
      log.record({ type: 'BatchAdded', data: { ...on, batchId: changed, batchNumber: 2, quantity: 10 } }),
    ]);
    const stored = async () =>
      (
        await sql<{ batch_number: number; quantity: number; xmin: string }>`
          SELECT batch_number, quantity, xmin::text FROM vessel_history_batches WHERE vessel_id = ${vesselId} ORDER BY batch_number`.execute(t.db)
      ).rows;
    const before = await stored();
    await t.project([adjust(confirmed, 10, 10), adjust(changed, 10, 6)]);
    const after = await stored();
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ batch_number: 2, quantity: 6 });
    expect(after[1].xmin).not.toBe(before[1].xmin);
    // The next entry still tells the batch by its number and stored quantity.
    await t.project([log.record({ type: 'BatchRemoved', data: { ...on, batchId: confirmed } })]);
    const { entries } = await listVesselHistory(t.db, vesselId);
    expect(entries[0].changes).toEqual([{ field: 'IMGS01 batch 1 quantity', before: 10, after: null }]);
  });
});
