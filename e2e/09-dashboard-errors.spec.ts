import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { sidebar, signInViaApi } from './support/auth';

/**
 * The dashboard tells the user when one of its calls fails, each part on its own: the stat cards
 * ('Unavailable' and a message), fleet compliance, and the activity feed, while the other parts
 * still show their data. And the Dashboard menu item is the current page on / and /dashboard.
 * The failures are made in the browser (page.route answers 500), nothing on the server changes.
 */

const STAT_VALUES = [
  'stat-total-vessels-value',
  'stat-compliant-vessels-value',
  'stat-expiring-certificates-value',
  'stat-critical-alerts-value',
];

/** Answer every call to `path` with a 500, as a failing server would; returns how many came. */
async function failCalls(page: Page, path: string): Promise<() => number> {
  let calls = 0;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      calls += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) });
    },
  );
  return () => calls;
}

async function openDashboard(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
}

async function expectStatsShown(page: Page): Promise<void> {
  for (const id of STAT_VALUES) await expect(page.getByTestId(id)).toHaveText(/^\d+$/);
  await expect(page.getByTestId('stats-error')).toHaveCount(0);
}
const expectFleetShown = async (page: Page) => {
  await expect(page.getByTestId('fleet-compliance-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('fleet-compliance-error')).toHaveCount(0);
};
const expectActivityShown = async (page: Page) => {
  await expect(page.getByTestId('recent-activity-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('activity-error')).toHaveCount(0);
};

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

test('stats failing: every card says Unavailable and the error state shows; the rest still loads', async ({ page }) => {
  const calls = await failCalls(page, '/api/dashboard/stats');
  await openDashboard(page);
  await expect(page.getByTestId('stats-error')).toBeVisible();
  await expect(page.getByTestId('stats-error')).toContainText('Failed to load dashboard statistics');
  for (const id of STAT_VALUES) await expect(page.getByTestId(id), id).toHaveText('Unavailable');
  await expectFleetShown(page);
  await expectActivityShown(page);
  expect(calls()).toBeGreaterThan(0);

  // The same server answering again: a fresh load shows the numbers.
  await page.unrouteAll({ behavior: 'wait' });
  await page.reload();
  await expectStatsShown(page);
});

test('fleet compliance failing: its card shows the error state; the rest still loads', async ({ page }) => {
  const calls = await failCalls(page, '/api/dashboard/fleet-compliance');
  await openDashboard(page);
  await expect(page.getByTestId('fleet-compliance-error')).toBeVisible();
  await expect(page.getByTestId('fleet-compliance-error')).toContainText('Failed to load fleet status');
  await expect(page.getByTestId('fleet-compliance-list')).toHaveCount(0);
  await expect(page.getByTestId('fleet-compliance-empty'), 'a failure is not an empty fleet').toHaveCount(0);
  await expectStatsShown(page);
  await expectActivityShown(page);
  expect(calls()).toBeGreaterThan(0);

  await page.unrouteAll({ behavior: 'wait' });
  await page.reload();
  await expectFleetShown(page);
});

test('activity failing: the feed shows the error state; the rest still loads', async ({ page }) => {
  const calls = await failCalls(page, '/api/dashboard/all-activities');
  await openDashboard(page);
  await expect(page.getByTestId('activity-error')).toBeVisible();
  await expect(page.getByTestId('activity-error')).toContainText('Failed to load activity');
  await expect(page.getByTestId('recent-activity-list')).toHaveCount(0);
  await expect(page.getByTestId('activity-empty'), 'a failure is not an empty feed').toHaveCount(0);
  await expectStatsShown(page);
  await expectFleetShown(page);
  expect(calls()).toBeGreaterThan(0);

  await page.unrouteAll({ behavior: 'wait' });
  await page.reload();
  await expectActivityShown(page);
});

test('all three failing at once: each part shows its own error state', async ({ page }) => {
  for (const path of ['/api/dashboard/stats', '/api/dashboard/fleet-compliance', '/api/dashboard/all-activities']) {
    await failCalls(page, path);
  }
  await openDashboard(page);
  await expect(page.getByTestId('stats-error')).toBeVisible();
  for (const id of STAT_VALUES) await expect(page.getByTestId(id), id).toHaveText('Unavailable');
  await expect(page.getByTestId('fleet-compliance-error')).toBeVisible();
  await expect(page.getByTestId('activity-error')).toBeVisible();
  // The page itself stays usable: the menu is there.
  await expect(sidebar(page).getByRole('link', { name: 'Vessels', exact: true })).toBeVisible();
});

test('the Dashboard menu item is the current page on / and on /dashboard, and only there', async ({ page }) => {
  const dashboardLink = sidebar(page).getByRole('link', { name: 'Dashboard', exact: true });
  const vesselsLink = sidebar(page).getByRole('link', { name: 'Vessels', exact: true });
  const current = sidebar(page).locator('[aria-current="page"]');

  for (const path of ['/', '/dashboard']) {
    await openDashboard(page, path);
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : '/dashboard'}$`));
    await expect(dashboardLink, `Dashboard current on ${path}`).toHaveAttribute('aria-current', 'page');
    await expect(current, `one current item on ${path}`).toHaveCount(1);
    await expect(vesselsLink).not.toHaveAttribute('aria-current', 'page');
  }

  // Moving away and back with the menu: the mark follows.
  await vesselsLink.click();
  await expect(page.getByRole('heading', { name: 'Fleet Vessels' })).toBeVisible();
  await expect(vesselsLink).toHaveAttribute('aria-current', 'page');
  await expect(dashboardLink).not.toHaveAttribute('aria-current', 'page');
  await expect(current).toHaveCount(1);
  await dashboardLink.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
  await expect(dashboardLink).toHaveAttribute('aria-current', 'page');
  await expect(current).toHaveCount(1);
});
