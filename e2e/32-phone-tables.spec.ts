import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { signInViaApi } from './support/auth';

/**
 * Issue 15, "Phones": at 390 px the vessels, inventory and bulk input tables are stacked cards, and
 * the first row's status and action are inside the viewport without any sideways scroll. The
 * closed menu drawer shows nothing (not even its shadow) at the left edge.
 */

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

/** The element lies wholly within the 390 px wide viewport (left and right edges). */
async function expectInsideViewport(page: Page, element: Locator, what: string): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(width);
}

/** Nothing on the page is wider than the viewport, and nothing has been scrolled sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth, scrollX } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    scrollX: window.scrollX,
  }));
  expect(scrollX).toBe(0);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function firstVesselId(page: Page): Promise<string> {
  const vessels = (await (await page.request.get('/api/vessels')).json()) as { id: string }[];
  return vessels[0].id;
}

test('vessels: the first card shows its contract end and its actions without sideways scroll', async ({ page }) => {
  await page.goto('/vessels');
  const first = page.getByTestId('vessel-row').first();
  await expect(first).toBeVisible();
  await expectInsideViewport(page, first.getByTestId('contract-end'), 'the contract end');
  await expectInsideViewport(page, first.getByRole('button', { name: /^Edit / }), 'the Edit action');
  await expectInsideViewport(page, first.getByRole('link', { name: /^Inventory of / }), 'the Inventory action');
  await expectNoSidewaysScroll(page);
});

test('inventory: the first card shows its status, quantities and its batches action', async ({ page }) => {
  await page.goto(`/inventory/${await firstVesselId(page)}`);
  const first = page.getByTestId('inventory-row').first();
  await expect(first).toBeVisible();
  await expectInsideViewport(page, first.getByTestId('item-status'), 'the status');
  await expectInsideViewport(page, first.getByTestId('required'), 'the required quantity');
  await expectInsideViewport(page, first.getByTestId('on-board'), 'the quantity on board');
  await expectInsideViewport(page, first.getByRole('button', { name: /^Batches of / }), 'the batches action');
  await expectNoSidewaysScroll(page);
});

test('bulk input: the first card shows required, on board, the quantity field and the add-batch action', async ({ page }) => {
  await page.goto(`/inventory/${await firstVesselId(page)}`);
  await page.getByRole('tab', { name: 'Bulk Input' }).click();
  const first = page.getByTestId('bulk-row').first();
  await expect(first).toBeVisible();
  await expectInsideViewport(page, first.getByTestId('bulk-required'), 'the required quantity');
  await expectInsideViewport(page, first.getByTestId('bulk-on-board'), 'the quantity on board');
  await expectInsideViewport(page, first.getByRole('spinbutton', { name: /^Quantity for / }), 'the quantity field');
  await expectInsideViewport(page, first.getByRole('button', { name: /^Add batch for / }), 'the add-batch action');
  // The save bar with its count stays in view at the bottom while the first rows are on screen.
  await expect(page.getByTestId('bulk-filled-count')).toHaveText('No rows filled in yet');
  const save = await page.getByRole('button', { name: 'Save Inventory' }).boundingBox();
  expect(save).not.toBeNull();
  expect(save!.y + save!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  expect(save!.y).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
});

test('the closed menu drawer is not drawn at the left edge, its shadow neither', async ({ page }) => {
  await page.goto('/vessels');
  const drawer = page.locator('#mobile-menu');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
});

test('orders: the first card shows its status and its actions without sideways scroll', async ({ page }) => {
  // A draft order of our own, made through the API as the Orders page would.
  const vesselId = await firstVesselId(page);
  const threshold = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const preview = (await (await page.request.post(`/api/vessels/${vesselId}/generate-order`, { data: { expiryThreshold: threshold } })).json()) as {
    orderItems: { scaleId: string; requiredQuantity: number; currentInventory: number; orderQuantity: number }[];
  };
  expect(preview.orderItems.length, 'the demo vessel is short of something by then').toBeGreaterThan(0);
  const created = await page.request.post('/api/orders', {
    data: {
      vesselId,
      orderData: { expiryThreshold: threshold, status: 'draft' },
      orderItems: preview.orderItems.slice(0, 3).map(({ scaleId, requiredQuantity, currentInventory, orderQuantity }) => ({ scaleId, requiredQuantity, currentInventory, orderQuantity })),
    },
  });
  expect(created.status()).toBe(201);
  const { orderNumber } = (await created.json()) as { orderNumber: string };

  await page.goto('/orders');
  const card = page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`);
  await expect(card).toBeVisible();
  await expectInsideViewport(page, card.getByTestId('order-status'), 'the status');
  await expectInsideViewport(page, card.getByRole('button', { name: 'Approve' }), 'the Approve action');
  await expectNoSidewaysScroll(page);
});
