import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, uniqueSuffix } from './support/accounts';
import { expectToast, signInViaApi } from './support/auth';
import { isoDayFromToday } from './support/dates';

/**
 * No stock change is lost (issue 16, item 1), in the browser: two people edit the same batch
 * count from two browsers; the second save is answered 409, the form shows the figure now on
 * record and Save again counts against it. Usage recorded through the Record usage dialog is a
 * difference: a refusal from the server shows on its field, an accepted one lowers the count.
 */

const SCALE_ID = 'IMGS01';
const BATCH = `${SCALE_ID} batch 1`;

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, DEMO);
  return page;
}

/** The vessel's inventory with the item's batches opened; returns the batch row. */
async function openBatch(page: Page, vesselId: string) {
  await page.goto(`/inventory/${vesselId}`);
  await expect(page.getByTestId('inventory-table')).toBeVisible();
  const expand = page.getByRole('button', { name: `Batches of ${SCALE_ID}`, exact: true });
  await expand.click();
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  return page.locator(`[data-testid="inventory-batches"][data-scale-id="${SCALE_ID}"]`).getByTestId('batch-row');
}

test('two browsers count the same batch: the second is told the new figure and can redo; usage lowers the count', async ({ browser }) => {
  const first = await signedInPage(browser);
  const second = await signedInPage(browser);
  const suffix = uniqueSuffix();
  const created = await first.request.post('/api/vessels', {
    data: { vesselName: `E2E Conflict ${suffix}`, imoNumber: `E2EK${suffix}`.slice(0, 20), flagState: 'PANAMA', crewSizeCategory: 12 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: vesselId } = (await created.json()) as { id: string };
  try {
    const imported = await first.request.post(`/api/vessels/${vesselId}/inventory/bulk-import`, {
      data: { fileName: `e2e-conflict-${suffix}.csv`, items: [{ scaleId: SCALE_ID, quantityOnBoard: 20, batchNumber: 1, expiryDate: isoDayFromToday(400) }] },
    });
    expect(imported.ok(), await imported.text()).toBe(true);

    const rowA = await openBatch(first, vesselId);
    const rowB = await openBatch(second, vesselId);
    await expect(rowA.getByTestId('batch-quantity-value')).toHaveText('20');
    await expect(rowB.getByTestId('batch-quantity-value')).toHaveText('20');

    // Both start editing the figure they read: 20.
    await rowA.getByRole('button', { name: `Edit quantity of ${BATCH}`, exact: true }).click();
    await rowB.getByRole('button', { name: `Edit quantity of ${BATCH}`, exact: true }).click();
    const inputB = rowB.getByLabel(`Quantity of ${BATCH}`, { exact: true });

    await test.step('the first save goes through', async () => {
      await rowA.getByLabel(`Quantity of ${BATCH}`, { exact: true }).fill('15');
      await rowA.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(first, 'Success', 'Inventory quantity updated');
      await expect(rowA.getByTestId('batch-quantity-value')).toHaveText('15');
    });

    await test.step('the second save is refused with the figure now on record, the typed value kept', async () => {
      await inputB.fill('12');
      const answer = second.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/api/vessels/${vesselId}/inventory/`));
      await rowB.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await answer).status()).toBe(409);
      await expect(rowB.getByTestId('batch-quantity-error')).toContainText('it now has 15 on board');
      await expect(inputB).toHaveValue('12');
      // Nothing of the second count was recorded meanwhile.
      const [batch] = (await (await second.request.get(`/api/vessels/${vesselId}/inventory`)).json()) as { quantityOnBoard: number }[];
      expect(batch.quantityOnBoard).toBe(15);
    });

    await test.step('Save again counts against the new figure', async () => {
      await rowB.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(second, 'Success', 'Inventory quantity updated');
      await expect(rowB.getByTestId('batch-quantity-value')).toHaveText('12');
    });

    await test.step('Record usage: a refusal shows on its field, a usage lowers the count', async () => {
      // The first browser still shows 15; the server knows 12.
      await rowA.getByRole('button', { name: `Record usage of ${BATCH}`, exact: true }).click();
      const dialog = first.getByTestId('record-usage-dialog');
      await expect(dialog).toBeVisible();
      const quantity = dialog.getByLabel('Quantity used');

      await dialog.getByRole('button', { name: 'Record usage', exact: true }).click();
      await expect(dialog.getByText('Quantity used is required')).toBeVisible();
      await expect(dialog.getByText('Reason is required')).toBeVisible();

      await quantity.fill('14');
      await dialog.getByLabel('Reason').fill('Wound dressing');
      await dialog.getByLabel('Crew member').fill('E2E Bosun');
      await dialog.getByRole('button', { name: 'Record usage', exact: true }).click();
      await expect(dialog.getByText('Quantity used cannot be more than the 12 on board')).toBeVisible();
      await expect(quantity).toHaveAttribute('aria-invalid', 'true');

      await quantity.fill('2');
      await dialog.getByRole('button', { name: 'Record usage', exact: true }).click();
      await expectToast(first, 'Success', 'Usage recorded');
      await expect(dialog).toHaveCount(0);
      await expect(rowA.getByTestId('batch-quantity-value')).toHaveText('10');
    });

    const activity = await first.request.get(`/api/dashboard/all-activities?vesselId=${vesselId}&limit=20`);
    const usage = ((await activity.json()) as { activityType: string; metadata: Record<string, unknown> }[]).find((l) => l.activityType === 'usage_tracked');
    expect(usage?.metadata).toMatchObject({ quantityUsed: 2, reason: 'Wound dressing', quantityRemaining: 10, crewMemberName: 'E2E Bosun' });
  } finally {
    const deleted = await first.request.delete(`/api/vessels/${vesselId}`);
    expect([200, 204]).toContain(deleted.status());
    await first.context().close();
    await second.context().close();
  }
});
