import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, uniqueSuffix } from './support/accounts';
import { mailTo } from './support/mail';

/**
 * Issue 12: the captain keeps their own chest current, from the ship, on a phone (360 × 740).
 * The fleet side (the demo owner, through the API in its own context) makes a vessel with a
 * contact address of its own and two batches of one item; the captain signs in with the code
 * mailed there (read from the e2e server's capture SMTP server), counts a batch, then counts both
 * batches while offline: the changes wait on the device, the pending count says so, and once the
 * connection is back each is applied once. Usage is recorded online and offline (each once, on the
 * dashboard's recent usage), and a count made offline that crosses the office's count made
 * meanwhile is shown to the captain with the figure on record, neither side lost, until resolved.
 */
test.use({ viewport: { width: 360, height: 740 } });

interface Batch {
  id: string;
  scaleId: string;
  batchNumber: number;
  quantityOnBoard: number;
  version: number;
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, 'no horizontal scroll at 360 px').toBeLessThanOrEqual(widths.client);
}

test('a captain signs in with the mailed code, counts stock, and counts made offline are sent once the connection returns', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const contactEmail = `master.${suffix.toLowerCase()}@e2e-captain.example`;
  const fleet: APIRequestContext = await playwright.request.newContext({ baseURL });
  expect((await fleet.post('/api/auth/login', { data: { email: DEMO.email, password: DEMO.password } })).status()).toBe(200);
  const created = await fleet.post('/api/vessels', {
    data: { vesselName: `Captain Star ${suffix}`, imoNumber: `E2EK${suffix}`.slice(0, 20), flagState: 'PANAMA', crewSizeCategory: 14, fleet: 'North Atlantic Fleet', contactEmail },
  });
  expect(created.status(), await created.text()).toBe(201);
  const vessel = (await created.json()) as { id: string; vesselName: string };
  const batchesNow = async () => (await (await fleet.get(`/api/vessels/${vessel.id}/inventory`)).json()) as Batch[];

  try {
    const rows = (await (await fleet.get(`/api/vessels/${vessel.id}/volume-requirements`)).json()) as { scaleId: string; scaleDescription: string }[];
    const item = rows[0];
    const imported = await fleet.post(`/api/vessels/${vessel.id}/inventory/bulk-import`, {
      data: {
        fileName: 'e2e captain',
        items: [
          { scaleId: item.scaleId, batchNumber: 1, quantityOnBoard: 10, expiryDate: '2030-01-31' },
          { scaleId: item.scaleId, batchNumber: 2, quantityOnBoard: 8, expiryDate: '2031-06-30' },
        ],
      },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const [first, second] = (await batchesNow()).sort((a, b) => a.batchNumber - b.batchNumber);

    // Sign in with the code from the mail.
    await page.goto('/captain/login');
    await expect(page.getByRole('heading', { name: 'Captain Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Send sign-in code' }).click();
    await expect(page.getByTestId('captain-login-error')).toHaveText('Email is required');
    await page.getByLabel('Email').fill(contactEmail);
    await page.getByRole('button', { name: 'Send sign-in code' }).click();
    await expect(page.getByTestId('code-sent')).toContainText('If this address belongs to a vessel, a sign-in code is on its way');
    const mail = await mailTo(contactEmail);
    const code = /^ {4}(\d{6})\s*$/m.exec(mail.raw)?.[1];
    expect(code, mail.raw).toBeTruthy();
    await page.getByLabel('Sign-in code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('captain-login-error')).toHaveText('The code is not valid or has expired. Request a new code and try again.');
    await page.getByLabel('Sign-in code').fill(code!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/captain\/dashboard$/);
    await expect(page.getByTestId('captain-vessel-name')).toHaveText(vessel.vesselName);
    await expect(page.getByTestId('stat-total-items')).toHaveText('2');
    await expect(page.getByTestId('stat-crew-size')).toHaveText('14');
    await noSidewaysScroll(page);

    // Fleet screens are not the captain's; other /captain paths are a 404 page.
    await page.goto('/vessels');
    await expect(page).toHaveURL(/\/captain\/dashboard$/);
    // The fleet app hands over with a full page load of the portal: wait for the portal itself.
    await expect(page.getByTestId('stat-total-items')).toHaveText('2');
    await page.goto('/captain/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

    // Count a batch online.
    await page.goto('/captain/inventory');
    await page.getByLabel('Search the scale').fill(item.scaleId);
    const row = page.getByTestId('captain-item').filter({ hasText: item.scaleId }).first();
    await row.getByRole('button', { expanded: false }).first().click();
    const batchRows = row.getByTestId('captain-batch');
    await expect(batchRows).toHaveCount(2);
    await noSidewaysScroll(page);
    for (const target of await page.getByRole('button', { name: 'Save' }).all()) {
      const box = await target.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    // The refreshes after this count fail (the connection drops as it goes out): the figures already
    // shown stay, with the open item and the search, and the page says they are not fresh.
    const requirements = /\/volume-requirements$/;
    await page.route(requirements, (route) => route.abort('internetdisconnected'));
    await batchRows.nth(0).getByTestId('batch-quantity').fill('7');
    await batchRows.nth(0).getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await batchesNow()).find((b) => b.id === first.id)?.quantityOnBoard).toBe(7);
    await expect(page.getByTestId('inventory-stale')).toBeVisible();
    await expect(batchRows).toHaveCount(2);
    await expect(page.getByLabel('Search the scale')).toHaveValue(item.scaleId);
    await page.unroute(requirements);

    // Offline: two more counts wait on the device.
    await context.setOffline(true);
    await expect(page.getByTestId('captain-offline')).toBeVisible();
    await batchRows.nth(0).getByTestId('batch-quantity').fill('5');
    await batchRows.nth(0).getByRole('button', { name: 'Save' }).click();
    await batchRows.nth(1).getByTestId('batch-quantity').fill('3');
    await batchRows.nth(1).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('pending-count')).toHaveText('2 changes waiting to be sent');
    expect((await batchesNow()).map((b) => b.quantityOnBoard).sort()).toEqual([7, 8]);

    // Back online: each is sent, once, and nothing waits any more.
    await context.setOffline(false);
    await expect(page.getByTestId('pending-count')).toHaveCount(0);
    // The queue's refresh once online again loads fresh figures.
    await expect(page.getByTestId('inventory-stale')).toHaveCount(0);
    await expect.poll(async () => Object.fromEntries((await batchesNow()).map((b) => [b.id, b.quantityOnBoard]))).toEqual({ [first.id]: 5, [second.id]: 3 });
    const history = (await (await fleet.get(`/api/vessels/${vessel.id}/history?limit=100`)).json()) as unknown;
    const adjustments = JSON.stringify(history).match(/BatchAdjusted/g) ?? [];
    expect(adjustments.length, 'one adjustment per count: 7, then 5 and 3').toBe(3);

    // Usage (the medical log), online: taken off the batch, on the dashboard's recent usage.
    const usageOf = async (batchRow: number, quantityUsed: string, reason: string, crewMember: string) => {
      const batchRowLocator = batchRows.nth(batchRow);
      await batchRowLocator.getByRole('button', { name: 'Record usage' }).click();
      const form = batchRowLocator.getByTestId('usage-form');
      await form.getByLabel('Quantity used').fill(quantityUsed);
      await form.getByLabel('Reason').fill(reason);
      await form.getByLabel('Crew member name').fill(crewMember);
      await form.getByRole('button', { name: 'Save usage' }).click();
      await expect(form).toHaveCount(0);
    };
    await usageOf(0, '2', 'Burn dressing', 'A. Bosun');
    await expect(batchRows.nth(0).getByRole('status')).toHaveText('Usage recorded');
    await expect.poll(async () => (await batchesNow()).find((b) => b.id === first.id)?.quantityOnBoard).toBe(3);

    // Offline again: a usage and a count wait; meanwhile the office counts the second batch.
    await context.setOffline(true);
    await expect(page.getByTestId('captain-offline')).toBeVisible();
    await usageOf(0, '1', 'Headache', 'C. Cook');
    await expect(batchRows.nth(0).getByRole('status')).toHaveText('Saved on this device; it will be sent when you are back online');
    await batchRows.nth(1).getByTestId('batch-quantity').fill('6');
    await batchRows.nth(1).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('pending-count')).toHaveText('2 changes waiting to be sent');
    const onRecord = (await batchesNow()).find((b) => b.id === second.id)!;
    const officeCount = await fleet.patch(`/api/vessels/${vessel.id}/inventory/${second.id}`, { data: { quantityOnBoard: 9, version: onRecord.version } });
    expect(officeCount.status(), await officeCount.text()).toBe(200);

    // Back online: the usage is applied once; the count crossed the office's and is shown to the
    // captain with the figure on record, which stays until the captain decides.
    await context.setOffline(false);
    const conflict = page.getByTestId('captain-conflict');
    await expect(conflict).toHaveCount(1);
    await expect(conflict).toContainText('Changed meanwhile');
    await expect(conflict).toContainText('your count 6');
    await expect(conflict).toContainText('it now has 9 on board');
    await expect(page.getByTestId('pending-count')).toHaveCount(0);
    await expect.poll(async () => Object.fromEntries((await batchesNow()).map((b) => [b.id, b.quantityOnBoard]))).toEqual({ [first.id]: 2, [second.id]: 9 });
    await conflict.getByRole('button', { name: 'Keep mine (replace 9)' }).click();
    await expect(conflict).toHaveCount(0);
    await expect.poll(async () => (await batchesNow()).find((b) => b.id === second.id)?.quantityOnBoard).toBe(6);
    const used = (JSON.stringify(await (await fleet.get(`/api/vessels/${vessel.id}/history?limit=100`)).json()).match(/BatchUsageRecorded/g) ?? []).length;
    expect(used, 'two usages, each recorded once').toBe(2);

    // More than is on board: refused, said so under the batch and at the top, nothing recorded.
    await usageOf(0, '50', 'Burns', 'C. Cook');
    await expect(batchRows.nth(0).getByRole('status')).toHaveText('Not saved yet: see the message at the top of the page');
    const refusal = page.getByTestId('captain-conflict');
    await expect(refusal).toContainText('Not accepted');
    await expect(refusal).toContainText('Quantity used cannot be more than the 2 on board');
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusal).toHaveCount(0);
    expect((await batchesNow()).find((b) => b.id === first.id)?.quantityOnBoard).toBe(2);

    // The dashboard's recent usage lists both, latest recorded first on the same day.
    await page.goto('/captain/dashboard');
    const recent = page.getByTestId('recent-usage').getByRole('listitem');
    await expect(recent).toHaveCount(2);
    await expect(recent.nth(0)).toContainText('1 used');
    await expect(recent.nth(0)).toContainText('Headache · C. Cook');
    await expect(recent.nth(1)).toContainText('Burn dressing · A. Bosun');
    await noSidewaysScroll(page);
  } finally {
    await fleet.delete(`/api/vessels/${vessel.id}`);
    await fleet.dispose();
  }
});
