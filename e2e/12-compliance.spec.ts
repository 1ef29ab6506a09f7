import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO } from './support/accounts';
import { expectToast, signInViaApi, toast } from './support/auth';
import { isoDayFromToday } from './support/dates';

/**
 * The Compliance Dashboard (/compliance, spec 000 §2, §3 "Report", §7, §8): the overall
 * percentage (compliant / total, rounded) with its bar, Critical Issues and Expiring Items, the
 * per-vessel badges and View Details, Export Report as a CSV built in the browser (downloaded and
 * read back here), and Generate Audit through POST /api/reports/audit with its toast and download.
 * Expected figures come from the API's answers fetched in the test, never from fixed counts.
 */

interface Stats {
  totalVessels: number;
  compliantVessels: number;
  criticalAlerts: number;
  expiringItems: number;
}
interface FleetItem {
  id: string;
  vesselName: string;
  imoNumber: string;
  complianceStatus: string;
  criticalItems?: number;
}

async function apiAnswers(page: Page): Promise<{ stats: Stats; fleet: FleetItem[] }> {
  const [stats, fleet] = await Promise.all([page.request.get('/api/dashboard/stats'), page.request.get('/api/dashboard/fleet-compliance')]);
  expect(stats.status()).toBe(200);
  expect(fleet.status()).toBe(200);
  return { stats: (await stats.json()) as Stats, fleet: (await fleet.json()) as FleetItem[] };
}

/** The percentage as spec 000 §9 states it, computed here on its own: compliant over total, rounded. */
const percentage = (s: Stats) => (s.totalVessels === 0 ? 0 : Math.round((s.compliantVessels / s.totalVessels) * 100));

async function openCompliance(page: Page): Promise<void> {
  await page.goto('/compliance');
  await expect(page.getByRole('heading', { name: 'Compliance Dashboard', level: 1 })).toBeVisible();
}

/** The downloaded CSV, parsed: the summary rows by key and the vessel table's rows. */
async function readReport(download: Download) {
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  const rows = Papa.parse<string[]>(text.trim()).data;
  const summary = Object.fromEntries(
    ['totalVessels', 'compliantVessels', 'criticalAlerts', 'expiringItems', 'compliancePercentage'].map((key) => {
      const row = rows.find((r) => r[0] === key);
      expect(row, `summary row ${key}`).toBeDefined();
      return [key, Number(row![1])];
    }),
  );
  const header = rows.findIndex((r) => r[0] === 'Vessel Name');
  expect(header, 'the vessel table header').toBeGreaterThan(-1);
  const columns = rows[header];
  const vessels = rows.slice(header + 1).map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
  return { text, rows, summary, vessels };
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

test('shows the overall compliance the stats give, the critical and expiring counts, and every vessel with its status', async ({ page }) => {
  const { stats, fleet } = await apiAnswers(page);
  await openCompliance(page);

  const pct = percentage(stats);
  await expect(page.getByTestId('overall-compliance-value')).toHaveText(`${pct}%`);
  await expect(page.getByRole('progressbar', { name: 'Overall compliance' })).toHaveAttribute('aria-valuenow', String(pct));
  await expect(page.getByTestId('overall-compliance-caption')).toHaveText(`${stats.compliantVessels} of ${stats.totalVessels} vessels compliant`);
  await expect(page.getByTestId('critical-issues-value')).toHaveText(String(stats.criticalAlerts));
  await expect(page.getByTestId('expiring-items-value')).toHaveText(String(stats.expiringItems));

  // The list agrees with the card: as many Compliant badges as compliant vessels.
  await expect(page.getByTestId('compliance-vessel')).toHaveCount(fleet.length);
  await expect(page.getByTestId('compliance-vessel-name')).toHaveText(fleet.map((v) => v.vesselName));
  await expect(page.getByTestId('compliance-vessel-status')).toHaveText(fleet.map((v) => v.complianceStatus));
  await expect(page.getByTestId('compliance-vessel-status').filter({ hasText: /^Compliant$/ })).toHaveCount(stats.compliantVessels);

  // Badge colours: the dashboard's complianceTone (Critical and Non-Compliant red, Compliant green).
  for (const [status, tone] of [
    ['Compliant', 'success'],
    ['Expiring Soon', 'warning'],
    ['Non-Compliant', 'danger'],
    ['Critical', 'danger'],
  ] as const) {
    const badge = page.getByTestId('compliance-vessel-status').filter({ hasText: new RegExp(`^${status}$`) }).first();
    if (fleet.some((v) => v.complianceStatus === status)) await expect(badge).toHaveClass(new RegExp(`badge--${tone}`));
  }
});

test('View Details opens the vessel\'s inventory', async ({ page }) => {
  const { fleet } = await apiAnswers(page);
  const vessel = fleet[fleet.length - 1];
  await openCompliance(page);
  await page.getByRole('link', { name: `View details of ${vessel.vesselName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory/${vessel.id}$`));
  await expect(page.getByTestId('inventory-vessel-name')).toHaveText(vessel.vesselName);
});

test('Export Report downloads a CSV with the summary the stats give and one row per vessel', async ({ page }) => {
  const { stats, fleet } = await apiAnswers(page);
  await openCompliance(page);
  await expect(page.getByTestId('overall-compliance-value')).toHaveText(`${percentage(stats)}%`);
  await expect(page.getByTestId('compliance-vessel')).toHaveCount(fleet.length);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Report' }).click()]);
  expect(download.suggestedFilename()).toBe(`compliance-report-${isoDayFromToday(0)}.csv`);
  const report = await readReport(download);
  expect(report.rows[0]).toEqual(['Report', 'Compliance Report']);
  expect(report.summary).toEqual({
    totalVessels: stats.totalVessels,
    compliantVessels: stats.compliantVessels,
    criticalAlerts: stats.criticalAlerts,
    expiringItems: stats.expiringItems,
    compliancePercentage: percentage(stats),
  });
  expect(report.vessels.map((v) => [v['Vessel Name'], v['IMO Number'], v['Compliance Status']])).toEqual(
    fleet.map((v) => [v.vesselName, v.imoNumber, v.complianceStatus]),
  );
  expect(report.vessels.map((v) => Number(v['Critical Items']))).toEqual(fleet.map((v) => v.criticalItems ?? 0));
});

test('Generate Audit records a report, shows the toast and offers it for download', async ({ page }) => {
  const { stats, fleet } = await apiAnswers(page);
  await openCompliance(page);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/reports/audit') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Generate Audit' }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const answered = (await response.json()) as { id: string; name: string; data: { reportType: string; summary: Record<string, number> } };
  expect(answered.data.reportType).toBe('audit');
  await expectToast(page, 'Audit Report Generated');
  await expect(toast(page)).not.toHaveAttribute('data-variant', 'destructive');

  await expect(page.getByTestId('audit-report-summary')).toContainText(`${percentage(stats)}% compliant`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Audit Report' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`compliance-audit-report-${isoDayFromToday(0)}.csv`);
  const report = await readReport(download);
  expect(report.rows[0]).toEqual(['Report', answered.name]);
  expect(report.summary).toEqual({ ...answered.data.summary });
  expect(report.summary).toEqual({
    totalVessels: stats.totalVessels,
    compliantVessels: stats.compliantVessels,
    criticalAlerts: stats.criticalAlerts,
    expiringItems: stats.expiringItems,
    compliancePercentage: percentage(stats),
  });
  expect(report.vessels.map((v) => v['Vessel Name'])).toEqual(fleet.map((v) => v.vesselName));
});

test('a failed audit says Failed to generate audit report; no stats says No Data Available and nothing can be exported', async ({ page }) => {
  // The call never reaches the server (no answer to quote): the catalogue's text.
  await page.route(
    (url) => url.pathname === '/api/reports/audit',
    (route) => route.abort('connectionrefused'),
  );
  await openCompliance(page);
  await page.getByRole('button', { name: 'Generate Audit' }).click();
  await expectToast(page, 'Error', 'Failed to generate audit report');
  await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByTestId('audit-report')).toHaveCount(0);
  await page.unrouteAll();

  await page.route(
    (url) => url.pathname === '/api/dashboard/stats',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }),
  );
  await openCompliance(page);
  await expect(page.getByTestId('compliance-no-data')).toHaveText('No Data Available: Please wait for compliance data to load.');
  await expect(page.getByRole('button', { name: 'Export Report' })).toBeDisabled();
  await page.unrouteAll();

  // While the stats are on their way: the loading text, then the figures.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/dashboard/stats',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await openCompliance(page);
  await expect(page.getByTestId('compliance-loading')).toHaveText('Loading compliance data...');
  await expect(page.getByRole('button', { name: 'Export Report' })).toBeDisabled();
  release();
  await expect(page.getByTestId('overall-compliance-value')).toHaveText(/^\d+%$/);
});
