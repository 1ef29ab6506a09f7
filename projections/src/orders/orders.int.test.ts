import { type DomainEvent, type OrderStatus } from '@medchest/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listActivities } from '../activity/queries';
import { createReadModelTestDb, resetReadModels, snapshotReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog } from '../testing/events';
import { getOrder, listOrders, listSupplierOrders } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_orders');
});
beforeEach(async () => {
  await resetReadModels(t.db);
});
afterAll(async () => {
  await t?.close();
});

const orderId = '7c1b6a3e-2d4f-4e5a-8b9c-0d1e2f3a4b5c';
const vesselId = '0b6f1c52-2f3e-4f65-9a55-6d1b3c0f7e11';
const orderNumber = 'ORD-2026-00007';
const move = (from: OrderStatus, to: OrderStatus, by: 'fleet' | 'supplier' = 'fleet'): DomainEvent => ({
  type: 'OrderStatusChanged',
  data: { orderId, orderNumber, vesselId, from, to, who: null, by, when: '2026-11-25T10:00:00.000Z' },
});
const history: DomainEvent[] = [
  {
    type: 'OrderCreated',
    data: {
      orderId,
      orderNumber,
      vesselId,
      vesselName: 'MV Nordic Star',
      imoNumber: '9074729',
      expiryThreshold: '2027-01-31',
      items: [
        { id: 'i1', scaleId: 'IMGS01', scaleDescription: 'Aspirin', requiredQuantity: 50, currentInventory: 20, orderQuantity: 30, unitCost: 0.5 },
        { id: 'i2', scaleId: 'IMGS02', scaleDescription: 'Aciclovir', requiredQuantity: 10, currentInventory: 0, orderQuantity: 10 },
      ],
    },
  },
  move('draft', 'approved'),
  {
    type: 'OrderVendorAssigned',
    data: { orderId, orderNumber, vesselId, supplierName: 'Marine Med Supply', supplierEmail: 'orders@mms.example', assignedBy: null, assignedAt: '2026-11-25T11:00:00.000Z' },
  },
  move('approved', 'ordered'),
  { type: 'OrderItemsQuoted', data: { orderId, by: 'supplier', quotes: [{ orderItemId: 'i2', unitCost: 2 }] } },
  move('ordered', 'acknowledged', 'supplier'),
  {
    type: 'OrderItemsReceived',
    data: { orderId, vesselId, receiptId: 'r1', items: [{ orderItemId: 'i1', scaleId: 'IMGS01', batchId: 'b1', quantityReceived: 30, batchNumber: 1 }] },
  },
];

describe('the orders read model', () => {
  it('shows an order as its events leave it: status, vendor, quotes, value, received quantities and history', async () => {
    const log = createFakeLog();
    await t.project(history.map((event) => log.record(event)));

    const order = await getOrder(t.db, orderId);
    expect(order).toMatchObject({
      orderNumber,
      status: 'acknowledged',
      vesselName: 'MV Nordic Star',
      supplierName: 'Marine Med Supply',
      totalItems: 2,
      estimatedCost: 35,
      sentAt: '2026-11-25T11:00:00.000Z',
    });
    expect(order!.orderItems.map((i) => [i.scaleId, i.unitCost, i.totalCost, i.receivedQuantity])).toEqual([
      ['IMGS01', 0.5, 15, 30],
      ['IMGS02', 2, 20, 0],
    ]);
    expect(order!.statusHistory.map((h) => `${h.from}→${h.to}`)).toEqual(['draft→approved', 'approved→ordered', 'ordered→acknowledged']);

    expect(await listOrders(t.db, { status: 'acknowledged' })).toHaveLength(1);
    expect(await listOrders(t.db, { status: 'draft' })).toHaveLength(0);
    expect(await listOrders(t.db, { vesselIds: [] })).toHaveLength(0);
    expect((await listSupplierOrders(t.db, '  marine med SUPPLY '))[0].status).toBe('acknowledged');
    expect(await listSupplierOrders(t.db, 'Marine Med Supply', { vesselIds: ['another'] })).toEqual([]);

    const activity = await listActivities(t.db);
    expect(activity.filter((a) => a.activityType === 'order_status_updated').map((a) => a.metadata)).toContainEqual({
      orderNumber,
      previousStatus: 'draft',
      newStatus: 'approved',
    });
    expect(activity.find((a) => a.activityType === 'order_created')?.metadata).toEqual({ orderNumber, newStatus: 'draft' });
  });

  it('gives the same rows replayed one by one as in one batch, and twice', async () => {
    const log = createFakeLog();
    const recorded = history.map((event) => log.record(event));
    for (const event of recorded) await t.project([event]);
    const oneByOne = await snapshotReadModels(t.db);
    await resetReadModels(t.db);
    await t.project(recorded);
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);
    await t.project(recorded);
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);
    // Created in one batch, every later event in the next: moves, vendor, quote and receipt of an
    // order already stored, folded into one statement per table.
    await resetReadModels(t.db);
    await t.project(recorded.slice(0, 1));
    await t.project(recorded.slice(1));
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);
  });
});
