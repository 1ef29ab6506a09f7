import { expect, test } from '@playwright/test';
import { ADMIN, uniqueSuffix } from './support/accounts';
import { expectToast, logInWithForm, logOut, sidebar } from './support/auth';

/**
 * Issue 2, point 4 (sign-up): a new account is pending and can reach only /profile; the seeded
 * admin approves it on /admin/users; then the same person logs in and reaches the dashboard.
 * One browser, as at a shared desk: the newcomer and the admin take turns logging in.
 */

/** Someone new (made per test, so repeated runs in one worker sign up different people). */
function newcomerAccount(suffix = uniqueSuffix()) {
  return {
    firstName: 'Nadia',
    lastName: `Newcomer ${suffix}`,
    email: `nadia.${suffix.toLowerCase()}@e2e-newcomer.example`,
    password: 'pending-until-approved',
  };
}

test('sign up, pending until an admin approves, then the dashboard', async ({ page }) => {
  const newcomer = newcomerAccount();
  const fullName = `${newcomer.firstName} ${newcomer.lastName}`;
  await test.step('sign up on /login', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to MedChest' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });

    // The login rules apply to sign-up too (spec 001 §5).
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('error-signup-email')).toHaveText('Please enter a valid email');
    await expect(page.getByTestId('error-signup-password')).toHaveText('Password must be at least 6 characters');

    await form.getByLabel('First name').fill(newcomer.firstName);
    await form.getByLabel('Last name').fill(newcomer.lastName);
    await form.getByLabel('Email').fill(newcomer.email);
    await form.getByLabel('Password').fill(newcomer.password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Success');
    await expect(page.getByTestId('toast-description')).toContainText(/pending/i);
  });

  await test.step('signing up again with the same address (any case) answers like a new sign-up (issue 16: no account enumeration)', async () => {
    await page.getByRole('button', { name: 'Sign up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Email').fill(newcomer.email.toUpperCase());
    await form.getByLabel('Password').fill('another-password');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
    await form.getByRole('button', { name: 'Create Account' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    await expectToast(page, 'Success');
    await expect(page.getByTestId('toast-description').last()).toContainText('we have emailed its owner instead');
    await expect(page.getByTestId('error-signup-email')).toHaveCount(0);
  });

  await test.step('logging in with the pending account leads to /profile only', async () => {
    // The sign-up hands over to the login form with the new address filled in.
    await expect(page.getByRole('heading', { name: 'Log in to MedChest' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Log in' });
    await expect(form.getByLabel('Email')).toHaveValue(newcomer.email);
    await form.getByLabel('Password').fill(newcomer.password);
    await form.getByRole('button', { name: 'Log In' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expectToast(page, 'Account Pending');
    await expect(page.getByTestId('pending-banner')).toBeVisible();
    await expect(page.getByTestId('pending-banner')).toContainText('pending approval');
    await expect(page.getByTestId('account-status')).toHaveText('Pending');
    await expect(page.getByTestId('account-info')).toContainText(newcomer.email);
    // No fleet menu for a pending account.
    await expect(sidebar(page).getByRole('link', { name: 'Vessels' })).toHaveCount(0);
  });

  await test.step('every other page sends a pending account back to /profile', async () => {
    for (const path of ['/vessels', '/', '/dashboard', '/admin/users']) {
      await page.goto(path);
      await expect(page, `${path} ends on /profile`).toHaveURL(/\/profile$/);
      await expect(page.getByTestId('pending-banner')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toHaveCount(0);
    }
    // And the server refuses fleet data to it, whatever the browser does.
    expect((await page.request.get('/api/vessels')).status()).toBe(403);
    expect((await page.request.get('/api/dashboard/stats')).status()).toBe(403);
  });

  await test.step('the pending user logs out', async () => {
    await logOut(page);
  });

  await test.step('the admin approves the account on /admin/users', async () => {
    await logInWithForm(page, ADMIN);
    await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Admin Portal' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();

    const row = page.getByTestId('user-row').filter({ hasText: newcomer.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(fullName);
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: `Approve ${fullName}` }).click();
    await expectToast(page, 'Success', `${fullName} has been approved`);
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: `Approve ${fullName}` })).toHaveCount(0);
    await logOut(page);
  });

  await test.step('the approved user logs in and reaches the dashboard', async () => {
    await logInWithForm(page, newcomer);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
    await expect(page.getByTestId('stat-total-vessels-value')).toHaveText(/^\d+$/);
    await expect(sidebar(page).getByRole('link', { name: 'Vessels' })).toBeVisible();
    // Not an admin: no Admin Portal, and /admin/users sends them to /.
    await expect(sidebar(page).getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/$/);

    await sidebar(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByTestId('account-status')).toHaveText('Active');
    await expect(page.getByTestId('pending-banner')).toHaveCount(0);
  });
});
