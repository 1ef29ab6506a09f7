import { expect, test } from '@playwright/test';
import { ADMIN, uniqueSuffix } from './support/accounts';
import { expectToast, logInWithForm, signInViaApi } from './support/auth';

/**
 * Issue 9: an admin creates a fleet manager on /admin/users and assigns them one fleet; that
 * person logs in and sees only that fleet's vessels on the dashboard, the vessels page, the
 * compliance page and the inventory page (the server answers only their scope).
 */
const FLEET = 'Mediterranean Fleet';

test('an admin creates a fleet manager and assigns a fleet; the manager sees only that fleet', async ({ page, browser }) => {
  const suffix = uniqueSuffix();
  const manager = { firstName: 'Marta', lastName: `Scoped ${suffix}`, email: `marta.${suffix.toLowerCase()}@e2e-scope.example`, password: 'only-my-fleet' };
  const name = `${manager.firstName} ${manager.lastName}`;

  await signInViaApi(page, ADMIN);
  const all = (await (await page.request.get('/api/vessels')).json()) as { vesselName: string; fleet: string | null }[];
  const inFleet = all.filter((v) => v.fleet === FLEET).map((v) => v.vesselName).sort();
  expect(inFleet.length).toBeGreaterThan(0);
  expect(inFleet.length).toBeLessThan(all.length);

  await test.step('create the fleet manager on /admin/users', async () => {
    await page.goto('/admin/users');
    await expect(page.getByTestId('users-table')).toBeVisible();
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByTestId('user-form-dialog');
    // The spec's messages, in the browser before anything is sent.
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByTestId('error-user-email')).toHaveText('Invalid email address');
    await expect(page.getByTestId('error-user-password')).toHaveText('Password must be at least 6 characters');
    await dialog.getByLabel('Email').fill(manager.email);
    await dialog.getByLabel('Password').fill(manager.password);
    await dialog.getByLabel('First name').fill(manager.firstName);
    await dialog.getByLabel('Last name').fill(manager.lastName);
    await dialog.getByLabel('Role').selectOption('fleet_manager');
    await dialog.getByLabel('Status').selectOption('active');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'Success', 'User created successfully');
    await page.getByLabel('Search').fill(manager.email);
    const row = page.getByTestId('user-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('user-vessel-count')).toHaveText('0');
  });

  await test.step('assign the fleet', async () => {
    await page.getByRole('button', { name: `Assignments of ${name}` }).click();
    const dialog = page.getByTestId('assignments-dialog');
    await dialog.getByTestId('fleet-assignments').getByLabel(FLEET).check();
    await dialog.getByRole('button', { name: 'Save Assignments' }).click();
    await expectToast(page, 'Success', `Assignments of ${name} saved`);
    await expect(page.getByTestId('user-row').getByTestId('user-vessel-count')).toHaveText(String(inFleet.length));
  });

  const context = await browser.newContext();
  const their = await context.newPage();
  await test.step('the manager logs in: the dashboard counts only their fleet', async () => {
    await logInWithForm(their, manager);
    await expect(their.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
    await expect(their.getByTestId('stat-total-vessels-value')).toHaveText(String(inFleet.length));
    await expect(their.getByTestId('fleet-compliance-list').locator('li')).toHaveCount(inFleet.length);
  });

  await test.step('vessels, compliance and inventory list only that fleet', async () => {
    await their.goto('/vessels');
    const rows = their.getByTestId('vessel-row');
    await expect(rows).toHaveCount(inFleet.length);
    for (const vesselName of inFleet) await expect(rows.filter({ hasText: vesselName })).toHaveCount(1);

    await their.goto('/compliance');
    await expect(their.getByTestId('compliance-vessel')).toHaveCount(inFleet.length);
    expect((await their.getByTestId('compliance-vessel-name').allTextContents()).map((s) => s.trim()).sort()).toEqual(inFleet);

    await their.goto('/inventory');
    await expect(their.getByTestId('inventory-vessel')).toHaveCount(inFleet.length);
    expect((await their.getByTestId('inventory-vessel-name').allTextContents()).map((s) => s.trim()).sort()).toEqual(inFleet);
  });

  await test.step('a vessel outside the fleet answers "not found", not "forbidden"', async () => {
    const outside = all.find((v) => v.fleet !== FLEET)!;
    const id = ((await (await page.request.get('/api/vessels')).json()) as { id: string; vesselName: string }[]).find((v) => v.vesselName === outside.vesselName)!.id;
    expect((await their.request.get(`/api/vessels/${id}`)).status()).toBe(404);
  });
  await context.close();
});
