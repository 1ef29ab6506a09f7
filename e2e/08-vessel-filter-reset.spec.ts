import { expect, test, type Page } from '@playwright/test';
import { DEMO, uniqueSuffix } from './support/accounts';
import { expectToast, signInViaApi } from './support/auth';
import { isoDayFromToday } from './support/dates';
import { markDocument, recordTexts } from './support/observe';
import { fillVesselForm, vesselDialog, vesselInput } from './support/vesselForm';

/**
 * /vessels filters never get stuck on a value that is gone: the fleet filter is on a fleet whose
 * only vessel is then edited into another fleet. The fleet vanishes from the options, so the
 * filter goes back to all: the select shows 'All fleets', the list and the count show every
 * vessel, and at no moment did the page show an empty or filtered-by-nothing list. A change that
 * keeps the value (another field of that vessel) leaves the filter alone.
 */

interface ApiVessel {
  id: string;
  vesselName: string;
  fleet?: string | null;
}

const countText = (n: number) => `${n} ${n === 1 ? 'vessel' : 'vessels'}`;

async function serverVessels(page: Page): Promise<ApiVessel[]> {
  const res = await page.request.get('/api/vessels');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ApiVessel[];
}

/** Save the Edit Vessel modal of `name` after `change`, and wait for it to be done. */
async function editVessel(page: Page, name: string, change: Parameters<typeof fillVesselForm>[1]): Promise<void> {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = vesselDialog(page, 'Edit Vessel');
  await expect(vesselInput(dialog, 'vesselName')).toHaveValue(name);
  await fillVesselForm(dialog, change);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Vessel updated successfully');
  await expect(dialog).toBeHidden();
}

test('a fleet filter whose only vessel moves to another fleet resets to all fleets', async ({ page }) => {
  const suffix = uniqueSuffix();
  const lone = {
    vesselName: `E2E Lone ${suffix}`,
    imoNumber: `E2EL${suffix}`.slice(0, 20),
    flagState: 'PANAMA',
    vesselType: 'BULK_CARRIER',
    crewSizeCategory: 18,
    contactName: 'Capt. Lone Filter',
    contactPhone: '+47 22 41 18 90',
    contactEmail: 'master@e2e-lone.example',
    fleet: `E2E Lone Fleet ${suffix}`,
    ownershipCompany: `E2E Lone Shipping ${suffix}`,
    ownershipContactEmail: 'owner@e2e-lone.example',
    onboardingDate: isoDayFromToday(-100),
    contractEndDate: isoDayFromToday(400),
  };

  await signInViaApi(page, DEMO);
  const created = await page.request.post('/api/vessels', { data: lone });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  try {
    const all = await serverVessels(page);
    expect(all.filter((v) => v.fleet === lone.fleet).map((v) => v.id), 'the fleet has this one vessel').toEqual([id]);
    // Where it moves: a fleet of the demo fleet.
    const target = all.find((v) => v.fleet && v.fleet !== lone.fleet)!.fleet!;

    await page.goto('/vessels');
    await expect(page.getByRole('heading', { name: 'Fleet Vessels' })).toBeVisible();
    await expect(page.getByTestId('vessel-count')).toHaveText(countText(all.length));
    const sameDocument = await markDocument(page);
    const fleetFilter = page.getByRole('group', { name: 'Filter vessels' }).getByLabel('Fleet');
    const row = page.getByTestId('vessel-row').filter({ has: page.getByRole('link', { name: lone.vesselName, exact: true }) });

    await test.step('filter by the new fleet: its one vessel', async () => {
      await fleetFilter.selectOption({ label: lone.fleet });
      await expect(fleetFilter).toHaveValue(lone.fleet);
      await expect(page.getByTestId('vessel-count')).toHaveText('1 vessel');
      await expect(page.getByTestId('vessel-row')).toHaveCount(1);
      await expect(row.getByRole('cell').nth(2)).toHaveText(lone.fleet);
    });

    await test.step('editing another field of that vessel keeps the filter (its value is still there)', async () => {
      await editVessel(page, lone.vesselName, { contactName: 'Capt. Still Here' });
      await expect(fleetFilter).toHaveValue(lone.fleet);
      await expect(page.getByTestId('vessel-count')).toHaveText('1 vessel');
      await expect(page.getByTestId('vessel-row')).toHaveCount(1);
    });

    await test.step('editing it into another fleet: the filter resets to all, select, list and count agree', async () => {
      const counts = await recordTexts(page, 'vessel-count');
      const empties = await recordTexts(page, 'vessels-empty');
      await editVessel(page, lone.vesselName, { fleet: target });

      await expect(fleetFilter).toHaveValue('all');
      await expect(fleetFilter.locator('option:checked')).toHaveText('All fleets');
      await expect(fleetFilter.locator('option', { hasText: lone.fleet }), 'the vanished fleet is no longer offered').toHaveCount(0);
      const now = await serverVessels(page);
      expect(now.length).toBe(all.length);
      await expect(page.getByTestId('vessel-count')).toHaveText(countText(now.length));
      await expect(page.getByTestId('vessel-row')).toHaveCount(now.length);
      await expect(row.getByRole('cell').nth(2)).toHaveText(target);
      await expect(page.getByTestId('vessels-empty')).toHaveCount(0);

      // From the edit to now: '1 vessel', then every vessel; never an empty list in between.
      expect((await counts()).filter((t) => t !== '')).toEqual(['1 vessel', countText(now.length)]);
      expect(await empties(), "the empty state ('No vessels found in ...') never showed").toEqual([]);
      expect(await sameDocument(), 'no reload').toBe(true);
    });

    await test.step('the filter works on from all: the target fleet now lists the moved vessel', async () => {
      await fleetFilter.selectOption({ label: target });
      const inTarget = (await serverVessels(page)).filter((v) => v.fleet === target);
      await expect(page.getByTestId('vessel-count')).toHaveText(countText(inTarget.length));
      await expect(row).toHaveCount(1);
      await fleetFilter.selectOption('all');
      await expect(page.getByTestId('vessel-count')).toHaveText(countText(all.length));
    });
  } finally {
    // Put the fleet back as it was (the other specs count the demo fleet).
    const res = await page.request.delete(`/api/vessels/${id}`);
    expect([200, 204]).toContain(res.status());
  }
});
