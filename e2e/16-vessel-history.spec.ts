import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { signInViaApi } from './support/auth';

/**
 * A vessel's history (/vessels/{id}/history): the timeline of what happened (who, when, before and
 * after), its type filter, Verify history, and the way from an entry to the chest of that day.
 * Expected figures are the API's own answers, asked in the test.
 */

interface Vessel {
  id: string;
  vesselName: string;
}

async function demoVessel(page: Page): Promise<Vessel> {
  const res = await page.request.get('/api/vessels');
  expect(res.status()).toBe(200);
  const vessels = (await res.json()) as Vessel[];
  return vessels[vessels.length - 1];
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

test('a fleet manager opens a vessel history, filters it, verifies it and opens the chest of an entry', async ({ page }) => {
  const vessel = await demoVessel(page);
  const api = await page.request.get(`/api/vessels/${vessel.id}/history?limit=1000`);
  const total = Number(api.headers()['x-total-count']);
  expect(total).toBeGreaterThan(0);

  await page.goto(`/vessels/${vessel.id}`);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: `History of ${vessel.vesselName}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('history-count')).toHaveText(`Showing ${Math.min(total, 100)} of ${total} entries`);
  await expect(page.getByTestId('history-entry').first()).toBeVisible();

  await test.step('the type filter keeps one kind of entry', async () => {
    await page.getByLabel('Type').selectOption({ label: 'Vessel added to the fleet' });
    await expect(page.getByTestId('history-entry')).toHaveCount(1);
    await expect(page.getByTestId('history-entry')).toContainText(`Vessel ${vessel.vesselName} added to the fleet`);
    await expect(page.getByTestId('history-entry').getByRole('cell', { name: vessel.vesselName })).toBeVisible();
  });

  await test.step('Verify history checks every event of the vessel', async () => {
    const verification = (await (await page.request.get(`/api/vessels/${vessel.id}/history/verify`)).json()) as { events: number };
    await page.getByRole('button', { name: 'Verify history' }).click();
    await expect(page.getByTestId('history-verified')).toContainText(`Verified: ${verification.events} events, unbroken since`);
  });

  await test.step('an entry leads to the chest of its day', async () => {
    await page.getByTestId('history-entry').first().getByRole('link', { name: /^Chest on / }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory/${vessel.id}\\?asOf=\\d{4}-\\d{2}-\\d{2}$`));
    await expect(page.getByRole('heading', { name: vessel.vesselName })).toBeVisible();
  });
});
