import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, uniqueSuffix } from './support/accounts';
import { expectToast, signInViaApi } from './support/auth';

/**
 * Issue 15, "CSV import feedback": a result with errors is not a green success; "abc" is reported
 * as not a number; every skipped row is listed with its spreadsheet line (header = line 1) and its
 * reason; a template CSV can be downloaded from the tab; and no export writes a cell starting with
 * = + - @ unescaped (a vessel named =HYPERLINK(...) comes back as text in the compliance export).
 * Each test makes its own vessel through the API and deletes it at the end.
 */

async function createVessel(page: Page, prefix: string, vesselName?: string): Promise<{ id: string; vesselName: string }> {
  const suffix = uniqueSuffix();
  const name = vesselName ?? `E2E ${prefix} ${suffix}`;
  const res = await page.request.post('/api/vessels', {
    data: { vesselName: name, imoNumber: `E2EF${suffix}`.slice(0, 20), flagState: 'PANAMA', crewSizeCategory: 12 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, vesselName: name };
}

async function deleteVessel(page: Page, id: string): Promise<void> {
  expect((await page.request.delete(`/api/vessels/${id}`)).status()).toBe(200);
}

async function openCsvTab(page: Page, vesselId: string): Promise<void> {
  await page.goto(`/inventory/${vesselId}`);
  await page.getByRole('tab', { name: 'CSV Upload' }).click();
  await expect(page.getByRole('button', { name: 'Download template' })).toBeEnabled();
}

async function upload(page: Page, text: string): Promise<void> {
  await page.getByLabel('CSV file').setInputFiles({ name: 'count.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload CSV' }).click();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, DEMO);
});

test('a file with bad rows: not green, "abc" is not a number, every skipped row by line with its reason', async ({ page }) => {
  const vessel = await createVessel(page, 'Import');
  try {
    await openCsvTab(page, vessel.id);
    await upload(
      page,
      [
        'scaleId,quantityOnBoard,batchNumber', // line 1
        'IMGS01,60,1', //                           line 2: imported
        'IMGS02,abc,1', //                          line 3: not a number
        '', //                                      line 4: blank, not a row
        ',5,1', //                                  line 5: no scale id
        'IMGS03', //                                line 6: one cell
        'NOPE99,4,1', //                            line 7: refused by the server
        'IMGS04,0,1', //                            line 8: nothing to add
        'IMGS05,3,first', //                        line 9: batch number not a number
      ].join('\n'),
    );
    await expectToast(page, 'Upload Complete', 'Successfully processed 1 items (6 errors)');
    // Some rows were refused: an informational toast and an amber card, not a green success.
    await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'info');
    const result = page.getByTestId('csv-result');
    await expect(result).toHaveAttribute('data-outcome', 'warning');
    await expect(result).not.toHaveCSS('background-color', 'rgb(229, 245, 236)');
    await result.getByText('View Error Details').click();
    await expect(page.getByTestId('csv-result-errors').getByRole('listitem')).toHaveText([
      'Line 3 (IMGS02): quantity is not a number (found "abc")',
      'Line 5: scale id is missing',
      'Line 6: only one cell; a row needs at least scaleId and quantityOnBoard',
      "Line 7 (NOPE99): unknown scale id, not on this vessel's scale",
      'Line 8 (IMGS04): quantity is 0, nothing to add',
      'Line 9 (IMGS05): batch number is not a number (found "first")',
    ]);
    // Only the good row reached the chest.
    const batches = (await (await page.request.get(`/api/vessels/${vessel.id}/inventory`)).json()) as { scaleId: string }[];
    expect(batches.map((b) => b.scaleId)).toEqual(['IMGS01']);
  } finally {
    await deleteVessel(page, vessel.id);
  }
});

test('a file where no row can be used: a failure, with each row and why', async ({ page }) => {
  const vessel = await createVessel(page, 'Import None');
  try {
    await openCsvTab(page, vessel.id);
    const imports: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/inventory/bulk-import')) imports.push(r.url());
    });
    await upload(page, ['scaleId,quantityOnBoard', 'IMGS01,abc', 'IMGS02,12abc'].join('\n'));
    await expectToast(page, 'Upload Failed', 'No valid inventory items found in CSV');
    await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
    const result = page.getByTestId('csv-result');
    await expect(result).toHaveAttribute('data-outcome', 'danger');
    await expect(result).toContainText('Upload Failed');
    await result.getByText('View Error Details').click();
    await expect(page.getByTestId('csv-result-errors').getByRole('listitem')).toHaveText([
      'Line 2 (IMGS01): quantity is not a number (found "abc")',
      'Line 3 (IMGS02): quantity is not a number (found "12abc")',
    ]);
    expect(imports).toEqual([]);
  } finally {
    await deleteVessel(page, vessel.id);
  }
});

test('a clean file is a plain success', async ({ page }) => {
  const vessel = await createVessel(page, 'Import Clean');
  try {
    await openCsvTab(page, vessel.id);
    await upload(page, ['scaleId,quantityOnBoard', 'IMGS01,60'].join('\n'));
    await expectToast(page, 'Upload Complete', 'Successfully processed 1 items');
    await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'default');
    await expect(page.getByTestId('csv-result')).toHaveAttribute('data-outcome', 'success');
    await expect(page.getByText('View Error Details')).toHaveCount(0);
  } finally {
    await deleteVessel(page, vessel.id);
  }
});

test('the template downloads from the tab, and uploading it as it is imports its example row', async ({ page }) => {
  const vessel = await createVessel(page, 'Template');
  try {
    await openCsvTab(page, vessel.id);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('inventory-template.csv');
    const text = readFileSync(await download.path(), 'utf8');
    const { data } = Papa.parse<string[]>(text.trim());
    expect(data[0]).toEqual(['scaleId', 'quantityOnBoard', 'batchNumber', 'productName', 'expiryDate', 'conditionNotes']);
    expect(data).toHaveLength(2);
    expect(data[1][0]).toBe('IMGS01');
    await upload(page, text);
    await expectToast(page, 'Upload Complete', 'Successfully processed 1 items');
  } finally {
    await deleteVessel(page, vessel.id);
  }
});

test('an export never writes a cell that a spreadsheet would run as a formula', async ({ page }) => {
  const formula = `=HYPERLINK("http://evil.example/${uniqueSuffix()}","open")`;
  const vessel = await createVessel(page, 'Formula', formula);
  try {
    await page.goto('/compliance');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Report' }).click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8');
    const { data } = Papa.parse<string[]>(text);
    const cells = data.flat();
    expect(cells).toContain(`'${formula}`);
    expect(cells).not.toContain(formula);
    // No cell at all starts with a formula character (numbers like -1 are written as numbers).
    expect(cells.filter((cell) => /^[=+@]/.test(cell))).toEqual([]);
  } finally {
    await deleteVessel(page, vessel.id);
  }
});
