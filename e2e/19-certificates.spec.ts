import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { uniqueSuffix } from './support/accounts';
import { expectToast, openDashboardAsDemo } from './support/auth';
import { displayDate, isoDayFromToday } from './support/dates';

/**
 * Issue 10: a fleet manager uploads a vessel's medical chest certificate from the vessel page,
 * finds it on /certificates with the right status, and downloads the very same file.
 */

const samplePdf = (label: string) =>
  Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('upload a certificate on a vessel, see it on /certificates as valid, download the same file', async ({ page }) => {
  const suffix = uniqueSuffix();
  const vesselName = `E2E Certificate ${suffix}`;
  await openDashboardAsDemo(page);
  const created = await page.request.post('/api/vessels', {
    data: { vesselName, imoNumber: `CRT${suffix}`.slice(0, 20), flagState: 'PANAMA', crewSizeCategory: 18 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/vessels/${id}`);
  const card = page.getByTestId('certificate-card');
  await expect(card.getByTestId('certificate-empty')).toBeVisible();
  await card.getByTestId('upload-certificate').click();
  const dialog = page.getByTestId('upload-certificate-dialog');
  await expect(dialog.getByTestId('certificate-expiry-input')).toHaveAttribute('min', isoDayFromToday(0));

  // A renamed file that is not a PDF is refused in the browser with the specification's message.
  await dialog.getByTestId('certificate-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await dialog.getByTestId('certificate-expiry-input').fill(isoDayFromToday(120));
  await dialog.getByTestId('certificate-issuer-input').fill('Panama Maritime Authority');
  await dialog.getByTestId('upload-certificate-submit').click();
  await expectToast(page, 'Invalid File Type', 'Please select a PDF file');

  const bytes = samplePdf(`certificate ${suffix}`);
  await dialog.getByTestId('certificate-file-input').setInputFiles({ name: `certificate-${suffix}.pdf`, mimeType: 'application/pdf', buffer: bytes });
  await dialog.getByTestId('upload-certificate-submit').click();
  await expectToast(page, 'Success', `Certificate uploaded for ${vesselName}`);
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('certificate-status')).toHaveText('Valid');
  await expect(card.getByTestId('certificate-issuer')).toHaveText('Panama Maritime Authority');
  await expect(card.getByTestId('certificate-expiry')).toHaveText(displayDate(isoDayFromToday(120)));

  await page.goto('/certificates');
  await expect(page.getByRole('heading', { name: 'Medical Certificates' })).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await page.getByTestId('certificates-search').fill(vesselName);
  const row = page.getByTestId(`certificate-row-${id}`);
  await expect(row.getByTestId('certificate-status')).toHaveText('Valid');
  await expect(row).toContainText(`certificate-${suffix}.pdf`);
  // The toggles: Expired hides it, clicking Expired again clears the filter, Active shows it.
  await page.getByRole('button', { name: 'Expired', exact: true }).click();
  await expect(row).toBeHidden();
  await page.getByRole('button', { name: 'Expired', exact: true }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(row).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^E2E-Certificate-.*-medical-chest-certificate-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(sha256(await readFile((await download.path())!))).toBe(sha256(bytes));
  await expectToast(page, 'Download Started');

  // Renew leads to the vessel page.
  await row.getByRole('button', { name: /^Renew/ }).click();
  await expect(page).toHaveURL(new RegExp(`/vessels/${id}$`));
});

test('the certificates page fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboardAsDemo(page);
  await page.goto('/certificates');
  await expect(page.getByTestId('certificates-table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('certificates-search')).toBeInViewport();
});
