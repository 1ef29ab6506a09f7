import { DEMO_CAPTAIN_VESSEL_IMO, NOTHING_RECEIVED, RECEIVE_MESSAGES } from '@medchest/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * Issue 12 (with #7): the captain receives a delivery into the chest from the dashboard's supply
 * orders. POST /api/captain/orders/{id}/receive takes the fleet's receipt body, on an order of the
 * session's own vessel only, and goes through the same order and inventory deciders as the fleet's
 * PATCH status delivered: the batches land in the chest, the order moves on, bad input is a 400
 * with the messages and nothing appended, and another vessel's order does not exist (404).
 */

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await startTestApp('api_captain_receive');
  ({ manager } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

type Item = { id: string; scaleId: string; orderQuantity: number; receivedQuantity: number };
type Order = { id: string; orderNumber: string; status: string; orderItems: Item[]; statusHistory: { from: string; to: string; by: string; user: unknown }[] };
type Batch = { id: string; scaleId: string; batchNumber: number; quantityOnBoard: number; expiryDate: string | null };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A vessel with a little IMGS01 on board, and an order for IMGS01 and IMGS02 moved to `status` by the fleet. */
async function vesselWithOrder(status: 'approved' | 'ordered', overrides: Record<string, unknown> = {}) {
  const vesselId = await t.createVessel(manager, overrides);
  const imported = await t.send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
    fileName: 'chest.csv',
    items: [{ scaleId: 'IMGS01', quantityOnBoard: 2, batchNumber: 1, expiryDate: inDays(400) }],
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const threshold = inDays(90);
  const preview = (await t.send('POST', `/api/vessels/${vesselId}/generate-order`, manager, { expiryThreshold: threshold })).json() as {
    orderItems: { scaleId: string; orderQuantity: number }[];
  };
  const created = await t.send('POST', '/api/orders', manager, {
    vesselId,
    orderData: { expiryThreshold: threshold, status: 'draft' },
    orderItems: preview.orderItems.filter((item) => item.scaleId === 'IMGS01' || item.scaleId === 'IMGS02'),
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json() as Order;
  expect(order.orderItems).toHaveLength(2);
  expect((await t.send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'approved' })).statusCode).toBe(200);
  if (status === 'ordered') {
    const assigned = await t.send('PATCH', `/api/orders/${order.id}/assign-vendor`, manager, { supplierName: 'Marine Med Supply', supplierEmail: 'orders@mms.example' });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  return { vesselId, order };
}

const itemOf = (order: Order, scaleId: string) => order.orderItems.find((item) => item.scaleId === scaleId)!;
const receive = (cookie: string, orderId: string, body: unknown) => t.send('POST', `/api/captain/orders/${orderId}/receive`, cookie, body);
// Streams read directly (the global log shows a commit only once older transactions are done,
// which on a busy machine can be a moment later).
const streamOf = (streamId: string) => t.store.readStream(streamId);
/** How many events the order's stream and its vessel's inventory stream hold: "nothing appended" is both unchanged. */
const eventCount = async (orderId: string, vesselId: string) =>
  (await streamOf(`order-${orderId}`)).length + (await streamOf(`inventory-${vesselId}`)).length;

describe('POST /api/captain/orders/{id}/receive', () => {
  it('takes the delivery of the captain’s own vessel into the chest: batches, receipt, delivered, and the dashboard follows', async () => {
    const { vesselId, order } = await vesselWithOrder('ordered');
    const captain = await t.captainOf(vesselId);
    const statsBefore = (await t.send('GET', '/api/captain/inventory/stats', captain)).json() as { totalItems: number };
    const upcoming = (await t.send('GET', '/api/captain/orders/upcoming', captain)).json() as Order[];
    // The dashboard lists the order with its items, which is what the receive dialog starts from.
    expect(upcoming.map((o) => o.id)).toEqual([order.id]);
    expect(upcoming[0].orderItems.map((item) => [item.scaleId, item.receivedQuantity])).toEqual([
      ['IMGS01', 0],
      ['IMGS02', 0],
    ]);

    const imgs01 = itemOf(order, 'IMGS01');
    const imgs02 = itemOf(order, 'IMGS02');
    const received = await receive(captain, order.id, {
      receivedItems: [
        // As the form holds them: text from the inputs, blanks for "next number" and "no expiry".
        { orderItemId: imgs01.id, quantityReceived: String(imgs01.orderQuantity), batchNumber: '', expiryDate: inDays(700) },
        { orderItemId: imgs02.id, quantityReceived: imgs02.orderQuantity, batchNumber: '5', expiryDate: '' },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    const answered = received.json() as Order;
    expect(answered.status).toBe('delivered');
    expect(answered.orderItems.every((item) => item.receivedQuantity === item.orderQuantity)).toBe(true);
    expect(answered.statusHistory.at(-1)).toMatchObject({ from: 'ordered', to: 'delivered', by: 'fleet', user: { firstName: null, lastName: null } });
    expect(answered.statusHistory.at(-1)!.user).not.toHaveProperty('deleted');

    // The chest: IMGS01 batch 2 (the next number), IMGS02 batch 5 (as typed), read by the captain.
    const batches = (await t.send('GET', `/api/vessels/${vesselId}/inventory`, captain)).json() as Batch[];
    expect(batches.filter((b) => b.scaleId === 'IMGS01').map((b) => [b.batchNumber, b.quantityOnBoard, b.expiryDate])).toEqual([
      [1, 2, inDays(400)],
      [2, imgs01.orderQuantity, inDays(700)],
    ]);
    expect(batches.filter((b) => b.scaleId === 'IMGS02').map((b) => [b.batchNumber, b.quantityOnBoard, b.expiryDate])).toEqual([[5, imgs02.orderQuantity, null]]);

    // The events: the receipt on the order, its batches on the vessel's inventory naming the order.
    const receipt = (await streamOf(`order-${order.id}`)).filter((e) => e.type === 'OrderItemsReceived');
    expect(receipt).toHaveLength(1);
    expect(receipt[0].metadata).toMatchObject({ userId: expect.any(String) });
    const added = (await streamOf(`inventory-${vesselId}`)).filter((e) => e.type === 'BatchAdded' && (e.data as { orderId?: string }).orderId === order.id);
    expect(added.map((e) => (e.data as { scaleId: string }).scaleId).sort()).toEqual(['IMGS01', 'IMGS02']);

    // The dashboard: no longer upcoming, and two more batches on board.
    expect((await t.send('GET', '/api/captain/orders/upcoming', captain)).json()).toEqual([]);
    const statsAfter = (await t.send('GET', '/api/captain/inventory/stats', captain)).json() as { totalItems: number };
    expect(statsAfter.totalItems).toBe(statsBefore.totalItems + 2);
    // The fleet side sees the move in the activity log.
    const activities = (await t.send('GET', `/api/dashboard/all-activities?vesselId=${vesselId}&limit=50`, manager)).json() as { activityType: string; metadata: Record<string, unknown> }[];
    expect(activities.find((a) => a.activityType === 'order_status_updated' && a.metadata.newStatus === 'delivered')?.metadata).toEqual({
      orderNumber: order.orderNumber,
      previousStatus: 'ordered',
      newStatus: 'delivered',
    });
  });

  it('keeps a partial delivery open on the dashboard, with what arrived so far', async () => {
    const { vesselId, order } = await vesselWithOrder('ordered');
    const captain = await t.captainOf(vesselId);
    const imgs02 = itemOf(order, 'IMGS02');
    const received = await receive(captain, order.id, {
      receivedItems: [
        { orderItemId: itemOf(order, 'IMGS01').id, quantityReceived: 0 },
        { orderItemId: imgs02.id, quantityReceived: 1 },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect((received.json() as Order).status).toBe('ordered');
    const [open] = (await t.send('GET', '/api/captain/orders/upcoming', captain)).json() as Order[];
    expect(open.id).toBe(order.id);
    expect(itemOf(open, 'IMGS02').receivedQuantity).toBe(1);
    expect(itemOf(open, 'IMGS01').receivedQuantity).toBe(0);
  });

  it('does not reach an order of another vessel, nor one that does not exist: 404, nothing appended', async () => {
    const mine = await vesselWithOrder('ordered');
    const other = await vesselWithOrder('ordered');
    const captain = await t.captainOf(mine.vesselId);
    const body = { receivedItems: [{ orderItemId: other.order.orderItems[0].id, quantityReceived: 1 }] };
    const before = await eventCount(other.order.id, other.vesselId);
    for (const id of [other.order.id, '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11', 'not-an-order']) {
      const refused = await receive(captain, id, body);
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json().message).toBe('Order not found');
    }
    // Even with a bad body: the order is not theirs before anything else.
    expect((await receive(captain, other.order.id, {})).statusCode).toBe(404);
    expect(await eventCount(other.order.id, other.vesselId)).toBe(before);
    expect(((await t.send('GET', `/api/orders/${other.order.id}`, manager)).json() as Order).status).toBe('ordered');
  });

  it('refuses an order not yet sent to a supplier, and one already delivered, with the order’s 409', async () => {
    const approved = await vesselWithOrder('approved');
    const captain = await t.captainOf(approved.vesselId);
    const line = { orderItemId: approved.order.orderItems[0].id, quantityReceived: 1 };
    const before = await eventCount(approved.order.id, approved.vesselId);
    const early = await receive(captain, approved.order.id, { receivedItems: [line] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('An order cannot move from approved to delivered');
    expect(await eventCount(approved.order.id, approved.vesselId)).toBe(before);

    const { vesselId, order } = await vesselWithOrder('ordered');
    const other = await t.captainOf(vesselId);
    const all = { receivedItems: order.orderItems.map((item) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity })) };
    expect((await receive(other, order.id, all)).statusCode).toBe(200);
    const afterDelivery = await eventCount(order.id, vesselId);
    const again = await receive(other, order.id, all);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The order is already delivered');
    expect(await eventCount(order.id, vesselId)).toBe(afterDelivery);
  });

  it('answers bad input with 400 and the messages, naming each line’s field, and appends nothing', async () => {
    const { vesselId, order } = await vesselWithOrder('ordered');
    const captain = await t.captainOf(vesselId);
    const [first, second] = order.orderItems;
    const before = await eventCount(order.id, vesselId);

    const empty = await receive(captain, order.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: NOTHING_RECEIVED, fieldErrors: { receivedItems: NOTHING_RECEIVED } });

    const nothing = await receive(captain, order.id, { receivedItems: [{ orderItemId: first.id, quantityReceived: '0' }] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fieldErrors).toEqual({ receivedItems: NOTHING_RECEIVED });

    const bad = await receive(captain, order.id, {
      receivedItems: [
        { orderItemId: first.id, quantityReceived: 'two', batchNumber: 0 },
        { orderItemId: second.id, quantityReceived: 3, expiryDate: '2027-02-30' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      'receivedItems.0.quantityReceived': RECEIVE_MESSAGES.quantityWhole,
      'receivedItems.0.batchNumber': RECEIVE_MESSAGES.batchMin,
      'receivedItems.1.expiryDate': RECEIVE_MESSAGES.expiryInvalid,
    });

    const stranger = await receive(captain, order.id, { receivedItems: [{ orderItemId: '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11', quantityReceived: 1 }] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(RECEIVE_MESSAGES.notOnOrder);

    expect(await eventCount(order.id, vesselId)).toBe(before);
    expect(((await t.send('GET', `/api/orders/${order.id}`, manager)).json() as Order).status).toBe('ordered');
  });

  it('lets exactly one of two receipts of the whole order sent at once take it: the other is a 409, the chest gets the goods once', async () => {
    const { vesselId, order } = await vesselWithOrder('ordered');
    const captain = await t.captainOf(vesselId);
    const all = { receivedItems: order.orderItems.map((item) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity })) };
    const answers = await Promise.all([receive(captain, order.id, all), receive(captain, order.id, all)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('The order is already delivered');
    expect((await streamOf(`order-${order.id}`)).filter((e) => e.type === 'OrderItemsReceived')).toHaveLength(1);
    expect((await streamOf(`inventory-${vesselId}`)).filter((e) => e.type === 'BatchAdded' && (e.data as { orderId?: string }).orderId === order.id)).toHaveLength(2);
  });

  it('is the captain’s: a fleet manager is refused with 403 (the fleet receives through PATCH status)', async () => {
    const { order } = await vesselWithOrder('ordered');
    const refused = await receive(manager, order.id, { receivedItems: [{ orderItemId: order.orderItems[0].id, quantityReceived: 1 }] });
    expect(refused.statusCode).toBe(403);
  });

  it('records a receipt by the captain signed in with the vessel’s contact address (no account) as that captain, shown as Captain', async () => {
    const { vesselId, order } = await vesselWithOrder('ordered', { imoNumber: DEMO_CAPTAIN_VESSEL_IMO });
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/demo/captain-login' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'medchest_session')!;
    const contactCaptain = `${cookie.name}=${cookie.value}`;
    const all = { receivedItems: order.orderItems.map((item) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity })) };
    const received = await receive(contactCaptain, order.id, all);
    expect(received.statusCode, received.body).toBe(200);
    const receipt = (await streamOf(`order-${order.id}`)).find((e) => e.type === 'OrderItemsReceived');
    expect(receipt?.metadata).toMatchObject({ userId: `vessel-captain:${vesselId}` });
    // Not an account that was deleted: the order's history and the activity log say Captain.
    const delivered = (await t.send('GET', `/api/orders/${order.id}`, manager)).json() as Order;
    expect(delivered.statusHistory.at(-1)).toMatchObject({ to: 'delivered', user: { firstName: 'Captain', lastName: null } });
    const activities = (await t.send('GET', `/api/dashboard/all-activities?vesselId=${vesselId}&limit=50`, manager)).json() as {
      activityType: string;
      metadata: Record<string, unknown>;
      user: unknown;
    }[];
    expect(activities.find((a) => a.activityType === 'order_status_updated' && a.metadata.newStatus === 'delivered')?.user).toEqual({ firstName: 'Captain', lastName: null });
  });
});
