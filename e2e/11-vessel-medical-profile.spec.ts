import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueSuffix } from './support/accounts';
import { expectToast, openDashboardAsDemo, sidebar } from './support/auth';
import { fillVesselForm, vesselDialog } from './support/vesselForm';

/**
 * Issue 3: each vessel has a medical category (A ocean-going, B coastal, C near harbour; default
 * A) and the two facts the scale's rules ask about, set in the vessel forms' Medical Chest section
 * and shown on the vessel's page. A vessel is added as category B with women on board, its page
 * shows both, and it is edited to category C.
 */

const CATEGORY_LABELS = ['A – Ocean-going', 'B – Coastal', 'C – Near harbour'];
const HINT = 'These set the required quantities of the medical chest.';

/** The Medical Chest section of a vessel dialog and its three controls, found by their labels. */
function medicalChest(dialog: Locator) {
  const section = dialog.getByRole('group', { name: 'Medical Chest' });
  return {
    section,
    category: section.getByLabel('Medical Category'),
    womenOnBoard: section.getByRole('checkbox', { name: 'Women on board' }),
    dangerousGoods: section.getByRole('checkbox', { name: 'Carries organophosphates or other dangerous goods' }),
  };
}

/** The profile as the vessel's page shows it in the Vessel Information card. */
async function expectProfileOnPage(page: Page, category: string, womenOnBoard: string, dangerousGoods: string) {
  const info = page.getByTestId('vessel-info');
  await expect(info.getByTestId('info-medicalCategory')).toHaveText(category);
  await expect(info.getByTestId('info-womenOnBoard')).toHaveText(womenOnBoard);
  await expect(info.getByTestId('info-carriesDangerousGoods')).toHaveText(dangerousGoods);
}

test('add a vessel as category B with women on board, see both on its page, then edit it to category C', async ({ page }) => {
  const suffix = uniqueSuffix();
  const name = `E2E Medical ${suffix}`;
  const imo = `MED${suffix}`.slice(0, 20);
  let vesselId = '';
  await openDashboardAsDemo(page);

  try {
    await test.step('the Add New Vessel form starts at category A with both flags off', async () => {
      await sidebar(page).getByRole('link', { name: 'Vessels', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Fleet Vessels' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Vessel' }).first().click();
      const dialog = vesselDialog(page, 'Add New Vessel');
      const chest = medicalChest(dialog);
      await expect(chest.section).toBeVisible();
      await expect(chest.section).toContainText(HINT);
      await expect(chest.category.locator('option')).toHaveText(CATEGORY_LABELS);
      await expect(chest.category).toHaveValue('A');
      await expect(chest.womenOnBoard).not.toBeChecked();
      await expect(chest.dangerousGoods).not.toBeChecked();
    });

    await test.step('add it as category B with women on board', async () => {
      const dialog = vesselDialog(page, 'Add New Vessel');
      await fillVesselForm(dialog, { vesselName: name, imoNumber: imo, flagState: 'Liberia', crewSizeCategory: '12' });
      const chest = medicalChest(dialog);
      await chest.category.selectOption({ label: 'B – Coastal' });
      await chest.womenOnBoard.check();

      const answer = page.waitForResponse((r) => r.url().endsWith('/api/vessels') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Add Vessel' }).click();
      const res = await answer;
      expect(res.request().postDataJSON()).toMatchObject({ medicalCategory: 'B', womenOnBoard: true, carriesDangerousGoods: false });
      expect(res.status()).toBe(201);
      vesselId = ((await res.json()) as { id: string }).id;
      await expectToast(page, 'Success', 'Vessel created successfully');
      await expect(dialog).toBeHidden();
    });

    await test.step('its page shows category B and women on board', async () => {
      const row = page.getByTestId('vessel-row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await row.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/vessels/${vesselId}$`));
      await expectProfileOnPage(page, 'B – Coastal', 'Yes', 'No');
    });

    await test.step('the Edit Vessel form is pre-filled with the profile; edit it to category C', async () => {
      await page.getByRole('button', { name: 'Edit Vessel' }).click();
      const dialog = vesselDialog(page, 'Edit Vessel');
      const chest = medicalChest(dialog);
      await expect(chest.section).toContainText(HINT);
      await expect(chest.category).toHaveValue('B');
      await expect(chest.womenOnBoard).toBeChecked();
      await expect(chest.dangerousGoods).not.toBeChecked();

      await chest.category.selectOption({ label: 'C – Near harbour' });
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/vessels/${vesselId}`) && r.request().method() === 'PUT');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      const res = await answer;
      expect(res.request().postDataJSON()).toMatchObject({ medicalCategory: 'C', womenOnBoard: true, carriesDangerousGoods: false });
      expect(res.status()).toBe(200);
      await expectToast(page, 'Success', 'Vessel updated successfully');
      await expect(dialog).toBeHidden();
    });

    await test.step('its page shows category C, still with women on board, and so does the server after a reload', async () => {
      await expectProfileOnPage(page, 'C – Near harbour', 'Yes', 'No');
      await page.reload();
      await expectProfileOnPage(page, 'C – Near harbour', 'Yes', 'No');
      const vessel = (await (await page.request.get(`/api/vessels/${vesselId}`)).json()) as Record<string, unknown>;
      expect(vessel).toMatchObject({ medicalCategory: 'C', womenOnBoard: true, carriesDangerousGoods: false });
    });
  } finally {
    // Leave the demo fleet as it was for the other specs.
    if (vesselId) expect((await page.request.delete(`/api/vessels/${vesselId}`)).status()).toBe(200);
  }
});
