import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_FLEET_SIZE } from './support/accounts';
import { signInViaApi } from './support/auth';

/**
 * Issue 2, point 3 (first part): on /vessels the demo fleet can be filtered by fleet, ownership
 * company and vessel type; the count follows the filters and an empty result names the fleet.
 * The server's vessel list is the oracle for what each filter must show. Read-only.
 */

/** Vessel type labels (spec 000 §3). */
const TYPE_LABELS: Record<string, string> = {
  BULK_CARRIER: 'Bulk Carrier',
  OIL_TANKER: 'Oil Tanker',
  OIL_CHEMICAL_TANKER: 'Oil Chemical Tanker',
  GAS_CARRIER: 'Gas Carrier',
  CLASS_A_BULK_CARRIER: 'Class A Bulk Carrier',
  CLASS_A_CRUDE_OIL: 'Class A Crude Oil',
  CLASS_A_CARGO: 'Class A Cargo',
};

interface ApiVessel {
  id: string;
  vesselName: string;
  fleet?: string | null;
  ownershipCompany?: string | null;
  vesselType?: string | null;
}

const countText = (n: number) => `${n} ${n === 1 ? 'vessel' : 'vessels'}`;
const distinct = (values: (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));

/** The vessel names the table shows, sorted. */
async function shownNames(page: Page): Promise<string[]> {
  const names = await page
    .getByTestId('vessel-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td a')?.textContent?.trim() ?? ''));
  return names.sort((a, b) => a.localeCompare(b));
}

async function expectShown(page: Page, expected: ApiVessel[]): Promise<void> {
  await expect(page.getByTestId('vessel-count')).toHaveText(countText(expected.length));
  await expect(page.getByTestId('vessel-row')).toHaveCount(expected.length);
  expect(await shownNames(page)).toEqual(expected.map((v) => v.vesselName).sort((a, b) => a.localeCompare(b)));
}

test('filter the demo fleet by fleet, company and type', async ({ page }) => {
  await signInViaApi(page, DEMO);
  const res = await page.request.get('/api/vessels');
  expect(res.ok()).toBe(true);
  const vessels = ((await res.json()) as ApiVessel[]).filter((v) => v.vesselName);
  expect(vessels.length).toBeGreaterThanOrEqual(DEMO_FLEET_SIZE);

  await page.goto('/vessels');
  await expect(page.getByRole('heading', { name: 'Fleet Vessels' })).toBeVisible();
  const headers = (await page.getByTestId('vessels-table').getByRole('columnheader').allTextContents()).map((h) => h.trim());
  expect(headers).toEqual(['Vessel Name', 'IMO Number', 'Fleet', 'Flag State', 'Crew Size', 'Contract End', 'Actions']);
  await expectShown(page, vessels);

  const filters = page.getByRole('group', { name: 'Filter vessels' });
  const fleetFilter = filters.getByLabel('Fleet');
  const companyFilter = filters.getByLabel('Company');
  const typeFilter = filters.getByLabel('Vessel Type');

  await test.step('each filter defaults to all and offers the distinct values present', async () => {
    await expect(fleetFilter).toHaveValue('all');
    await expect(companyFilter).toHaveValue('all');
    await expect(typeFilter).toHaveValue('all');
    const fleets = distinct(vessels.map((v) => v.fleet));
    const companies = distinct(vessels.map((v) => v.ownershipCompany));
    const types = distinct(vessels.map((v) => v.vesselType)).map((t) => TYPE_LABELS[t]);
    expect(fleets.length, 'the demo fleet has several fleets').toBeGreaterThan(1);
    expect(companies.length, 'the demo fleet has several owners').toBeGreaterThan(1);
    expect(types.length, 'the demo fleet has every vessel type').toBe(Object.keys(TYPE_LABELS).length);
    const options = async (select: typeof fleetFilter) => (await select.locator('option').allTextContents()).map((o) => o.trim());
    expect(await options(fleetFilter)).toEqual(['All fleets', ...fleets]);
    expect(await options(companyFilter)).toEqual(['All companies', ...companies]);
    expect((await options(typeFilter)).slice(1).sort()).toEqual([...types].sort());
    expect((await options(typeFilter))[0]).toBe('All types');
  });

  await test.step('by fleet: only that fleet, and the count changes', async () => {
    for (const fleet of distinct(vessels.map((v) => v.fleet))) {
      await fleetFilter.selectOption({ label: fleet });
      const expected = vessels.filter((v) => v.fleet === fleet);
      expect(expected.length).toBeLessThan(vessels.length);
      await expectShown(page, expected);
      // The Fleet column agrees.
      for (const cell of await page.getByTestId('vessel-row').locator('td:nth-child(3)').allTextContents()) {
        expect(cell.trim()).toBe(fleet);
      }
    }
    await fleetFilter.selectOption({ label: 'All fleets' });
    await expectShown(page, vessels);
  });

  await test.step('by ownership company', async () => {
    for (const company of distinct(vessels.map((v) => v.ownershipCompany))) {
      await companyFilter.selectOption({ label: company });
      await expectShown(page, vessels.filter((v) => v.ownershipCompany === company));
    }
    await companyFilter.selectOption({ label: 'All companies' });
    await expectShown(page, vessels);
  });

  await test.step('by vessel type (shown by its label)', async () => {
    for (const [type, label] of Object.entries(TYPE_LABELS)) {
      await typeFilter.selectOption({ label });
      const expected = vessels.filter((v) => v.vesselType === type);
      await expectShown(page, expected);
      for (const row of await page.getByTestId('vessel-row').all()) {
        await expect(row.getByRole('cell').first()).toContainText(label);
      }
    }
    await typeFilter.selectOption({ label: 'All types' });
    await expectShown(page, vessels);
  });

  await test.step('filters combine', async () => {
    const sample = vessels.find((v) => v.fleet && v.ownershipCompany && v.vesselType)!;
    await fleetFilter.selectOption({ label: sample.fleet! });
    await companyFilter.selectOption({ label: sample.ownershipCompany! });
    await typeFilter.selectOption({ label: TYPE_LABELS[sample.vesselType!] });
    await expectShown(
      page,
      vessels.filter(
        (v) => v.fleet === sample.fleet && v.ownershipCompany === sample.ownershipCompany && v.vesselType === sample.vesselType,
      ),
    );
    await fleetFilter.selectOption('all');
    await companyFilter.selectOption('all');
    await typeFilter.selectOption('all');
    await expectShown(page, vessels);
  });

  await test.step('a filter with no match: the empty state names the fleet and offers Add Vessel', async () => {
    const fleets = distinct(vessels.map((v) => v.fleet));
    let empty: { fleet: string; type: string } | undefined;
    for (const fleet of fleets) {
      const type = Object.keys(TYPE_LABELS).find((t) => !vessels.some((v) => v.fleet === fleet && v.vesselType === t));
      if (type) {
        empty = { fleet, type };
        break;
      }
    }
    if (!empty) {
      test.info().annotations.push({ type: 'not reached', description: 'every fleet has every type: no empty fleet filter' });
      return;
    }
    await fleetFilter.selectOption({ label: empty!.fleet });
    await typeFilter.selectOption({ label: TYPE_LABELS[empty!.type] });
    await expect(page.getByTestId('vessel-count')).toHaveText('0 vessels');
    await expect(page.getByTestId('vessel-row')).toHaveCount(0);
    const state = page.getByTestId('vessels-empty');
    await expect(state).toContainText(`No vessels found in ${empty!.fleet}`);
    await expect(state.getByRole('button', { name: 'Add Vessel' })).toBeVisible();
    await typeFilter.selectOption('all');
    await expect(page.getByTestId('vessel-count')).toHaveText(
      countText(vessels.filter((v) => v.fleet === empty!.fleet).length),
    );
  });
});
