import { signSupplierLink } from '@medchest/domain/order/supplierLink.node';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, uniqueSuffix } from './support/accounts';
import { expectToast, signInViaApi } from './support/auth';
import { isoDayFromToday } from './support/dates';

/**
 * The orders page (/orders, issue 11): from a vessel's shortfall to a delivered order, clicked
 * through as the demo fleet owner would: choose the vessel (its info box), a threshold date,
 * Generate Order, edit and remove preview rows, Create Order, Approve, Assign Vendor (blank is
 * refused), Export, Receive into the chest, the detail dialog's history; then the chest is
 * compliant on the ordered items. The vessel is made per run through the API and deleted after.
 */

interface Created {
  id: string;
  vesselName: string;
  imoNumber: string;
  fleet: string;
}

async function createVessel(page: Page): Promise<Created> {
  const suffix = uniqueSuffix();
  const vessel = {
    vesselName: `E2E Orders ${suffix}`,
    imoNumber: `E2EO${suffix}`.slice(0, 20),
    flagState: 'PANAMA',
    crewSizeCategory: 12,
    fleet: `E2E Orders Fleet ${suffix}`,
    contractEndDate: isoDayFromToday(300),
  };
  const res = await page.request.post('/api/vessels', { data: vessel });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, vesselName: vessel.vesselName, imoNumber: vessel.imoNumber, fleet: vessel.fleet };
}

test('a new fleet manager orders what a chest is short of and receives it on board', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO);
  const vessel = await createVessel(page);
  try {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Supply Orders', level: 1 })).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);

    const create = page.getByTestId('create-order');
    const generate = create.getByRole('button', { name: 'Generate Order' });
    await expect(generate).toBeDisabled();
    await create.getByLabel('Vessel').selectOption({ label: `${vessel.vesselName} (IMO ${vessel.imoNumber})` });
    const info = page.getByTestId('vessel-info');
    await expect(info).toContainText(vessel.fleet);
    await expect(info).toContainText('Not specified'); // no company, no certificate
    await expect(generate).toBeDisabled();
    await create.getByLabel('Expiry Threshold Date').fill(isoDayFromToday(120));
    await expect(generate).toBeEnabled();
    await generate.click();

    const preview = page.getByTestId('order-preview');
    await expect(preview).toBeVisible();
    const rows = preview.getByTestId('preview-row');
    const count = await rows.count();
    expect(count).toBeGreaterThan(2);
    // A non-numeric quantity becomes 0; a number is kept; a row can go.
    const first = preview.getByLabel('Order quantity for IMGS01');
    const needed = await first.inputValue();
    expect(Number(needed)).toBeGreaterThan(0);
    await first.fill('');
    await first.pressSequentially('abc');
    await expect(first).toHaveValue('0');
    await first.fill(needed);
    await preview.getByRole('button', { name: 'Remove IMGS02' }).click();
    await expect(rows).toHaveCount(count - 1);
    await preview.getByLabel('Unit cost for IMGS01').fill('2.5');
    await preview.getByRole('button', { name: 'Create Order' }).click();
    await expectToast(page, 'Success', 'Order created successfully');
    await expect(preview).toBeHidden();

    const row = page.getByTestId('order-row').filter({ hasText: vessel.vesselName });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('order-status')).toHaveText('Draft');
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(count - 1));

    await row.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Success', 'Order status updated successfully');
    await expect(row.getByTestId('order-status')).toHaveText('Approved');
    await expect(row.getByRole('link', { name: 'Export' })).toBeVisible();

    await row.getByRole('button', { name: 'Assign Vendor' }).click();
    const assign = page.getByTestId('assign-vendor');
    await assign.getByLabel('Vendor Name').fill('   ');
    await assign.getByLabel('Contact Email').fill('orders@marine-med.example');
    await expect(assign.getByRole('button', { name: 'Assign Vendor' })).toBeDisabled();
    await assign.getByLabel('Vendor Name').fill('Marine Med Supply');
    await assign.getByRole('button', { name: 'Assign Vendor' }).click();
    await expectToast(page, 'Success', 'Vendor assigned and order marked as ordered');
    await expect(row.getByTestId('order-status')).toHaveText('Ordered');
    await expect(row).toContainText('Marine Med Supply');

    // The purchase order opens as a PDF.
    const href = await row.getByRole('link', { name: 'Export' }).getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await row.getByRole('button', { name: 'Receive' }).click();
    const receive = page.getByTestId('receive-dialog');
    await expect(receive.getByTestId('receive-row')).toHaveCount(count - 1);
    await expect(receive.getByLabel('Quantity received of IMGS01')).toHaveValue(needed);
    await receive.getByLabel('Expiry date of IMGS01').fill(isoDayFromToday(700));
    await receive.getByRole('button', { name: 'Mark as Delivered' }).click();
    await expectToast(page, 'Success', 'Order status updated successfully');
    await expect(row.getByTestId('order-status')).toHaveText('Delivered');

    await row.getByRole('button', { name: /Details of order/ }).click();
    const detail = page.getByTestId('order-detail');
    await expect(detail.getByTestId('status-history')).toContainText('Approved → Ordered');
    await expect(detail.getByTestId('status-history')).toContainText('Ordered → Delivered');
    await expect(detail.getByTestId('order-items')).toContainText('2.50');
    await detail.getByRole('button', { name: 'Close' }).first().click();

    // The chest counts what was received.
    const requirements = (await (await page.request.get(`/api/vessels/${vessel.id}/volume-requirements`)).json()) as { scaleId: string; complianceStatus: string }[];
    expect(requirements.find((r) => r.scaleId === 'IMGS01')?.complianceStatus).toBe('compliant');
    expect(requirements.find((r) => r.scaleId === 'IMGS02')?.complianceStatus).toBe('critical');

    // Filters: the delivered status shows it, draft does not.
    await page.getByLabel('Status').selectOption('delivered');
    await expect(page.getByTestId('order-row').filter({ hasText: vessel.vesselName })).toHaveCount(1);
    await page.getByLabel('Status').selectOption('draft');
    await expect(page.getByTestId('order-row').filter({ hasText: vessel.vesselName })).toHaveCount(0);
  } finally {
    const res = await page.request.delete(`/api/vessels/${vessel.id}`);
    expect(res.status()).toBeLessThan(300);
  }
});

/** The key playwright.config.ts gives the server, so the test can make the link the mail carries. */
const LINK_KEY = 'e2e-supplier-link-key-not-secret';

test('a supplier loads its orders, acknowledges one, and moves it on through the link in its mail', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO);
  const vessel = await createVessel(page);
  const supplier = `E2E Supplier ${uniqueSuffix()}`;
  try {
    const threshold = isoDayFromToday(60);
    const preview = (await (await page.request.post(`/api/vessels/${vessel.id}/generate-order`, { data: { expiryThreshold: threshold } })).json()) as {
      orderItems: { scaleId: string; orderQuantity: number }[];
    };
    const created = await page.request.post('/api/orders', {
      data: { vesselId: vessel.id, orderData: { expiryThreshold: threshold, status: 'draft' }, orderItems: preview.orderItems.slice(0, 2) },
    });
    expect(created.status()).toBe(201);
    const order = (await created.json()) as { id: string; orderNumber: string };
    expect((await page.request.patch(`/api/orders/${order.id}/status`, { data: { status: 'approved' } })).status()).toBe(200);
    const assigned = await page.request.patch(`/api/orders/${order.id}/assign-vendor`, { data: { supplierName: supplier, supplierEmail: 'orders@e2e-supplier.example' } });
    const { sentAt } = (await assigned.json()) as { sentAt: string };

    await page.goto('/supplier');
    await expect(page.getByRole('heading', { name: 'Supplier Portal', level: 1 })).toBeVisible();
    const name = page.getByLabel('Supplier Company Name');
    await name.fill('Nobody Supplies This');
    await page.getByRole('button', { name: 'Load Orders' }).click();
    await expect(page.getByTestId('supplier-empty')).toHaveText('No orders found for this supplier');
    await name.fill(supplier.toLowerCase());
    await page.getByRole('button', { name: 'Load Orders' }).click();
    const row = page.getByTestId('supplier-order-row').filter({ hasText: order.orderNumber });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('supplier-order-status')).toHaveText('Sent to supplier');
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');
    await expect(row.getByRole('cell').nth(3)).toHaveText('—');
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await expectToast(page, 'Success', `Order ${order.orderNumber} acknowledged`);
    await expect(row.getByTestId('supplier-order-status')).toHaveText('Acknowledged');
    await expect(row.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

    // The supplier's mail link, opened in a browser with no MedChest session.
    const outsider = await browser.newContext();
    try {
      const link = await outsider.newPage();
      const token = signSupplierLink(LINK_KEY, order.id, sentAt);
      await link.goto(`/supplier/orders/${token}`);
      await expect(link.getByRole('heading', { name: `Purchase Order ${order.orderNumber}` })).toBeVisible();
      await expect(link.getByTestId('link-status')).toHaveText('Acknowledged');
      // The supplier quotes its unit costs: the order's value follows.
      for (const input of await link.getByLabel(/^Unit cost of /).all()) await input.fill('4');
      await link.getByRole('button', { name: 'Save Unit Costs' }).click();
      await expect(link.getByText('Unit costs saved')).toBeVisible();
      await link.getByRole('button', { name: 'Mark In Progress' }).click();
      await expect(link.getByTestId('link-status')).toHaveText('In progress');
      await link.getByRole('button', { name: 'Mark Shipped' }).click();
      await expect(link.getByTestId('link-status')).toHaveText('Shipped');
      await expect(link.getByRole('button', { name: /Mark/ })).toHaveCount(0);

      await link.goto(`/supplier/orders/${token.slice(0, -2)}AA`);
      await expect(link.getByTestId('link-error')).toHaveText('This order link is not valid or has expired');
    } finally {
      await outsider.close();
    }
    await page.goto('/orders');
    await expect(page.getByTestId('order-row').filter({ hasText: order.orderNumber }).getByTestId('order-status')).toHaveText('Shipped');
    const total = preview.orderItems.slice(0, 2).reduce((sum, item) => sum + item.orderQuantity * 4, 0);
    await page.goto('/supplier');
    await page.getByLabel('Supplier Company Name').fill(supplier);
    await page.getByRole('button', { name: 'Load Orders' }).click();
    await expect(page.getByTestId('supplier-order-row').filter({ hasText: order.orderNumber }).getByRole('cell').nth(3)).toHaveText(total.toFixed(2));
  } finally {
    await page.request.delete(`/api/vessels/${vessel.id}`);
  }
});
