import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { readFile } from 'node:fs/promises';
import { DEMO } from './support/accounts';
import { expectToast, signInViaApi } from './support/auth';

/**
 * Reports & Analytics (/reports, issue 13) as the demo fleet owner: the form refuses what is
 * missing, Select All / Deselect All and the count, a Compliance Summary of the whole fleet
 * generated and downloaded (one row per vessel, the summary's vessel count), and a quick report
 * heading Recent Reports.
 */

test('a fleet manager generates a compliance summary of the fleet and downloads it', async ({ page }) => {
  await signInViaApi(page, DEMO);
  // The demo owner's vessels as the server answers them (other specs may add one of their own).
  const fleetSize = ((await (await page.request.get('/api/vessels')).json()) as unknown[]).length;
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports & Analytics', level: 1 })).toBeVisible();
  await expect(page.getByText('Coming soon')).toHaveCount(0);
  const form = page.getByTestId('generate-report-form');
  await expect(page.getByTestId('report-selected-count')).toHaveText(`0 of ${fleetSize} selected`);

  await form.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByTestId('error-report-type')).toHaveText('Please select a report type');
  await expect(page.getByTestId('error-report-vessels')).toHaveText('Please select at least one vessel');

  await page.getByLabel('Report Type').selectOption({ label: 'Compliance Summary' });
  await form.getByRole('button', { name: 'Select All', exact: true }).click();
  await expect(page.getByTestId('report-selected-count')).toHaveText(`${fleetSize} of ${fleetSize} selected`);
  await form.getByRole('button', { name: 'Deselect All' }).click();
  await expect(page.getByTestId('report-selected-count')).toHaveText(`0 of ${fleetSize} selected`);
  // The fleet filter narrows the checklist; Select All then takes that fleet's vessels only.
  const fleetOptions = await page.getByLabel('Fleet').locator('option').allTextContents();
  await page.getByLabel('Fleet').selectOption({ label: fleetOptions[1] });
  const inFleet = await form.locator('.report-vessels__list li').count();
  expect(inFleet).toBeGreaterThan(0);
  expect(inFleet).toBeLessThan(fleetSize);
  await form.getByRole('button', { name: 'Select All', exact: true }).click();
  await expect(page.getByTestId('report-selected-count')).toHaveText(`${inFleet} of ${fleetSize} selected`);
  await page.getByLabel('Fleet').selectOption({ label: 'All fleets' });
  await form.getByRole('button', { name: 'Select All', exact: true }).click();

  await form.getByRole('button', { name: 'Generate Report' }).click();
  await expectToast(page, 'Report Generated');
  const newest = page.getByTestId('recent-report').first();
  await expect(newest).toContainText('Compliance Summary Report');
  await expect(newest).toContainText(`${fleetSize} vessels`);

  const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('link', { name: /as CSV$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^compliance-summary-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const cells = Papa.parse<string[]>((await readFile((await download.path())!, 'utf8')).trim()).data;
  expect(cells[0]).toEqual(['Compliance Summary']);
  expect(cells.find((row) => row[0] === 'Total Vessels')).toEqual(['Total Vessels', String(fleetSize)]);
  const header = cells.findIndex((row) => row[0] === 'Vessel');
  expect(cells.length - header - 1).toBe(fleetSize);

  // A quick report: every vessel, last 30 days, in one click.
  await page.getByRole('button', { name: /^Generate a Certificate Status report/ }).click();
  await expectToast(page, 'Report Generated');
  await expect(page.getByTestId('recent-report').first()).toContainText('Certificate Status Report');
});
