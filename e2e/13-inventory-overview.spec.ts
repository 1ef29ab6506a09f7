import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { signInViaApi } from './support/auth';

/**
 * The inventory overview (/inventory, spec 000 §2): three stat cards, the vessel list with each
 * vessel's status, the search by vessel name or IMO, and Manage Inventory to the vessel's chest.
 * Every expected figure and row comes from the API's own answers, fetched in the test, so the
 * spec holds whatever chests the demo fleet carries. Empty, error and loading states are made in
 * the browser with page.route; nothing on the server changes.
 */

interface Stats {
  totalVessels: number;
  compliantVessels: number;
  criticalAlerts: number;
  totalInventoryItems: number;
  expiringItems: number;
}
interface FleetItem {
  id: string;
  vesselName: string;
  imoNumber: string;
  fleet: string | null;
  complianceStatus: string;
}

async function apiAnswers(page: Page): Promise<{ stats: Stats; fleet: FleetItem[] }> {
  const [stats, fleet] = await Promise.all([page.request.get('/api/dashboard/stats'), page.request.get('/api/dashboard/fleet-compliance')]);
  expect(stats.status()).toBe(200);
  expect(fleet.status()).toBe(200);
  return { stats: (await stats.json()) as Stats, fleet: (await fleet.json()) as FleetItem[] };
}

const rows = (page: Page) => page.getByTestId('inventory-vessel');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search vessels by name or IMO' });

async function openOverview(page: Page): Promise<void> {
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Medical Inventory', level: 1 })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

test('shows the fleet figures and every vessel with its status, as the API answers them', async ({ page }) => {
  const { stats, fleet } = await apiAnswers(page);
  expect(fleet.length).toBe(stats.totalVessels);
  await openOverview(page);

  await expect(page.getByTestId('inventory-stat-total-items-value')).toHaveText(String(stats.totalInventoryItems));
  await expect(page.getByTestId('inventory-stat-critical-items-value')).toHaveText(String(stats.criticalAlerts));
  await expect(page.getByTestId('inventory-stat-compliant-vessels-value')).toHaveText(`${stats.compliantVessels} / ${stats.totalVessels}`);
  // Named by what it is, with its sources and their confidence one click away.
  await expect(page.getByTestId('scale-name')).toContainText('WHO IMGS 3rd edition');
  await expect(page.getByTestId('scale-name').getByRole('link', { name: 'Sources and confidence' })).toHaveAttribute('href', '/scales/who-imgs3-transcribed');

  await expect(rows(page)).toHaveCount(fleet.length);
  await expect(page.getByTestId('inventory-vessel-count')).toHaveText(`${fleet.length} of ${fleet.length} vessels`);
  await expect(page.getByTestId('inventory-vessel-name')).toHaveText(fleet.map((v) => v.vesselName));
  for (const vessel of fleet) {
    const row = page.locator(`[data-testid="inventory-vessel"][data-vessel-id="${vessel.id}"]`);
    await expect(row.getByTestId('inventory-vessel-imo')).toHaveText(`IMO ${vessel.imoNumber}`);
    await expect(row.getByTestId('inventory-vessel-status')).toHaveText(vessel.complianceStatus);
    if (vessel.fleet) await expect(row).toContainText(vessel.fleet);
    await expect(row.getByRole('link', { name: `Manage inventory of ${vessel.vesselName}` })).toHaveAttribute('href', `/inventory/${vessel.id}`);
  }
  // The demo fleet shows more than one status, so the badges above were not all one word.
  expect(new Set(fleet.map((v) => v.complianceStatus)).size).toBeGreaterThan(1);
});

test('searches by vessel name or IMO, says when nothing matches, and clears', async ({ page }) => {
  const { fleet } = await apiAnswers(page);
  await openOverview(page);
  await expect(rows(page)).toHaveCount(fleet.length);

  // A word of one vessel's name, in other letter case: every vessel whose name holds it, none else.
  const target = fleet[Math.floor(fleet.length / 2)];
  const word = target.vesselName.split(' ').sort((a, b) => b.length - a.length)[0];
  const byName = fleet.filter((v) => v.vesselName.toLowerCase().includes(word.toLowerCase()));
  await search(page).fill(word.toUpperCase());
  await expect(page.getByTestId('inventory-vessel-name')).toHaveText(byName.map((v) => v.vesselName));
  await expect(page.getByTestId('inventory-vessel-count')).toHaveText(`${byName.length} of ${fleet.length} vessels`);

  // The whole IMO number of another vessel: that vessel alone.
  const other = fleet[fleet.length - 1];
  await search(page).fill(other.imoNumber);
  await expect(page.getByTestId('inventory-vessel-name')).toHaveText([other.vesselName]);
  await search(page).fill(`IMO ${other.imoNumber}`);
  await expect(page.getByTestId('inventory-vessel-name')).toHaveText([other.vesselName]);

  await search(page).fill('no vessel is called this');
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByTestId('inventory-vessels-no-match')).toContainText('No vessels match "no vessel is called this"');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search(page)).toHaveValue('');
  await expect(rows(page)).toHaveCount(fleet.length);
});

test('Manage Inventory opens that vessel\'s chest', async ({ page }) => {
  const { fleet } = await apiAnswers(page);
  const vessel = fleet[1];
  await openOverview(page);
  await search(page).fill(vessel.imoNumber);
  await page.getByRole('link', { name: `Manage inventory of ${vessel.vesselName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory/${vessel.id}$`));
  await expect(page.getByTestId('inventory-vessel-name')).toHaveText(vessel.vesselName);
  await expect(page.getByTestId('inventory-table')).toBeVisible();
});

test('an empty fleet says No vessels found; failed calls say so; the list shows Loading vessels... while it loads', async ({ page }) => {
  // Empty fleet.
  await page.route(
    (url) => url.pathname === '/api/dashboard/fleet-compliance',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await openOverview(page);
  await expect(page.getByTestId('inventory-vessels-empty')).toContainText('No vessels found');
  await expect(rows(page)).toHaveCount(0);
  await page.unrouteAll();

  // Both calls failing: the cards say Unavailable and each part has its message.
  const fail = (route: import('@playwright/test').Route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) });
  await page.route((url) => url.pathname === '/api/dashboard/fleet-compliance' || url.pathname === '/api/dashboard/stats', fail);
  await openOverview(page);
  await expect(page.getByTestId('inventory-vessels-error')).toHaveText('Failed to load vessels');
  await expect(page.getByTestId('inventory-stats-error')).toContainText('Failed to load inventory statistics');
  await expect(page.getByTestId('inventory-stat-total-items-value')).toHaveText('Unavailable');
  await page.unrouteAll();

  // A slow answer: the loading text until it comes, then the list.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/dashboard/fleet-compliance',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await openOverview(page);
  await expect(page.getByTestId('inventory-vessels').getByRole('status')).toHaveText('Loading vessels...');
  release();
  await expect(rows(page).first()).toBeVisible();
});
