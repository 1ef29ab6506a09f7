import { signSupplierLink } from '@medchest/domain/order/supplierLink.node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

const SECRET = 'orders-test-secret';
let t: TestApp;
let manager: string;
let captain: string;

beforeAll(async () => {
  t = await startTestApp('api_orders', { supplierLinkSecret: SECRET });
  ({ manager, captain } = await t.sessionsForEveryRole());
});
afterAll(async () => {
  await t?.close();
});

const send: TestApp['send'] = (...args) => t.send(...args);
type PreviewItem = { scaleId: string; requiredQuantity: number; currentInventory: number; orderQuantity: number };
type Order = {
  id: string;
  orderNumber: string;
  status: string;
  supplierName: string | null;
  sentAt: string | null;
  orderItems: { id: string; scaleId: string; orderQuantity: number; requiredQuantity: number; currentInventory: number; receivedQuantity: number }[];
  statusHistory: { from: string; to: string }[];
};

const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A vessel stocked with IMGS01 and IMGS02 batches, one of them expiring before the threshold. */
async function stockedVessel() {
  const vesselId = await t.createVessel(manager);
  const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
    fileName: 'chest.csv',
    items: [
      { scaleId: 'IMGS01', quantityOnBoard: 10, batchNumber: 1, expiryDate: inDays(400) },
      { scaleId: 'IMGS02', quantityOnBoard: 1000, batchNumber: 1, expiryDate: inDays(20) },
    ],
  });
  expect(response.statusCode).toBe(200);
  return vesselId;
}

async function draftOrder(vesselId: string, threshold = inDays(90)) {
  const preview = await send('POST', `/api/vessels/${vesselId}/generate-order`, manager, { expiryThreshold: threshold });
  expect(preview.statusCode).toBe(200);
  const items = (preview.json() as { orderItems: PreviewItem[] }).orderItems;
  const wanted = items.filter((item) => item.scaleId === 'IMGS01' || item.scaleId === 'IMGS02');
  const created = await send('POST', '/api/orders', manager, {
    vesselId,
    orderData: { expiryThreshold: threshold, status: 'draft', notes: 'Deliver to the agent in Rotterdam' },
    orderItems: wanted.map(({ scaleId, requiredQuantity, currentInventory, orderQuantity }) => ({ scaleId, requiredQuantity, currentInventory, orderQuantity })),
  });
  expect(created.statusCode).toBe(201);
  return { preview: items, order: created.json() as Order };
}

describe('generate-order preview', () => {
  it('lists the items short on the threshold date: a batch expiring before it does not count', async () => {
    const vesselId = await stockedVessel();
    const response = await send('POST', `/api/vessels/${vesselId}/generate-order`, manager, { expiryThreshold: inDays(90) });
    const items = (response.json() as { orderItems: PreviewItem[] }).orderItems;
    const imgs02 = items.find((item) => item.scaleId === 'IMGS02');
    expect(imgs02).toMatchObject({ currentInventory: 0 });
    expect(imgs02!.orderQuantity).toBe(imgs02!.requiredQuantity);
    // With a threshold before that batch's expiry, it counts and covers the need.
    const early = await send('POST', `/api/vessels/${vesselId}/generate-order`, manager, { expiryThreshold: inDays(10) });
    expect((early.json() as { orderItems: PreviewItem[] }).orderItems.find((item) => item.scaleId === 'IMGS02')).toBeUndefined();
  });

  it('answers 400 with the message without a threshold, 404 for an unknown vessel, 403 for a captain', async () => {
    const vesselId = await stockedVessel();
    const missing = await send('POST', `/api/vessels/${vesselId}/generate-order`, manager, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select an expiry threshold date');
    expect((await send('POST', `/api/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11/generate-order`, manager, { expiryThreshold: today })).statusCode).toBe(404);
    expect((await send('POST', `/api/vessels/${vesselId}/generate-order`, captain, { expiryThreshold: today })).statusCode).toBe(403);
  });
});

describe('an order from draft to delivered', () => {
  it('goes through its life cycle over HTTP, the supplier using the signed link, and the delivery makes the chest compliant on its items', async () => {
    const vesselId = await stockedVessel();
    const { order } = await draftOrder(vesselId);
    expect(order.status).toBe('draft');
    expect(order.orderNumber).toMatch(/^ORD-\d{4}-\d{5}$/);

    const approved = await send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'approved' });
    expect(approved.json()).toMatchObject({ status: 'approved' });
    const assigned = await send('PATCH', `/api/orders/${order.id}/assign-vendor`, manager, { supplierName: ' Marine Med Supply ', supplierEmail: 'orders@mms.example', status: 'ordered' });
    expect(assigned.statusCode).toBe(200);
    const ordered = assigned.json() as Order;
    expect(ordered).toMatchObject({ status: 'ordered', supplierName: 'Marine Med Supply' });

    const listed = await send('GET', '/api/supplier/orders/marine%20med%20supply', manager);
    expect((listed.json() as { id: string; status: string }[]).find((o) => o.id === order.id)?.status).toBe('sent_to_supplier');

    const token = signSupplierLink(SECRET, order.id, ordered.sentAt!);
    const seen = await send('GET', `/api/supplier/link/${token}`);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as Order).orderNumber).toBe(order.orderNumber);
    expect((await send('PUT', `/api/supplier/link/${token}/acknowledge`)).json()).toMatchObject({ status: 'acknowledged' });
    const quoted = await send('PUT', `/api/supplier/link/${token}/quote`, undefined, { quotes: ordered.orderItems.map((item) => ({ orderItemId: item.id, unitCost: 1.5 })) });
    expect(quoted.json()).toMatchObject({ estimatedCost: expect.any(Number) });
    expect((await send('PUT', `/api/supplier/link/${token}/fulfilled`)).json()).toMatchObject({ status: 'fulfilled' });

    const csv = await send('GET', `/api/orders/${order.id}/export?format=csv`, manager);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split(/\r?\n/)[0]).toBe('Order #,Vessel,IMO,Scale ID,Description,Quantity,Unit Cost,Total');
    expect(csv.body).toContain('1.50');
    const pdf = await send('GET', `/api/orders/${order.id}/export`, manager);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // A partial delivery keeps the order open; the rest delivers it.
    const [first, ...rest] = ordered.orderItems;
    const partial = await send('PATCH', `/api/orders/${order.id}/status`, manager, {
      status: 'delivered',
      receivedItems: [{ orderItemId: first.id, quantityReceived: first.orderQuantity, expiryDate: inDays(700) }],
    });
    expect(partial.json()).toMatchObject({ status: 'fulfilled' });
    const delivered = await send('PATCH', `/api/orders/${order.id}/status`, manager, {
      status: 'delivered',
      receivedItems: rest.map((item) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity, batchNumber: 7, expiryDate: inDays(700) })),
    });
    const done = delivered.json() as Order;
    expect(done.status).toBe('delivered');
    expect(done.orderItems.every((item) => item.receivedQuantity === item.orderQuantity)).toBe(true);
    expect(done.statusHistory.map((h) => h.to)).toEqual(['approved', 'ordered', 'acknowledged', 'fulfilled', 'delivered']);

    const rows = (await send('GET', `/api/vessels/${vesselId}/volume-requirements`, manager)).json() as { scaleId: string; complianceStatus: string }[];
    for (const item of ordered.orderItems) expect(rows.find((row) => row.scaleId === item.scaleId)?.complianceStatus).toBe('compliant');
    const batches = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as { scaleId: string; batchNumber: number }[];
    expect(batches.filter((b) => b.scaleId === 'IMGS01').map((b) => b.batchNumber).sort()).toEqual([1, 2]);
    const added = (await t.allEvents()).filter((e) => e.streamId === `inventory-${vesselId}` && e.type === 'BatchAdded' && (e.data as { orderId?: string }).orderId === order.id);
    expect(added).toHaveLength(ordered.orderItems.length);

    // The link stops working once the order is delivered.
    expect((await send('GET', `/api/supplier/link/${token}`)).statusCode).toBe(404);
    const activities = (await send('GET', '/api/dashboard/all-activities?limit=50', manager)).json() as { activityType: string; metadata: Record<string, unknown> }[];
    expect(activities.find((a) => a.activityType === 'order_status_updated' && a.metadata.newStatus === 'delivered')?.metadata).toEqual({
      orderNumber: order.orderNumber,
      previousStatus: 'fulfilled',
      newStatus: 'delivered',
    });
    expect(activities.some((a) => a.activityType === 'order_created' && a.metadata.orderNumber === order.orderNumber)).toBe(true);
  });

  it('answers an illegal move with 409 naming both states, and changes nothing', async () => {
    const vesselId = await stockedVessel();
    const { order } = await draftOrder(vesselId);
    const response = await send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'fulfilled' });
    expect(response.statusCode).toBe(409);
    const delivered = await send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'delivered', receivedItems: [{ orderItemId: order.orderItems[0].id, quantityReceived: 1 }] });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().message).toBe('An order cannot move from draft to delivered');
    expect((await send('GET', `/api/orders/${order.id}`, manager)).json()).toMatchObject({ status: 'draft' });
  });

  it('answers 400 with the spec message for a vendor without a name or email, and nothing is recorded', async () => {
    const vesselId = await stockedVessel();
    const { order } = await draftOrder(vesselId);
    await send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'approved' });
    const before = (await t.allEvents()).length;
    const response = await send('PATCH', `/api/orders/${order.id}/assign-vendor`, manager, { supplierName: '   ', supplierEmail: 'a@b.example' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter both vendor name and contact email');
    expect((await t.allEvents()).length).toBe(before);
  });

  it('lets exactly one of two concurrent approvals, and of two concurrent vendor assignments, change the order', async () => {
    const vesselId = await stockedVessel();
    const { order } = await draftOrder(vesselId);
    const approvals = await Promise.all([1, 2].map(() => send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'approved' })));
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const assignments = await Promise.all(
      ['One', 'Two'].map((name) => send('PATCH', `/api/orders/${order.id}/assign-vendor`, manager, { supplierName: `Supplier ${name}`, supplierEmail: `${name.toLowerCase()}@s.example` })),
    );
    expect(assignments.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const events = (await t.allEvents()).filter((e) => e.streamId === `order-${order.id}`);
    expect(events.filter((e) => e.type === 'OrderVendorAssigned')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'OrderStatusChanged').map((e) => (e.data as { to: string }).to)).toEqual(['approved', 'ordered']);
  });

  it('answers 404 for a tampered or expired supplier link, and changes nothing', async () => {
    const vesselId = await stockedVessel();
    const { order } = await draftOrder(vesselId);
    await send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'approved' });
    const ordered = (await send('PATCH', `/api/orders/${order.id}/assign-vendor`, manager, { supplierName: 'S', supplierEmail: 's@s.example' })).json() as Order;
    const good = signSupplierLink(SECRET, order.id, ordered.sentAt!);
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = signSupplierLink(SECRET, order.id, new Date(Date.now() - 61 * 86_400_000).toISOString());
    const forged = signSupplierLink('another-secret', order.id, ordered.sentAt!);
    const before = (await t.allEvents()).length;
    for (const token of [tampered, expired, forged, 'not-a-token']) {
      expect((await send('GET', `/api/supplier/link/${token}`)).statusCode).toBe(404);
      expect((await send('PUT', `/api/supplier/link/${token}/acknowledge`)).statusCode).toBe(404);
    }
    expect((await t.allEvents()).length).toBe(before);
    expect((await send('GET', `/api/orders/${order.id}`, manager)).json()).toMatchObject({ status: 'ordered' });
  });

  it('lists orders filtered by status and vessel', async () => {
    const vesselId = await stockedVessel();
    const { order } = await draftOrder(vesselId);
    const byVessel = (await send('GET', `/api/orders?vesselId=${vesselId}`, manager)).json() as Order[];
    expect(byVessel.map((o) => o.id)).toEqual([order.id]);
    expect(((await send('GET', `/api/orders?vesselId=${vesselId}&status=approved`, manager)).json() as Order[]).length).toBe(0);
    expect((await send('GET', '/api/orders', captain)).statusCode).toBe(403);
  });

  it('answers a fleet manager outside the vessel\'s scope 404 for the order and its export, and leaves it out of their lists', async () => {
    const vesselId = await stockedVessel();
    const { order } = await draftOrder(vesselId);
    await send('PATCH', `/api/orders/${order.id}/status`, manager, { status: 'approved' });
    await send('PATCH', `/api/orders/${order.id}/assign-vendor`, manager, { supplierName: 'Scoped Supply', supplierEmail: 'orders@scoped.example' });
    await t.createUser('outsider@other.example', 'outsider-pass', 'fleet_manager');
    const outsider = await t.login('outsider@other.example', 'outsider-pass');

    expect((await send('GET', `/api/orders/${order.id}`, outsider)).statusCode).toBe(404);
    for (const format of ['csv', 'pdf']) expect((await send('GET', `/api/orders/${order.id}/export?format=${format}`, outsider)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/orders/${order.id}/status`, outsider, { status: 'cancelled' })).statusCode).toBe(404);
    const theirs = await send('GET', '/api/supplier/orders/Scoped%20Supply', outsider);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect(((await send('GET', '/api/orders', outsider)).json() as Order[]).map((o) => o.id)).not.toContain(order.id);
    // The owner's manager still sees it under that supplier: the listing is scoped, not empty.
    const mine = (await send('GET', '/api/supplier/orders/Scoped%20Supply', manager)).json() as Order[];
    expect(mine.map((o) => o.id)).toEqual([order.id]);
    expect((await send('GET', `/api/orders/${order.id}`, manager)).json()).toMatchObject({ status: 'ordered' });
  });
});
