import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO, uniqueSuffix } from './support/accounts';
import { expectToast, sidebar, signInViaApi } from './support/auth';
import { displayDate, isoDayFromToday } from './support/dates';

/**
 * Scales as data (issue 3, "The scale is data, with provenance"): an admin imports a small scale
 * (the shipped file's header and three of its rows, ids made unique per run) on /admin/scales,
 * after a refused file and a refused file type; assigns it to a vessel on the vessel's page (with
 * a confirmation); and the vessel's inventory page then names that scale, with its source as the
 * tooltip, and lists only its items, on Current Inventory and Bulk Input alike. The vessel is made
 * through the API and deleted at the end; the scale stays (an import is a permanent record).
 */

const SHIPPED_NAME = 'WHO IMGS 3rd edition';
const shippedLines = readFileSync(new URL('../domain/data/imgs-scale.csv', import.meta.url), 'utf8').trimEnd().split('\n');

/** The shipped header and rows 1..3 (IMGS01-03) with their ids renamed PREFIX-01.. */
function smallScale(prefix: string): { csv: string; ids: string[] } {
  const rows = shippedLines.slice(1, 4).map((line) => line.replace(/^IMGS(\d+)/, `${prefix}-$1`));
  return { csv: [shippedLines[0], ...rows].join('\n'), ids: rows.map((row) => row.split(',')[0]) };
}

async function createVessel(page: Page, suffix: string): Promise<{ id: string; vesselName: string }> {
  const vesselName = `E2E Scale ${suffix}`;
  const res = await page.request.post('/api/vessels', {
    data: { vesselName, imoNumber: `E2ES${suffix}`.slice(0, 20), flagState: 'PANAMA', crewSizeCategory: 18 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, vesselName };
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

test('an admin imports a scale, assigns it to a vessel, and the vessel inventory follows it', async ({ page }) => {
  const suffix = uniqueSuffix();
  const scaleName = `E2E Flag Scale ${suffix}`;
  const source = `E2E Maritime Authority circular ${suffix}`;
  const effectiveDate = isoDayFromToday(-7);
  const { csv, ids } = smallScale(`E2E${suffix}`);

  await signInViaApi(page, ADMIN);
  const vessel = await createVessel(page, suffix);
  try {
    await test.step('the admin area leads to Medical Scales', async () => {
      await page.goto('/');
      await sidebar(page).getByRole('link', { name: 'Admin Portal' }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await page.getByTestId('admin-nav').getByRole('link', { name: 'Medical Scales' }).click();
      await expect(page).toHaveURL(/\/admin\/scales$/);
      await expect(sidebar(page).getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('aria-current', 'page');
      // The shipped scale is listed first, with its item count.
      const shipped = page.getByTestId('scale-row').first();
      await expect(shipped).toContainText(SHIPPED_NAME);
      await expect(shipped).toContainText('Shipped');
    });

    const form = page.getByRole('form', { name: 'Import a scale' });
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/scales')) posts++;
    });

    await test.step('a file that is not a .csv is refused on its field, nothing sent', async () => {
      await form.getByLabel('CSV file').setInputFiles({ name: 'scale.txt', mimeType: 'text/plain', buffer: Buffer.from(csv) });
      await form.getByLabel('Name').fill(scaleName);
      await form.getByLabel('Effective date').fill(effectiveDate);
      await form.getByLabel('Source').fill(source);
      await form.getByRole('button', { name: 'Import Scale' }).click();
      await expect(page.getByTestId('error-scale-file')).toHaveText('Invalid File: Please upload a CSV file');
      expect(posts).toBe(0);
    });

    await test.step('a file with bad rows is refused whole, every problem listed with its line', async () => {
      const bad = csv.replace(`${ids[1]},`, '').replace(',medicine,', ',potion,');
      const rows = bad.split('\n');
      expect(rows).toHaveLength(4);
      await form.getByLabel('CSV file').setInputFiles(csvFile('bad-scale.csv', bad));
      await form.getByRole('button', { name: 'Import Scale' }).click();
      const error = page.getByTestId('scale-import-error');
      await expect(error).toContainText('nothing was imported');
      const problems = page.getByTestId('scale-import-problems').getByRole('listitem');
      await expect(problems.first()).toContainText(/^Line 2 \(/);
      await expect(problems.first()).toContainText('Kind must be one of medicine, supply');
      await expectToast(page, 'Scale import failed');
      await expect(page.getByTestId('scale-row').filter({ hasText: scaleName })).toHaveCount(0);
      expect(posts).toBe(1);
      // The chosen file and the typed fields stay, ready to correct and send again.
      expect(await form.getByLabel('CSV file').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('bad-scale.csv');
      await expect(form.getByLabel('Name')).toHaveValue(scaleName);
    });

    await test.step('a good file is imported: the result, the toast and the list', async () => {
      await form.getByLabel('CSV file').setInputFiles(csvFile('flag-scale.csv', csv));
      await expect(page.getByTestId('scale-id-preview')).toContainText(`e2e-flag-scale-${suffix.toLowerCase()}-${effectiveDate}`);
      await form.getByRole('button', { name: 'Import Scale' }).click();
      await expect(page.getByTestId('scale-import-result')).toContainText(`${scaleName} imported: 3 items`);
      await expectToast(page, 'Scale imported', `${scaleName}: 3 items`);
      await expect(page.getByTestId('scale-import-error')).toHaveCount(0);
      // The form is ready for the next table.
      await expect(form.getByLabel('Name')).toHaveValue('');
      const row = page.getByTestId('scale-row').filter({ hasText: scaleName });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(source);
      await expect(row).toContainText(displayDate(effectiveDate));
      await expect(row.getByRole('cell').nth(3)).toHaveText('3');
      // Newest import first, after the shipped scale.
      await expect(page.getByTestId('scale-row').nth(1)).toContainText(scaleName);
    });

    await test.step('the vessel page assigns the scale, after a confirmation', async () => {
      await page.goto(`/vessels/${vessel.id}`);
      const card = page.getByTestId('vessel-scale');
      await expect(card.getByTestId('vessel-scale-name')).toContainText(SHIPPED_NAME);
      const change = card.getByRole('button', { name: 'Change Scale' });
      await expect(change).toBeDisabled();
      await card.getByLabel('Assign another scale').selectOption({ label: `${scaleName} (effective ${displayDate(effectiveDate)})` });
      await change.click();

      const dialog = page.getByTestId('vessel-scale-dialog');
      await expect(dialog).toContainText(`${vessel.vesselName}'s required quantities follow ${scaleName} (3 items)`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card.getByTestId('vessel-scale-name')).toContainText(SHIPPED_NAME);

      await change.click();
      await dialog.getByRole('button', { name: 'Change Scale' }).click();
      await expectToast(page, 'Medical scale updated', `${vessel.vesselName} now follows ${scaleName}`);
      await expect(card.getByTestId('vessel-scale-name')).toHaveText(scaleName);
      await expect(card.getByTestId('vessel-scale-source')).toHaveText(source);
      await expect(change).toBeDisabled();
    });

    await test.step("the vessel's inventory names the scale and lists only its items", async () => {
      await page.getByRole('link', { name: 'Manage Inventory' }).click();
      await expect(page).toHaveURL(new RegExp(`/inventory/${vessel.id}$`));
      const provenance = page.getByTestId('current-scale-provenance-name');
      await expect(provenance).toHaveText(scaleName);
      await expect(provenance).toHaveAttribute('title', new RegExp(`^${source} · Effective ${displayDate(effectiveDate)}$`));
      await expect(page.getByTestId('current-scale-provenance')).toContainText(`Required quantities: ${scaleName}`);
      // Named once on the page (issue 15: not "Scale:" twice), with its sources one click away.
      await expect(page.getByText(`Scale: ${scaleName}`)).toHaveCount(0);
      await expect(page.getByTestId('current-scale-provenance-link')).toHaveAttribute(
        'href',
        `/scales/e2e-flag-scale-${suffix.toLowerCase()}-${effectiveDate}`,
      );
      const rows = page.getByTestId('inventory-row');
      await expect(rows).toHaveCount(3);
      expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-scale-id')))).toEqual(ids);

      await page.getByRole('tab', { name: 'Bulk Input' }).click();
      await expect(page.getByTestId('bulk-scale-provenance')).toContainText(`Required quantities: ${scaleName}`);
      const bulkRows = page.getByTestId('bulk-row');
      await expect(bulkRows).toHaveCount(3);
      expect(await bulkRows.evaluateAll((els) => els.map((el) => el.getAttribute('data-scale-id')))).toEqual(ids);
    });
  } finally {
    const res = await page.request.delete(`/api/vessels/${vessel.id}`);
    expect([200, 204], `delete of vessel ${vessel.id}: ${await res.text()}`).toContain(res.status());
  }
});

test('the scales page is for admins only, and a vessel on the shipped scale says so', async ({ page }) => {
  await signInViaApi(page, DEMO);
  await page.goto('/admin/scales');
  // As /admin/users: a fleet manager is sent to the dashboard.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('form', { name: 'Import a scale' })).toHaveCount(0);
  const res = await page.request.post('/api/admin/scales', { data: { fileName: 'x.csv', csv: 'id', name: 'x', source: 'x', effectiveDate: '2024-01-01' } });
  expect(res.status()).toBe(403);

  const vessels = (await (await page.request.get('/api/vessels')).json()) as { id: string }[];
  const scale = (await (await page.request.get(`/api/vessels/${vessels[0].id}/scale`)).json()) as { id: string; name: string };
  test.skip(scale.name !== SHIPPED_NAME, 'the first demo vessel was given another scale by an earlier run');
  await page.goto(`/inventory/${vessels[0].id}`);
  await expect(page.getByTestId('current-scale-provenance')).toContainText(`Required quantities: ${SHIPPED_NAME}`);
  await expect(page.getByTestId('current-scale-provenance-name')).toHaveAttribute('title', /not yet checked against the WHO tables/);
});
