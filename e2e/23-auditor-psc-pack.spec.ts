import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './support/auth';
import { displayDate, isoDayFromToday } from './support/dates';

/**
 * An auditor replays a demo vessel's history for port state control (issue 13): opens its history,
 * picks a day six months back, sees the chest of that day (not today's: Polar Navigator was Critical
 * then, a medicine expired with nothing to replace it, and is Compliant now), verifies the history
 * and downloads the PSC pack of that day. Expected figures are the API's own answers, asked in the
 * test.
 */

const AUDITOR = { email: 'auditor@medchest.example', password: 'medchest-audit' } as const;
/** The demo vessel that went Critical about six months ago and recovered (demo/src/history/plan.ts). */
const RECOVERED = 'Polar Navigator';

interface Vessel {
  id: string;
  vesselName: string;
  fleet: string | null;
}

interface RequirementRow {
  scaleId: string;
  actualQuantity: number;
  complianceStatus: string;
}

async function auditedVessel(page: Page): Promise<Vessel> {
  const res = await page.request.get('/api/vessels');
  expect(res.status()).toBe(200);
  const vessels = (await res.json()) as Vessel[];
  // The auditor's scope is the North Atlantic Fleet: nothing else is listed.
  expect(vessels.length).toBeGreaterThan(0);
  expect(vessels.every((v) => v.fleet === 'North Atlantic Fleet')).toBe(true);
  const vessel = vessels.find((v) => v.vesselName === RECOVERED);
  expect(vessel, `${RECOVERED} is in the auditor's scope`).toBeDefined();
  return vessel!;
}

async function requirements(page: Page, vesselId: string, asOf?: string): Promise<RequirementRow[]> {
  const res = await page.request.get(`/api/vessels/${vesselId}/volume-requirements${asOf ? `?asOf=${asOf}` : ''}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as RequirementRow[];
}

test('an auditor opens a demo vessel’s history, sees the chest six months back, verifies the history and downloads the PSC pack', async ({ page }) => {
  await signInViaApi(page, AUDITOR);
  const vessel = await auditedVessel(page);
  const day = isoDayFromToday(-182);
  const inventoryRow = (scaleId: string) => page.locator(`[data-testid="inventory-row"][data-scale-id="${scaleId}"]`);

  // That day one item had nothing that counted; today it is stocked.
  const then = await requirements(page, vessel.id, day);
  const now = await requirements(page, vessel.id);
  const missing = then.find((r) => r.complianceStatus === 'critical');
  expect(missing, `${vessel.vesselName} had a critical item on ${day}`).toBeDefined();
  const today = now.find((r) => r.scaleId === missing!.scaleId)!;
  expect(today.complianceStatus).toBe('compliant');
  expect(now.some((r) => r.complianceStatus === 'critical')).toBe(false);

  await page.goto(`/vessels/${vessel.id}/history`);
  await expect(page.getByRole('heading', { name: `History of ${vessel.vesselName}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('history-entry').first()).toBeVisible();

  await test.step('the chest of the day picked: Critical, the expired medicine at nothing on board', async () => {
    await page.getByLabel('Date', { exact: true }).fill(day);
    await page.getByRole('link', { name: 'View the chest on this day' }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory/${vessel.id}\\?asOf=${day}$`));
    await expect(page.getByRole('heading', { name: vessel.vesselName })).toBeVisible();
    await expect(page.getByTestId('as-of-banner')).toContainText(`Showing the chest as it was on ${displayDate(day)}`);
    await expect(page.getByTestId('chest-status')).toHaveText('Critical');
    await expect(inventoryRow(missing!.scaleId).getByTestId('on-board')).toHaveText(String(missing!.actualQuantity));
    await expect(inventoryRow(missing!.scaleId).getByTestId('item-status')).toHaveText('Critical');

    // Back to today: the same chest is Compliant, the item on board again.
    await page.getByTestId('as-of-banner').getByRole('button', { name: 'Back to today' }).click();
    await expect(page.getByTestId('as-of-banner')).toHaveCount(0);
    await expect(page.getByTestId('chest-status')).toHaveText('Compliant');
    await expect(inventoryRow(missing!.scaleId).getByTestId('on-board')).toHaveText(String(today.actualQuantity));
    await expect(inventoryRow(missing!.scaleId).getByTestId('item-status')).toHaveText('OK');
    await page.goto(`/vessels/${vessel.id}/history`);
  });

  await test.step('Verify history: every event since the vessel joined, about a year ago', async () => {
    await page.getByRole('button', { name: 'Verify history' }).click();
    const verified = page.getByTestId('history-verified');
    await expect(verified).toContainText(/Verified: \d+ events, unbroken since/);
    const since = /unbroken since (.+)$/.exec(((await verified.textContent()) ?? '').trim())?.[1] ?? '';
    const joined = Array.from({ length: 8 }, (_, n) => displayDate(isoDayFromToday(-366 - n)));
    expect(joined, `the history starts when the vessel joined the fleet: ${since}`).toContain(since);
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
