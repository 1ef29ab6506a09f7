import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { signInViaApi } from './support/auth';

/**
 * The activity log (/activity, spec 001 §2): search, vessel and type filters, the Show count,
 * 'Showing X of Y activities', rows with icon, description, type badge, vessel, metadata, user and
 * time, and 'No activities found'. Every expected figure is the API's own answer, asked in the
 * test, so the spec holds whatever the demo fleet and earlier specs recorded.
 */

interface Line {
  id: string;
  activityType: string;
  description: string;
  vessel: { vesselName: string } | null;
}

async function apiLog(page: Page, query: string): Promise<{ lines: Line[]; total: number }> {
  const res = await page.request.get(`/api/dashboard/all-activities?${query}`);
  expect(res.status()).toBe(200);
  return { lines: (await res.json()) as Line[], total: Number(res.headers()['x-total-count']) };
}

const rows = (page: Page) => page.getByTestId('activity-row');
const count = (page: Page) => page.getByTestId('activity-count');

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

test('lists the newest activities, filters them on the server and counts them', async ({ page }) => {
  const all = await apiLog(page, 'limit=50');
  // The demo fleet alone records more than one page.
  expect(all.total).toBeGreaterThan(50);
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity Log', level: 1 })).toBeVisible();
  await expect(count(page)).toHaveText(`Showing 50 of ${all.total} activities`);
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).first()).toContainText(all.lines[0].description);
  await expect(rows(page).first().getByTestId('activity-user')).not.toBeEmpty();

  await test.step('Show 100 shows up to a hundred rows', async () => {
    await page.getByLabel('Show').selectOption('100');
    const shown = Math.min(100, all.total);
    await expect(rows(page)).toHaveCount(shown);
    await expect(count(page)).toHaveText(`Showing ${shown} of ${all.total} activities`);
  });

  await test.step('the type filter keeps one type, with its badge', async () => {
    const created = await apiLog(page, 'type=vessel_created&limit=100');
    await page.getByLabel('Type').selectOption({ label: 'Vessel created' });
    await expect(count(page)).toHaveText(`Showing ${created.lines.length} of ${created.total} activities`);
    await expect(page.getByTestId('activity-type-badge')).toHaveText(created.lines.map(() => 'Vessel created'));
    await page.getByLabel('Type').selectOption({ label: 'All types' });
  });

  await test.step('the vessel filter keeps one vessel, older pages on demand', async () => {
    // The newest line naming a vessel still in the fleet (earlier specs delete vessels, and the
    // filter offers only the vessels there are).
    const offered = await page.getByLabel('Vessel').locator('option').allTextContents();
    const vesselName = all.lines.find((l) => l.vessel && offered.includes(l.vessel.vesselName))?.vessel?.vesselName;
    expect(vesselName).toBeDefined();
    await page.getByLabel('Vessel').selectOption({ label: vesselName! });
    await expect(rows(page).first()).toContainText(vesselName!);
    const shown = await rows(page).count();
    for (let i = 0; i < shown; i++) await expect(rows(page).nth(i)).toContainText(vesselName!);
    await page.getByLabel('Vessel').selectOption({ label: 'All vessels' });
    await page.getByLabel('Show').selectOption('50');
    await expect(rows(page)).toHaveCount(50);
    await page.getByRole('button', { name: 'Show older activities' }).click();
    await expect(rows(page)).toHaveCount(Math.min(100, all.total));
    await expect(count(page)).toHaveText(`Showing ${Math.min(100, all.total)} of ${all.total} activities`);
  });

  await test.step('the search asks the server; nothing matching says so', async () => {
    const target = all.lines[0];
    const word = target.description.split(' ').slice(-2).join(' ');
    const matching = await apiLog(page, `search=${encodeURIComponent(word)}&limit=50`);
    await page.getByLabel('Search').fill(word);
    await expect(count(page)).toHaveText(`Showing ${matching.lines.length} of ${matching.total} activities`);
    await page.getByLabel('Search').fill('no such activity anywhere zzz');
    await expect(page.getByText('No activities found')).toBeVisible();
    await expect(count(page)).toHaveText('Showing 0 of 0 activities');
  });
});
