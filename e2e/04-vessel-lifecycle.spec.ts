import { expect, test, type Page } from '@playwright/test';
import { DEMO_FLEET_SIZE, uniqueSuffix } from './support/accounts';
import { expectToast, openDashboardAsDemo, sidebar } from './support/auth';
import { displayDate, isoDayFromToday } from './support/dates';
import { markDocument, recordTexts } from './support/observe';
import { expectFieldMessage, fillVesselForm, vesselDialog, vesselInput } from './support/vesselForm';

/**
 * Issue 2, point 3 (the vessel's life): add a vessel, edit it, open its detail page, delete it
 * after the confirmation (cancelling once first). Between steps the user moves with the sidebar,
 * never reloading, and the dashboard's Total Vessels, fleet compliance and recent activity show
 * each change on their very first render.
 */

/** A vessel no other spec or run uses (made per test, so repeated runs in one worker differ too). */
const newVessel = (suffix = uniqueSuffix()) => ({
  name: `E2E Lifecycle ${suffix}`,
  renamed: `E2E Lifecycle ${suffix} Renamed`,
  imo: `E2E${suffix}`.slice(0, 20),
  fleet: `E2E Fleet ${suffix}`,
  company: `E2E Shipping ${suffix}`,
  onboarding: isoDayFromToday(-365),
  contractEnd: isoDayFromToday(30), // within 90 days: amber (spec 000 §2)
});

async function goTo(page: Page, link: 'Dashboard' | 'Vessels') {
  await sidebar(page).getByRole('link', { name: link, exact: true }).click();
  if (link === 'Dashboard') await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
  else await expect(page.getByRole('heading', { name: 'Fleet Vessels' })).toBeVisible();
}

/**
 * Hold the page's next vessel command of this method until `whilePending` has looked at the
 * screen, then let it through: the pending state is seen for sure, without guessing a delay.
 */
async function holdNextCommand(page: Page, method: string, whilePending: () => Promise<void>): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const pattern = /\/api\/vessels(\/[^/?]+)?$/;
  await page.route(pattern, async (route) => {
    if (route.request().method() === method) {
      held();
      await released;
    }
    await route.fallback();
  });
  try {
    await whilePending();
    await isHeld;
  } finally {
    release();
    await page.unroute(pattern);
  }
}

async function expectDashboard(page: Page, total: number, activity: string, inFleetList: string | null, notInFleetList?: string) {
  await expect(page.getByTestId('stat-total-vessels-value')).toHaveText(String(total));
  await expect(page.getByTestId('recent-activity-list').getByRole('listitem').first()).toContainText(activity);
  const fleetList = page.getByTestId('fleet-compliance-list');
  await expect(fleetList.getByRole('listitem')).toHaveCount(total);
  if (inFleetList) await expect(fleetList.getByRole('link', { name: new RegExp(`^${inFleetList}\\b`) })).toHaveCount(1);
  if (notInFleetList) await expect(fleetList.getByText(notInFleetList)).toHaveCount(0);
  await expect(page.getByTestId('certificate-expiry-table').getByTestId('expiry-row')).toHaveCount(total);
}

test('add, edit, open and delete a vessel; the dashboard follows every change', async ({ page }) => {
  const vessel = newVessel();
  await openDashboardAsDemo(page);
  const sameDocument = await markDocument(page);
  await expect(page.getByTestId('stat-total-vessels-value')).toHaveText(String(DEMO_FLEET_SIZE));
  const totals = await recordTexts(page, 'stat-total-vessels-value');
  let vesselId = '';

  await test.step('add a vessel from /vessels', async () => {
    await goTo(page, 'Vessels');
    await expect(page.getByTestId('vessel-count')).toHaveText(`${DEMO_FLEET_SIZE} vessels`);
    await page.getByRole('button', { name: 'Add Vessel' }).click();
    const dialog = vesselDialog(page, 'Add New Vessel');
    await fillVesselForm(dialog, {
      vesselName: vessel.name,
      imoNumber: vessel.imo,
      flagState: 'Marshall Islands',
      vesselType: 'Oil Chemical Tanker',
      crewSizeCategory: '21',
      contactName: 'Capt. Ada Lovelace',
      contactPhone: '+44 20 7946 0999',
      contactEmail: 'master@e2e-shipping.example',
      fleet: vessel.fleet,
      ownershipCompany: vessel.company,
      ownershipContactEmail: 'owner@e2e-shipping.example',
      onboardingDate: vessel.onboarding,
      contractEndDate: vessel.contractEnd,
    });
    // While the server works the button says so and cannot be pressed twice (spec 000 §2, §4):
    // the request is held until that has been seen, then let through.
    await holdNextCommand(page, 'POST', async () => {
      await dialog.getByRole('button', { name: 'Add Vessel' }).click();
      await expect(dialog.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    });
    await expectToast(page, 'Success', 'Vessel created successfully');
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId('vessel-count')).toHaveText(`${DEMO_FLEET_SIZE + 1} vessels`);
    const row = page.getByTestId('vessel-row').filter({ has: page.getByRole('link', { name: vessel.name, exact: true }) });
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    await expect(cells.nth(0)).toContainText('Oil Chemical Tanker');
    await expect(cells.nth(1)).toHaveText(vessel.imo);
    await expect(cells.nth(2)).toHaveText(vessel.fleet);
    await expect(cells.nth(3)).toHaveText('Marshall Islands');
    await expect(cells.nth(4)).toHaveText('21');
    await expect(row.getByTestId('contract-end')).toHaveText(displayDate(vessel.contractEnd));
    await expect(row.getByTestId('contract-end')).toHaveAttribute('data-tone', 'soon');
    const href = await row.getByRole('link', { name: vessel.name, exact: true }).getAttribute('href');
    vesselId = /^\/vessels\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1] ?? '';
    expect(vesselId, 'the new row links to its detail page').not.toBe('');

    // The new fleet is offered by the filter at once.
    await expect(page.getByRole('group', { name: 'Filter vessels' }).getByLabel('Fleet').locator('option', { hasText: vessel.fleet })).toHaveCount(1);

    // On success the form was reset: opening it again starts empty.
    await page.getByRole('button', { name: 'Add Vessel' }).click();
    await expect(vesselInput(dialog, 'vesselName')).toHaveValue('');
    await expect(vesselInput(dialog, 'crewSizeCategory')).toHaveValue('10');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the dashboard shows it on its first render: 32 vessels, the activity, the lists', async () => {
    await goTo(page, 'Dashboard');
    await expectDashboard(page, DEMO_FLEET_SIZE + 1, `Vessel ${vessel.name} added to the fleet`, vessel.name);
    // The new vessel has no certificate date, so it sorts with the undated ones.
    const expiryRow = page.getByTestId('expiry-row').filter({ hasText: vessel.name });
    await expect(expiryRow.getByRole('cell')).toHaveText([vessel.name, vessel.fleet, vessel.company, 'Not set', 'N/A', 'Not Set']);
  });

  await test.step('edit it in the Edit Vessel modal', async () => {
    await goTo(page, 'Vessels');
    await page.getByRole('button', { name: `Edit ${vessel.name}` }).click();
    const dialog = vesselDialog(page, 'Edit Vessel');
    await expect(dialog).toBeVisible();
    for (const section of ['Basic Information', 'Contact Information', 'Fleet & Company Information']) {
      await expect(dialog.getByRole('group', { name: section })).toBeVisible();
    }
    // Pre-filled from the vessel.
    await expect(vesselInput(dialog, 'vesselName')).toHaveValue(vessel.name);
    await expect(vesselInput(dialog, 'imoNumber')).toHaveValue(vessel.imo);
    await expect(vesselInput(dialog, 'flagState')).toHaveValue('MARSHALL_ISLANDS');
    await expect(vesselInput(dialog, 'vesselType')).toHaveValue('OIL_CHEMICAL_TANKER');
    await expect(vesselInput(dialog, 'crewSizeCategory')).toHaveValue('21');
    await expect(vesselInput(dialog, 'contactEmail')).toHaveValue('master@e2e-shipping.example');
    await expect(vesselInput(dialog, 'contactEmail')).toHaveAttribute('type', 'email');
    await expect(vesselInput(dialog, 'fleet')).toHaveValue(vessel.fleet);
    await expect(vesselInput(dialog, 'onboardingDate')).toHaveValue(vessel.onboarding);
    await expect(vesselInput(dialog, 'contractEndDate')).toHaveValue(vessel.contractEnd);
    await expect(vesselInput(dialog, 'contractEndDate')).toHaveAttribute('type', 'date');

    // Same rules as creation.
    await vesselInput(dialog, 'vesselName').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectFieldMessage(dialog, 'vesselName', 'Vessel name is required');

    // The server's answers land on the field here too: another vessel's IMO number.
    const others = (await (await page.request.get('/api/vessels')).json()) as { id: string; imoNumber: string }[];
    const taken = others.find((v) => v.id !== vesselId)!.imoNumber;
    await fillVesselForm(dialog, { vesselName: vessel.name, imoNumber: taken });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByTestId('error-vessel-imoNumber')).toContainText(taken);
    await expect(vesselInput(dialog, 'imoNumber')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('toast-title')).toHaveText('Error');
    await expect(dialog).toBeVisible();

    // Rename, change crew and type, and clear an optional field (empty means "not given").
    await fillVesselForm(dialog, {
      imoNumber: vessel.imo,
      vesselName: vessel.renamed,
      crewSizeCategory: '25',
      vesselType: 'Gas Carrier',
      contactName: '',
    });
    await holdNextCommand(page, 'PUT', async () => {
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    });
    await expectToast(page, 'Success', 'Vessel updated successfully');
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('vessel-row').filter({ has: page.getByRole('link', { name: vessel.renamed, exact: true }) });
    await expect(row.getByRole('cell').nth(0)).toContainText('Gas Carrier');
    await expect(row.getByRole('cell').nth(4)).toHaveText('25');
    await expect(page.getByRole('link', { name: vessel.name, exact: true })).toHaveCount(0);
    await expect(page.getByTestId('vessel-count')).toHaveText(`${DEMO_FLEET_SIZE + 1} vessels`);
  });

  await test.step('the dashboard shows the edit', async () => {
    await goTo(page, 'Dashboard');
    await expectDashboard(page, DEMO_FLEET_SIZE + 1, `Vessel ${vessel.renamed} details updated`, vessel.renamed);
  });

  await test.step('open its detail page', async () => {
    await goTo(page, 'Vessels');
    await page.getByRole('link', { name: `Manage ${vessel.renamed}` }).click();
    await expect(page).toHaveURL(new RegExp(`/vessels/${vesselId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(vessel.renamed);
    await expect(page.getByTestId('flag-badge')).toHaveText('Marshall Islands');
    await expect(page.getByText(`IMO ${vessel.imo} · Gas Carrier`)).toBeVisible();
    const info = page.getByTestId('vessel-info');
    const value = (label: string) => info.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
    await expect(value('Vessel Name')).toHaveText(vessel.renamed);
    await expect(value('IMO Number')).toHaveText(vessel.imo);
    await expect(value('Crew Size')).toHaveText('25');
    await expect(value('Fleet')).toHaveText(vessel.fleet);
    await expect(value('Ownership Company')).toHaveText(vessel.company);
    await expect(value('Contact Name'), 'cleared in the edit').toHaveText('Not specified');
    await expect(value('Contact Phone')).toHaveText('+44 20 7946 0999');
    await expect(value('Contact Email')).toHaveText('master@e2e-shipping.example');
    await expect(value('Onboarding Date')).toHaveText(displayDate(vessel.onboarding));
    await expect(value('Contract End Date')).toHaveText(displayDate(vessel.contractEnd));
    for (const action of ['Back', 'Manage Inventory']) await expect(page.getByRole('link', { name: action })).toBeVisible();

    // Edit Vessel here opens the same pre-filled modal.
    await page.getByRole('button', { name: 'Edit Vessel' }).click();
    const dialog = vesselDialog(page, 'Edit Vessel');
    await expect(vesselInput(dialog, 'vesselName')).toHaveValue(vessel.renamed);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('delete it: cancelling the confirmation deletes nothing', async () => {
    await page.getByRole('button', { name: 'Delete Vessel' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${vessel.renamed}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/vessels/${vesselId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(vessel.renamed);
    expect((await page.request.get(`/api/vessels/${vesselId}`)).status(), 'still stored').toBe(200);
  });

  await test.step('delete it after confirming', async () => {
    const notFound = await recordTexts(page, 'vessel-not-found');
    await page.getByRole('button', { name: 'Delete Vessel' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${vessel.renamed}?` });
    await holdNextCommand(page, 'DELETE', async () => {
      await confirm.getByRole('button', { name: 'Delete Vessel' }).click();
      await expect(confirm.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    });
    await expectToast(page, 'Success', 'Vessel deleted successfully');
    await expect(page).toHaveURL(/\/vessels$/);
    expect(await notFound(), "the page being left never flashed 'Vessel Not Found'").toEqual([]);
    await expect(page.getByTestId('vessel-count')).toHaveText(`${DEMO_FLEET_SIZE} vessels`);
    await expect(page.getByRole('link', { name: vessel.renamed, exact: true })).toHaveCount(0);
  });

  await test.step('the dashboard is back to 31, with the removal at the top of the activity', async () => {
    await goTo(page, 'Dashboard');
    await expectDashboard(page, DEMO_FLEET_SIZE, `Vessel ${vessel.renamed} removed from the fleet`, null, vessel.renamed);
  });

  await test.step('every dashboard render showed the current total at once, without a reload', async () => {
    expect(await sameDocument(), 'no full page reload happened').toBe(true);
    const shown = (await totals()).filter((t) => t !== '');
    // Each dashboard visit mounts the card once: 31 at the start, 32 after adding, 32 after
    // editing, 31 after deleting. A stale value would appear as an extra entry before the fresh one.
    const n = DEMO_FLEET_SIZE;
    expect(shown).toEqual([n, n + 1, n + 1, n].map(String));
  });

  await test.step('the deleted vessel is gone for good', async () => {
    expect((await page.request.get(`/api/vessels/${vesselId}`)).status()).toBe(404);
    await page.goto(`/vessels/${vesselId}`);
    await expect(page.getByTestId('vessel-not-found')).toContainText('Vessel Not Found');
  });
});
