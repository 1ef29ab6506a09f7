import { expect, test, type Locator } from '@playwright/test';
import { DEMO, DEMO_FLEET_SIZE } from './support/accounts';
import { expectToast, sidebar } from './support/auth';
import { DISPLAY_DATE, daysFromToday } from './support/dates';

/**
 * Issue 2, point 2: a newcomer opens the landing page, finds the demo entry, signs in with the demo
 * fleet owner account and lands on the dashboard of the 31-vessel demo fleet.
 */

/** The dashboard's certificate badge for a number of days until expiry (spec 000 §4, §9). */
function expectedBadge(daysLeft: number | null): string {
  if (daysLeft === null) return 'Not Set';
  if (daysLeft < 0) return 'Expired';
  if (daysLeft <= 15) return 'Critical';
  if (daysLeft <= 45) return 'Expiring Soon';
  return 'Active';
}

/** 'N days' / '1 day' / 'Expired N days ago' / 'N/A' back to a number (null when missing). */
function parseDaysLeft(text: string): number | null {
  if (text === 'N/A') return null;
  const expired = /^Expired (\d+) days? ago$/.exec(text);
  if (expired) return -Number(expired[1]);
  const left = /^(\d+) days?$/.exec(text);
  if (left) return Number(left[1]);
  throw new Error(`Unexpected days-left text: ${text}`);
}

async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.locator('td').allTextContents()).map((t) => t.trim());
}

test('landing page, demo entry, and the demo fleet dashboard', async ({ page }) => {
  await test.step('the landing page tells a logged-out visitor what MedChest is and costs', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('medical chest');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', /^mailto:/);

    // Feature cards, the marketing statistics and the price (spec 000 §1).
    for (const feature of [
      /certificat/i,
      /inventory monitoring/i,
      /reorder/i,
      /chest validation/i,
      /port state control/i,
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
    }
    for (const figure of ['109K+', '1.9M', '$200K', '3%']) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }
    const pricing = page.getByTestId('pricing-card');
    await expect(pricing).toContainText('$39.99');
    await expect(pricing).toContainText('USD per vessel per month');
    await expect(pricing).toContainText(/multi-year discount/i);
    await expect(pricing).toContainText(/cancel anytime/i);
    await expect(pricing.getByRole('link', { name: /contact sales/i })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  await test.step('Log In, then the demo entry /admin/login shows the demo credentials', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Try the demo' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Demo Login' })).toBeVisible();
    await expect(page.getByText(/demo fleet of 31 vessels/)).toBeVisible();
    const credentials = page.getByTestId('demo-credentials');
    await expect(credentials).toContainText(DEMO.email);
    await expect(credentials).toContainText(DEMO.password);
    // The other ways in are offered too (spec 001 §2).
    await expect(page.getByRole('link', { name: 'Fleet Manager Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Captain Login' })).toHaveAttribute('href', '/captain/login');
  });

  await test.step('signing in with the credentials the page shows lands on the dashboard', async () => {
    const form = page.getByRole('form', { name: 'Demo login' });
    // Submitting empty first: the demo form asks for both fields (spec 001 §5).
    await form.getByRole('button', { name: 'Enter Demo' }).click();
    await expect(page.getByTestId('error-demo-email')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await form.getByLabel('Email').fill(DEMO.email);
    await form.getByLabel('Password').fill(DEMO.password);
    await form.getByRole('button', { name: 'Enter Demo' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Success', `Welcome, ${DEMO.firstName}!`);
    await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
    await expect(sidebar(page).getByTestId('current-user')).toContainText('Demo Fleet Owner');
  });

  await test.step('the stat cards: Total Vessels 31, each card linking where the spec says', async () => {
    await expect(page.getByTestId('stat-total-vessels-value')).toHaveText(String(DEMO_FLEET_SIZE));
    await expect(page.getByTestId('stat-total-vessels')).toHaveAttribute('href', '/vessels');
    await expect(page.getByTestId('stat-compliant-vessels')).toHaveAttribute('href', '/compliance');
    await expect(page.getByTestId('stat-expiring-certificates')).toHaveAttribute('href', '/certificates');
    await expect(page.getByTestId('stat-critical-alerts')).toHaveAttribute('href', '/vessels');
    // The cards show the API's figures, and the demo chests give some of each.
    const stats = await (await page.request.get('/api/dashboard/stats')).json();
    expect(stats.compliantVessels).toBeGreaterThan(0);
    expect(stats.criticalAlerts).toBeGreaterThan(0);
    await expect(page.getByTestId('stat-compliant-vessels-value')).toHaveText(String(stats.compliantVessels));
    await expect(page.getByTestId('stat-critical-alerts-value')).toHaveText(String(stats.criticalAlerts));
    await expect(page.getByTestId('stat-expiring-certificates-value')).toHaveText(/^\d+$/);
  });

  await test.step('the fleet compliance list: every vessel, each linking to its detail page', async () => {
    const list = page.getByTestId('fleet-compliance-list');
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(DEMO_FLEET_SIZE);
    const hrefs = await list.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(DEMO_FLEET_SIZE);
    for (const href of hrefs) expect(href).toMatch(/^\/vessels\/[0-9a-f-]{36}$/);
    expect(new Set(hrefs).size).toBe(DEMO_FLEET_SIZE);
    // Each vessel's badge is its chest's status; the demo fleet shows every status.
    const fleet: { complianceStatus: string }[] = await (await page.request.get('/api/dashboard/fleet-compliance')).json();
    for (const status of ['Compliant', 'Expiring Soon', 'Non-Compliant', 'Critical']) {
      const count = fleet.filter((v) => v.complianceStatus === status).length;
      expect(count, status).toBeGreaterThan(0);
      await expect(list.getByText(status, { exact: true })).toHaveCount(count);
    }

    // Following one item opens that vessel.
    const first = list.getByRole('link').first();
    const name = (await first.locator('.list-row__title').textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/vessels\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
  });

  await test.step('recent activity: the latest events, with a link to the activity log', async () => {
    const activity = page.getByTestId('recent-activity');
    await expect(activity.getByRole('link', { name: /view all/i })).toHaveAttribute('href', '/activity');
    const items = page.getByTestId('recent-activity-list').getByRole('listitem');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    // The seed went through the same commands a user sends, over a year of the demo's past, so the
    // fleet has a history: each line says what happened, then the vessel (one of the fleet's) and
    // the date (the day it happened, not the day the demo was seeded).
    const fleet = new Set(((await (await page.request.get('/api/vessels')).json()) as { vesselName: string }[]).map((v) => v.vesselName));
    for (const item of await items.all()) {
      const lines = (await item.innerText()).split('\n').map((l) => l.trim()).filter(Boolean);
      const meta = /^(.+) · ((Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4})$/.exec(lines.at(-1) ?? '');
      expect(meta, `"${lines.join(' / ')}": vessel · date under the description`).not.toBeNull();
      expect(lines.length, 'a description above the vessel and date').toBeGreaterThanOrEqual(2);
      expect(fleet.has(meta![1]), `"${meta![1]}" is a vessel of the fleet`).toBe(true);
    }
  });

  await test.step('certificate expiry table: soonest first, vessels without a date last, badges by the rules', async () => {
    const card = page.getByTestId('certificate-expiry');
    await expect(card.getByRole('button', { name: 'Export Report' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Manage Certificates' })).toHaveAttribute('href', '/certificates');
    const headers = await card.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Vessel', 'Fleet', 'Company', 'Expiry Date', 'Days Left', 'Status']);

    const rows = page.getByTestId('certificate-expiry-table').getByTestId('expiry-row');
    await expect(rows).toHaveCount(DEMO_FLEET_SIZE);
    const today = new Date();
    const daysInOrder: (number | null)[] = [];
    for (const row of await rows.all()) {
      const [vessel, fleet, company, expiry, daysText, badge] = await cellTexts(row);
      expect(vessel, 'vessel name').not.toBe('');
      expect(fleet, `${vessel}: fleet`).not.toBe('');
      expect(company, `${vessel}: company`).not.toBe('');
      const daysLeft = parseDaysLeft(daysText);
      if (expiry === 'Not set') {
        expect(daysText, `${vessel}: days left without a date`).toBe('N/A');
      } else {
        expect(expiry, `${vessel}: expiry date format`).toMatch(DISPLAY_DATE);
        expect(daysLeft, `${vessel}: days left matches the date`).toBe(daysFromToday(expiry, today));
      }
      expect(badge, `${vessel}: badge for ${daysText}`).toBe(expectedBadge(daysLeft));
      daysInOrder.push(daysLeft);
    }
    // Real ordering of whatever dates are shown: dated rows ascending, then the undated ones.
    const firstUndated = daysInOrder.indexOf(null);
    const dated = (firstUndated < 0 ? daysInOrder : daysInOrder.slice(0, firstUndated)) as number[];
    const undated = firstUndated < 0 ? [] : daysInOrder.slice(firstUndated);
    expect(undated.every((d) => d === null), 'vessels without a date come last').toBe(true);
    expect(dated, 'soonest expiry first').toEqual([...dated].sort((a, b) => a - b));
    if (dated.length > 0) {
      // The demo fleet spreads its certificate dates so that every badge of spec 000 §4 shows.
      const badges = new Set((await rows.locator('td:last-child').allTextContents()).map((b) => b.trim()));
      expect([...badges].sort()).toEqual(
        (undated.length ? ['Active', 'Critical', 'Expired', 'Expiring Soon', 'Not Set'] : ['Active', 'Critical', 'Expired', 'Expiring Soon']).sort(),
      );
    }
    test.info().annotations.push({
      type: 'certificate dates',
      description: `${dated.length} of ${daysInOrder.length} demo vessels have a certificate expiry date`,
    });
  });

  await test.step('the Total Vessels card leads to the vessel list with the same count', async () => {
    await page.getByTestId('stat-total-vessels').click();
    await expect(page).toHaveURL(/\/vessels$/);
    await expect(page.getByTestId('vessel-count')).toHaveText(`${DEMO_FLEET_SIZE} vessels`);
    await expect(page.getByTestId('vessel-row')).toHaveCount(DEMO_FLEET_SIZE);
  });
});
