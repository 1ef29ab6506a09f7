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
