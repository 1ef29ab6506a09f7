import { expect, test } from '@playwright/test';
import { DEMO } from './support/accounts';
import { signInViaApi } from './support/auth';

/**
 * Issue 15, "Lists that grow": the vessels list has a search and sorts by every column (a header
 * click, again to turn it round). Pages of 50 for a fleet of 500 are proved by the unit tests of
 * vesselList.ts; the demo fleet fits on one page, so no pager shows.
 */

interface ApiVessel {
  vesselName: string;
  imoNumber: string;
  crewSizeCategory: number;
}

test('search narrows the list, a header sorts it both ways, and the demo fleet needs no pager', async ({ page }) => {
  await signInViaApi(page, DEMO);
  const vessels = (await (await page.request.get('/api/vessels')).json()) as ApiVessel[];
  await page.goto('/vessels');
  const rows = page.getByTestId('vessel-row');
  await expect(rows).toHaveCount(vessels.length);
  await expect(page.getByTestId('vessels-pager')).toHaveCount(0);

  // Sorted by name to begin with, as the header says.
  const table = page.getByTestId('vessels-table');
  await expect(table.getByRole('columnheader', { name: 'Vessel Name' })).toHaveAttribute('aria-sort', 'ascending');

  // Crew size, largest first after a second click.
  await table.getByRole('button', { name: 'Crew Size' }).click();
  await table.getByRole('button', { name: 'Crew Size' }).click();
  await expect(table.getByRole('columnheader', { name: 'Crew Size' })).toHaveAttribute('aria-sort', 'descending');
  const largest = Math.max(...vessels.map((v) => v.crewSizeCategory));
  await expect(rows.first().locator('td.num')).toHaveText(String(largest));

  // A search by part of one vessel's name, in other case, finds it; the count follows.
  const target = vessels[0];
  const word = target.vesselName.split(' ')[0].toLowerCase();
  const expected = vessels.filter((v) => v.vesselName.toLowerCase().includes(word) || v.imoNumber.includes(word)).length;
  await page.getByLabel('Search').fill(word);
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(expected);
  await expect(rows.filter({ hasText: target.vesselName })).toHaveCount(1);
  await expect(page.getByTestId('vessel-count')).toHaveText(`${await rows.count()} ${(await rows.count()) === 1 ? 'vessel' : 'vessels'}`);

  // By IMO number, exactly one.
  await page.getByLabel('Search').fill(target.imoNumber);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(target.vesselName);

  // Nothing matching says so.
  await page.getByLabel('Search').fill('no vessel is called this');
  await expect(page.getByTestId('vessels-empty')).toContainText('No vessel matches "no vessel is called this"');
});
