import { randomBytes } from 'node:crypto';
import type { ReceivedMail } from '@medchest/workers/testing/smtpServer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductWithMail, waitFor, type ProductWithMail } from './testing/productWithMail';

/**
 * The whole resupply loop in the one-process product with a real SMTP server: an order from a
 * vessel's shortfall to a delivery received into its chest, the supplier reached by mail (PDF and
 * CSV attached, reply-to the fleet manager) and acting through the signed link in that mail.
 */

let product: ProductWithMail;
let base: string;
let cookie: string;

beforeAll(async () => {
  product = await startProductWithMail('app_order_mail');
  base = product.base;
  const login = await call('POST', '/api/demo/login', { email: 'demo@medchest.example', password: 'medchest-demo' });
  cookie = login.headers.get('set-cookie')!.split(';')[0];
}, 180_000);

afterAll(async () => {
  await product?.stop();
});

function call(method: string, path: string, body?: unknown, withCookie = true) {
  return fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(withCookie && cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
async function json<T>(method: string, path: string, body?: unknown, withCookie = true): Promise<T> {
  const response = await call(method, path, body, withCookie);
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

type Order = { id: string; orderNumber: string; status: string; orderItems: { id: string; scaleId: string; orderQuantity: number }[] };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A vessel of its own with an empty chest, and a draft order of three of its short items. */
async function draftOrder(name: string): Promise<{ vesselId: string; order: Order }> {
  const vessel = await json<{ id: string }>('POST', '/api/vessels', { vesselName: name, imoNumber: `MAIL${randomBytes(3).toString('hex').toUpperCase()}`, flagState: 'PANAMA', crewSizeCategory: 14 });
  const threshold = inDays(90);
  const preview = await json<{ orderItems: { scaleId: string; requiredQuantity: number; currentInventory: number; orderQuantity: number }[] }>(
    'POST',
    `/api/vessels/${vessel.id}/generate-order`,
    { expiryThreshold: threshold },
  );
  const order = await json<Order>('POST', '/api/orders', {
    vesselId: vessel.id,
    orderData: { expiryThreshold: threshold, status: 'draft', notes: 'Deliver to the agent at Rotterdam' },
    orderItems: preview.orderItems.slice(0, 3),
  });
  return { vesselId: vessel.id, order };
}

const mailsFor = (orderNumber: string) => product.smtp.received.filter((mail) => mail.subject.includes(orderNumber));

describe('an order sent to its supplier by mail', () => {
  it('reaches the supplier once with both attachments and a link that works, through to a delivery the chest counts', async () => {
    const { vesselId, order } = await draftOrder('MV Mail Flow');
    await json('PATCH', `/api/orders/${order.id}/status`, { status: 'approved' });
    await json('PATCH', `/api/orders/${order.id}/assign-vendor`, { supplierName: 'Marine Med Supply', supplierEmail: 'orders@mms.example', status: 'ordered' });

    const mail: ReceivedMail = await waitFor('the supplier mail', () => mailsFor(order.orderNumber)[0]);
    expect(mail.to).toEqual(['orders@mms.example']);
    expect(mail.raw).toMatch(/^Reply-To: demo@medchest\.example/im);
    expect(mail.raw).toContain(`filename=purchase-order-${order.orderNumber}.pdf`);
    expect(mail.raw).toContain(`filename=purchase-order-${order.orderNumber}.csv`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    const link = /http:\/\/localhost:\d+(\/supplier\/orders\/[A-Za-z0-9_-]{48})/.exec(mail.raw.replace(/=\r?\n/g, ''));
    expect(link).not.toBeNull();
    const token = link![1].split('/').pop()!;

    // The supplier, without an account, opens the order and moves it.
    const seen = await json<Order>('GET', `/api/supplier/link/${token}`, undefined, false);
    expect(seen.orderNumber).toBe(order.orderNumber);
    expect((await json<Order>('PUT', `/api/supplier/link/${token}/acknowledge`, undefined, false)).status).toBe('acknowledged');
    expect((await json<Order>('PUT', `/api/supplier/link/${token}/in-progress`, undefined, false)).status).toBe('in_progress');
    expect((await json<Order>('PUT', `/api/supplier/link/${token}/fulfilled`, undefined, false)).status).toBe('fulfilled');

    const delivered = await json<Order>('PATCH', `/api/orders/${order.id}/status`, {
      status: 'delivered',
      receivedItems: order.orderItems.map((item) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity, expiryDate: inDays(800) })),
    });
    expect(delivered.status).toBe('delivered');
    const rows = await json<{ scaleId: string; complianceStatus: string }[]>('GET', `/api/vessels/${vesselId}/volume-requirements`);
    for (const item of order.orderItems) expect(rows.find((row) => row.scaleId === item.scaleId)?.complianceStatus).toBe('compliant');
    expect((await call('GET', `/api/supplier/link/${token}`, undefined, false)).status).toBe(404);
    expect(mailsFor(order.orderNumber)).toHaveLength(1);
  }, 120_000);

  it('sends one mail when two vendor assignments race', async () => {
    const { order } = await draftOrder('MV Mail Race');
    await json('PATCH', `/api/orders/${order.id}/status`, { status: 'approved' });
    const answers = await Promise.all(
      ['a', 'b'].map((who) => call('PATCH', `/api/orders/${order.id}/assign-vendor`, { supplierName: `Supplier ${who}`, supplierEmail: `${who}@suppliers.example` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await waitFor('the supplier mail', () => mailsFor(order.orderNumber)[0]);
    // Give a second mail every chance to show up before saying there is none.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsFor(order.orderNumber)).toHaveLength(1);
  }, 60_000);

  it('mails no order that is already delivered when the workers reach it: the demo’s past orders never reach their suppliers', async () => {
    // The demo seeded a year of orders, every one delivered long ago, with their suppliers.
    const past = (await json<{ orderNumber: string; status: string; supplierEmail: string | null; createdAt: string }[]>('GET', '/api/orders')).filter(
      (o) => Date.parse(o.createdAt) < Date.now() - 7 * 86_400_000,
    );
    expect(past.every((o) => o.status === 'delivered' && o.supplierEmail)).toBe(true);
    expect(past.length).toBeGreaterThan(0);
    // A live order assigned now is mailed: the workers have handled the log past the demo's orders.
    const { order } = await draftOrder('MV Mail After Demo');
    await json('PATCH', `/api/orders/${order.id}/status`, { status: 'approved' });
    await json('PATCH', `/api/orders/${order.id}/assign-vendor`, { supplierName: 'Live Supplier', supplierEmail: 'live@suppliers.example' });
    await waitFor('the live order mail', () => mailsFor(order.orderNumber)[0]);
    for (const { orderNumber, supplierEmail } of past) {
      expect(mailsFor(orderNumber), orderNumber).toHaveLength(0);
      expect(product.smtp.received.filter((mail) => mail.to.includes(supplierEmail!)), supplierEmail!).toHaveLength(0);
    }
  }, 60_000);
});
