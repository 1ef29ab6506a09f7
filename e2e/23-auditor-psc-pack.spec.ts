import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';
import { displayDate, isoDayFromToday } from './support/dates';

/**
 * An auditor replays a demo vessel's history for port state control (issue 13): opens its history,
 * picks a day six months back, sees the chest of that day, verifies the history and downloads the
 * PSC pack of that day. Expected figures are the API's own answers, asked in the test.
 */

const AUDITOR = { email: 'auditor@medchest.example', password: 'medchest-audit' } as const;

interface Vessel {
  id: string;
  vesselName: string;
  fleet: string | null;
}

interface RequirementRow {
  scaleId: string;
  actualQuantity: number;
}

async function northAtlanticVessel(page: Page): Promise<Vessel> {
  const res = await page.request.get('/api/vessels');
  expect(res.status()).toBe(200);
  const vessels = (await res.json()) as Vessel[];
  // The auditor's scope is the North Atlantic Fleet: nothing else is listed.
  expect(vessels.length).toBeGreaterThan(0);
  expect(vessels.every((v) => v.fleet === 'North Atlantic Fleet')).toBe(true);
  return vessels[0];
}

test('an auditor opens a demo vessel’s history, sees the chest six months back, verifies the history and downloads the PSC pack', async ({ page }) => {
  await signInViaApi(page, AUDITOR);
  const vessel = await northAtlanticVessel(page);
  // Six months back once the demo has a past; while the demo fleet joins at seed time, that day
  // is before the vessel joined (the server says so), and today is the only day there is.
  const sixMonthsBack = isoDayFromToday(-182);
  const past = (await page.request.get(`/api/vessels/${vessel.id}/volume-requirements?asOf=${sixMonthsBack}`)).status() === 200;
  const day = past ? sixMonthsBack : isoDayFromToday(0);

  await page.goto(`/vessels/${vessel.id}/history`);
  await expect(page.getByRole('heading', { name: `History of ${vessel.vesselName}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('history-entry').first()).toBeVisible();

  await test.step('the chest of the day picked', async () => {
    const api = await page.request.get(`/api/vessels/${vessel.id}/volume-requirements${past ? `?asOf=${day}` : ''}`);
    expect(api.status(), await api.text()).toBe(200);
    const rows = (await api.json()) as RequirementRow[];
    expect(rows.length).toBeGreaterThan(0);
    await page.getByLabel('Date', { exact: true }).fill(day);
    await page.getByRole('link', { name: 'View the chest on this day' }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory/${vessel.id}\\?asOf=${day}$`));
    await expect(page.getByRole('heading', { name: vessel.vesselName })).toBeVisible();
    if (past) await expect(page.getByTestId('as-of-banner')).toContainText(`Showing the chest as it was on ${displayDate(day)}`);
    else await expect(page.getByTestId('as-of-banner')).toHaveCount(0);
    const first = rows[0];
    await expect(page.locator(`[data-testid="inventory-row"][data-scale-id="${first.scaleId}"]`).getByTestId('on-board')).toHaveText(String(first.actualQuantity));
    await page.goBack();
  });

  await test.step('Verify history', async () => {
    await page.getByRole('button', { name: 'Verify history' }).click();
    await expect(page.getByTestId('history-verified')).toContainText(/Verified: \d+ events, unbroken since/);
  });

  await test.step('Download PSC pack for that day', async () => {
    await page.getByLabel('Pack date').fill(day);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PSC pack' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^PSC-pack-.+-${day}\\.pdf$`));
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
