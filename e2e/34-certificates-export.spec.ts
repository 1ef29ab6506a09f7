import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { expectToast, signInViaApi } from './support/auth';

/**
 * Issue 14: /certificates, the dashboard and /compliance paint without the CSV writer (the domain's
 * toCsv, with papaparse); it is loaded when an export is pressed. The exports still write every row
 * the table shows (the compliance report's rows: spec 12), and a writer that cannot be loaded (the
 * connection dropped after the page painted) says so in a toast.
 */

/** The JavaScript files the page has asked for so far, by path. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function openCertificates(page: Page) {
  await page.goto('/certificates');
  const table = page.getByTestId('certificates-table');
  await expect(table).toBeVisible();
  return table;
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

test('Export CSV loads the writer when pressed and writes every row the table shows', async ({ page }) => {
  const scripts = scriptRequests(page);
  const table = await openCertificates(page);
  const rows = table.locator('tbody tr');
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  const firstVessel = (await rows.first().locator('.certificates-table__vessel').textContent())!;
  const loadedBeforeExport = scripts.length;

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^medical-certificates-\d{4}-\d{2}-\d{2}\.csv$/);
  // The writer came with the click: at least one script the page had not asked for before.
  expect(scripts.slice(loadedBeforeExport).length).toBeGreaterThan(0);

  const { data } = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8'), { skipEmptyLines: true });
  expect(data[0]).toEqual(['Vessel', 'IMO Number', 'Certificate', 'Issue Date', 'Expiry Date', 'Supplier', 'Status']);
  expect(data).toHaveLength(shown + 1);
  expect(data[1][0]).toBe(firstVessel);
});

test('the dashboard\'s Export Report loads the writer when pressed and writes every certificate expiry row', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/dashboard');
  const card = page.getByTestId('certificate-expiry');
  const rows = card.getByTestId('expiry-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  const firstVessel = (await rows.first().locator('td').first().textContent())!;
  const loadedBeforeExport = scripts.length;

  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Export Report' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^certificate-expiry-report-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(scripts.slice(loadedBeforeExport).length).toBeGreaterThan(0);

  const { data } = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8'), { skipEmptyLines: true });
  expect(data[0]).toEqual(['Vessel', 'Fleet', 'Company', 'Expiry Date', 'Days Left', 'Status']);
  expect(data).toHaveLength(shown + 1);
  expect(data[1][0]).toBe(firstVessel);
});

/** Each page's export, once its data has painted (the button is enabled only then). */
const EXPORTS = [
  { path: '/certificates', button: 'Export CSV' },
  { path: '/dashboard', button: 'Export Report' },
  { path: '/compliance', button: 'Export Report' },
];

for (const { path, button } of EXPORTS) {
  test(`${path}: a CSV writer that cannot be loaded says so in a toast`, async ({ page }) => {
    await page.goto(path);
    const exportButton = page.getByRole('button', { name: button });
    await expect(exportButton).toBeEnabled();
    // The page has painted; from now on no script reaches the browser.
    await page.route('**/*.js', (route) => route.abort('internetdisconnected'));
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await exportButton.click();
    await expectToast(page, 'CSV not exported', 'The CSV writer could not be loaded; check the connection and try again');
    expect(downloaded).toBe(false);
  });
}
