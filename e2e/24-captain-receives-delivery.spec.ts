import { signSupplierLink } from '@medchest/domain/order/supplierLink.node';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, uniqueSuffix } from './support/accounts';
import { isoDayFromToday } from './support/dates';
import { mailTo } from './support/mail';

/**
 * Issue 12 (with #7): the captain receives a delivery into the chest from the dashboard, on a
 * phone (360 × 740). The fleet side (the demo owner, through the API in its own context) makes a
 * vessel with a contact address of its own and orders what its chest lacks; the supplier ships it
 * through the link in its mail. The captain signs in with the mailed code, opens the order on the
 * dashboard, receives part of it (a refused blank quantity first, nothing sent), then the rest:
 * the notice, the stat cards and the supply orders follow, the batches are in the chest and usage
 * of one shows in Recent Usage. A second order received by the office while the captain's dialog
 * is open is refused with the order's message and leaves the list. Screenshots of the dialog at
 * 360, 390 and 1280 px are attached to the test's output.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** The key playwright.config.ts gives the server, so the test can make the link the supplier's mail carries. */
const LINK_KEY = 'e2e-supplier-link-key-not-secret';

interface OrderItem {
  id: string;
  scaleId: string;
  orderQuantity: number;
  receivedQuantity: number;
}
interface Order {
  id: string;
  orderNumber: string;
  status: string;
  sentAt: string | null;
  orderItems: OrderItem[];
  statusHistory: { from: string; to: string }[];
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `no horizontal scroll at ${widths.client} px`).toBeLessThanOrEqual(widths.client);
}

async function atLeastThumbHigh(target: Locator) {
  const box = await target.boundingBox();
  expect(box!.height, 'touch target at least 44 px').toBeGreaterThanOrEqual(44);
}

/**
 * An order for two items the vessel is short of (IMGS01 and IMGS02 on a new vessel), approved,
 * sent to a supplier and shipped by it through its link.
 */
async function shippedOrder(fleet: APIRequestContext, vesselId: string, pick: (scaleIds: string[]) => string[]): Promise<Order> {
  const threshold = isoDayFromToday(90);
  const preview = (await (await fleet.post(`/api/vessels/${vesselId}/generate-order`, { data: { expiryThreshold: threshold } })).json()) as {
    orderItems: { scaleId: string; orderQuantity: number }[];
  };
  const wanted = pick(preview.orderItems.map((item) => item.scaleId));
  expect(wanted).toHaveLength(2);
  const created = await fleet.post('/api/orders', {
    data: { vesselId, orderData: { expiryThreshold: threshold, status: 'draft' }, orderItems: preview.orderItems.filter((item) => wanted.includes(item.scaleId)) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as Order;
  expect(order.orderItems.map((item) => item.scaleId).sort()).toEqual([...wanted].sort());
  expect((await fleet.patch(`/api/orders/${order.id}/status`, { data: { status: 'approved' } })).status()).toBe(200);
  const assigned = await fleet.patch(`/api/orders/${order.id}/assign-vendor`, { data: { supplierName: 'E2E Ship Supply', supplierEmail: 'orders@e2e-ship-supply.example' } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const token = signSupplierLink(LINK_KEY, order.id, ((await assigned.json()) as Order).sentAt!);
  const shipped = await fleet.put(`/api/supplier/link/${token}/fulfilled`);
  expect(shipped.status(), await shipped.text()).toBe(200);
  return order;
}

test('a captain receives a shipped order into the chest from the dashboard, part first, then the rest', async ({ page, playwright, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const contactEmail = `master.${suffix.toLowerCase()}@e2e-receive.example`;
  const fleet = await playwright.request.newContext({ baseURL });
  expect((await fleet.post('/api/auth/login', { data: { email: DEMO.email, password: DEMO.password } })).status()).toBe(200);
  const created = await fleet.post('/api/vessels', {
    data: { vesselName: `Receiving Star ${suffix}`, imoNumber: `E2ER${suffix}`.slice(0, 20), flagState: 'PANAMA', crewSizeCategory: 14, fleet: 'North Atlantic Fleet', contactEmail },
  });
  expect(created.status(), await created.text()).toBe(201);
  const vessel = (await created.json()) as { id: string; vesselName: string };
  const orderNow = async (id: string) => (await (await fleet.get(`/api/orders/${id}`)).json()) as Order;

  try {
    const order = await shippedOrder(fleet, vessel.id, () => ['IMGS01', 'IMGS02']);
    const imgs01 = order.orderItems.find((item) => item.scaleId === 'IMGS01')!;
    const imgs02 = order.orderItems.find((item) => item.scaleId === 'IMGS02')!;

    // Sign in with the code from the mail.
    await page.goto('/captain/login');
    await page.getByLabel('Email').fill(contactEmail);
    await page.getByRole('button', { name: 'Send sign-in code' }).click();
    await expect(page.getByTestId('code-sent')).toBeVisible();
    const code = /^ {4}(\d{6})\s*$/m.exec((await mailTo(contactEmail)).raw)?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('Sign-in code').fill(code!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/captain\/dashboard$/);
    await expect(page.getByTestId('captain-vessel-name')).toHaveText(vessel.vesselName);
    await expect(page.getByTestId('stat-total-items')).toHaveText('0');

    // The shipped order on the dashboard, its detail, and the receive dialog.
    const upcoming = page.getByTestId('upcoming-order').filter({ hasText: order.orderNumber });
    await expect(upcoming).toContainText('Shipped · 2 items');
    await upcoming.click();
    const detail = page.getByTestId('order-detail');
    await expect(detail).toContainText(`${imgs01.orderQuantity} ordered`);
    await detail.getByRole('button', { name: 'Receive Delivery' }).click();
    const dialog = page.getByTestId('captain-receive-dialog');
    await expect(dialog.getByRole('heading', { name: `Receive Order ${order.orderNumber}` })).toBeVisible();
    await expect(detail).toHaveCount(0);
    await expect(dialog.getByTestId('receive-row')).toHaveCount(2);
    await expect(dialog.getByLabel('Quantity received of IMGS01')).toHaveValue(String(imgs01.orderQuantity));
    await expect(dialog.getByLabel('Quantity received of IMGS02')).toHaveValue(String(imgs02.orderQuantity));
    const receiveButton = dialog.getByRole('button', { name: 'Receive into Chest' });
    // Measured once the dialog has popped in (it grows from 98.5 %).
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await noSidewaysScroll(page);
    await atLeastThumbHigh(receiveButton);
    await atLeastThumbHigh(dialog.getByLabel('Quantity received of IMGS01'));

    // A blank quantity is refused on its line, nothing sent.
    await dialog.getByLabel('Quantity received of IMGS02').fill('');
    await receiveButton.click();
    const quantityError = dialog.getByTestId('receive-row').filter({ hasText: 'IMGS02' }).getByText('Quantity received must be a whole number');
    await expect(quantityError).toBeVisible();
    await expect(dialog.getByLabel('Quantity received of IMGS02')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: testInfo.outputPath('receive-dialog-invalid-360.png') });
    expect((await orderNow(order.id)).orderItems.every((item) => item.receivedQuantity === 0)).toBe(true);
    // Nothing received at all: the button waits for a quantity.
    await dialog.getByLabel('Quantity received of IMGS01').fill('0');
    await dialog.getByLabel('Quantity received of IMGS02').fill('0');
    await expect(receiveButton).toBeDisabled();

    // Part of it: IMGS01 only, with its expiry date, the batch number left to the chest.
    await dialog.getByLabel('Quantity received of IMGS01').fill(String(imgs01.orderQuantity));
    await dialog.getByLabel('Expiry date of IMGS01').fill(isoDayFromToday(700));
    await expect(quantityError).toHaveCount(0);
    for (const [width, height] of [
      [360, 740],
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await noSidewaysScroll(page);
      await expect(receiveButton).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`receive-dialog-${width}.png`) });
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await receiveButton.click();
    const notice = page.getByTestId('receive-notice');
    await expect(notice).toHaveText(`Order ${order.orderNumber} received: 1 batch added to the medical chest`);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('stat-total-items')).toHaveText('1');
    await expect(upcoming).toContainText('Shipped');
    await upcoming.click();
    await expect(detail).toContainText(`${imgs01.orderQuantity} ordered · ${imgs01.orderQuantity} received`);

    // The rest: only IMGS02 is still to come; received as batch 3.
    await detail.getByRole('button', { name: 'Receive Delivery' }).click();
    await expect(dialog.getByTestId('receive-row')).toHaveCount(1);
    await expect(dialog.getByLabel('Quantity received of IMGS02')).toHaveValue(String(imgs02.orderQuantity));
    await dialog.getByLabel('Batch number of IMGS02').fill('3');
    await dialog.getByRole('button', { name: 'Receive into Chest' }).click();
    await expect(notice).toHaveText(`Order ${order.orderNumber} received: 1 batch added to the medical chest`);
    await expect(page.getByTestId('stat-total-items')).toHaveText('2');
    await expect(upcoming).toHaveCount(0);
    await expect(page.getByText('No upcoming orders')).toBeVisible();
    const delivered = await orderNow(order.id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.statusHistory.at(-1)).toMatchObject({ from: 'fulfilled', to: 'delivered' });

    // The chest has both; usage of the received IMGS01 shows in Recent Usage.
    await page.getByRole('navigation', { name: 'Captain portal' }).getByRole('link', { name: 'Inventory' }).click();
    await page.getByLabel('Search the scale').fill('IMGS02');
    const imgs02Row = page.getByTestId('captain-item').filter({ hasText: 'IMGS02' }).first();
    await imgs02Row.getByRole('button', { expanded: false }).first().click();
    await expect(imgs02Row.getByTestId('captain-batch')).toHaveCount(1);
    await expect(imgs02Row.getByTestId('captain-batch')).toContainText('Batch 3');
    await expect(imgs02Row.getByTestId('batch-quantity')).toHaveValue(String(imgs02.orderQuantity));
    await page.getByLabel('Search the scale').fill('IMGS01');
    const imgs01Row = page.getByTestId('captain-item').filter({ hasText: 'IMGS01' }).first();
    await imgs01Row.getByRole('button', { expanded: false }).first().click();
    const received = imgs01Row.getByTestId('captain-batch');
    await expect(received).toContainText('Batch 1');
    await received.getByRole('button', { name: 'Record usage' }).click();
    const usage = received.getByTestId('usage-form');
    await usage.getByLabel('Quantity used').fill('');
    await usage.getByRole('button', { name: 'Save usage' }).click();
    await expect(usage.getByRole('alert')).toHaveText('Quantity used is required');
    await usage.getByLabel('Quantity used').fill('1');
    await usage.getByLabel('Reason').fill('Seasickness');
    await usage.getByLabel('Crew member name').fill('D. Deckhand');
    await usage.getByRole('button', { name: 'Save usage' }).click();
    await expect(received.getByRole('status')).toHaveText('Usage recorded');
    await page.getByRole('navigation', { name: 'Captain portal' }).getByRole('link', { name: 'Dashboard' }).click();
    const recent = page.getByTestId('recent-usage').getByRole('listitem');
    await expect(recent).toHaveCount(1);
    await expect(recent.first()).toContainText('IMGS01 · 1 used');
    await expect(recent.first()).toContainText('Seasickness · D. Deckhand');

    // A second order, received by the office while the captain's dialog is open: refused, said why, gone from the list.
    const second = await shippedOrder(fleet, vessel.id, (short) => short.filter((id) => id !== 'IMGS01' && id !== 'IMGS02').slice(0, 2));
    await page.reload();
    const secondRow = page.getByTestId('upcoming-order').filter({ hasText: second.orderNumber });
    await secondRow.click();
    await detail.getByRole('button', { name: 'Receive Delivery' }).click();
    await expect(dialog.getByTestId('receive-row')).toHaveCount(2);
    const office = await fleet.patch(`/api/orders/${second.id}/status`, {
      data: { status: 'delivered', receivedItems: second.orderItems.map((item) => ({ orderItemId: item.id, quantityReceived: item.orderQuantity })) },
    });
    expect(office.status(), await office.text()).toBe(200);
    await dialog.getByRole('button', { name: 'Receive into Chest' }).click();
    await expect(dialog.getByTestId('receive-problem')).toHaveText('The order is already delivered');
    await page.screenshot({ path: testInfo.outputPath('receive-dialog-refused-360.png') });
    await expect(dialog.getByRole('button', { name: 'Receive into Chest' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(secondRow).toHaveCount(0);
    const receipts = (await orderNow(second.id)).statusHistory.filter((change) => change.to === 'delivered');
    expect(receipts, 'received once, by the office').toHaveLength(1);
    await noSidewaysScroll(page);
  } finally {
    await fleet.delete(`/api/vessels/${vessel.id}`);
    await fleet.dispose();
  }
});
