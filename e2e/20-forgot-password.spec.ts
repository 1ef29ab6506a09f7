import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, uniqueSuffix } from './support/accounts';
import { expectToast, logInWithForm, signInViaApi } from './support/auth';
import { seriousViolations } from './support/axe';
import { mailTo, type CapturedMail } from './support/mail';

/**
 * Issue 9: forgot password through the browser (the link read from the mail the product sent to
 * the capture SMTP server), and deleting a user: the confirmation says what happens, and what the
 * person did stays in the activity log as "Deleted user".
 */

const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

/** An API session of its own (not the page's cookies). */
async function apiAs(baseURL: string, credentials: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: credentials });
  expect(login.status(), `login of ${credentials.email}`).toBe(200);
  return api;
}

async function createUser(admin: APIRequestContext, user: { email: string; password: string; firstName: string; lastName: string }) {
  const created = await admin.post('/api/admin/users/create', { data: { ...user, role: 'fleet_manager', status: 'active' } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string };
}

/** The link's path in a mail as sent (quoted-printable soft breaks and `=3D` undone). */
function resetPathIn(mail: CapturedMail): string {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(body);
  expect(match, 'a reset link in the mail').not.toBeNull();
  return match![0];
}

for (const width of [1366, 390]) {
  test(`the forgot and reset password pages at ${width} px: no serious or critical axe violation, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/forgot-password', '/reset-password?token=not-a-real-token', '/reset-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
    // Without a token there is nothing to reset: the page says so at once.
    await expect(page.getByTestId('reset-link-invalid')).toContainText(RESET_LINK_INVALID);
  });
}

test('a user who forgot their password resets it with the mailed link, once', async ({ page, baseURL }) => {
  const suffix = uniqueSuffix();
  const person = { email: `rosa.${suffix.toLowerCase()}@e2e-reset.example`, password: 'forgotten-1', firstName: 'Rosa', lastName: `Reset ${suffix}` };
  const admin = await apiAs(baseURL!, ADMIN);
  await createUser(admin, person);

  await test.step('from the login page to the forgot-password form, with the spec message on a bad address', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('error-forgot-email')).toHaveText('Please enter a valid email');
    await form.getByLabel('Email').fill(person.email.toUpperCase());
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('forgot-password-sent')).toContainText(
      'If an account exists for this email, we have sent a link to reset its password. It is valid for 30 minutes.',
    );
  });

  const link = resetPathIn(await mailTo(person.email));

  await test.step('the link: the new password twice, the form rules, then done', async () => {
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('New password', { exact: true }).fill('12345');
    await form.getByLabel('Confirm new password').fill('12345');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('error-reset-password')).toHaveText('Password must be at least 6 characters');
    await form.getByLabel('New password', { exact: true }).fill('remembered-2');
    await form.getByLabel('Confirm new password').fill('remembered-3');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('error-reset-confirm')).toHaveText('Passwords do not match');
    await form.getByLabel('Confirm new password').fill('remembered-2');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('reset-password-done')).toContainText('Your password has been reset.');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the old password no longer works, the new one does', async () => {
    expect((await page.request.post('/api/auth/login', { data: { email: person.email, password: person.password } })).status()).toBe(401);
    await logInWithForm(page, { email: person.email, password: 'remembered-2' });
    await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
  });

  await test.step('the same link a second time is refused, with the way to a new one', async () => {
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('New password', { exact: true }).fill('third-try-4');
    await form.getByLabel('Confirm new password').fill('third-try-4');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('reset-link-invalid')).toContainText(RESET_LINK_INVALID);
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
  await admin.dispose();
});

test('deleting a user: the confirmation says what happens, and their activity stays as "Deleted user"', async ({ page, baseURL }) => {
  const suffix = uniqueSuffix();
  const person = { email: `dora.${suffix.toLowerCase()}@e2e-delete.example`, password: 'to-be-deleted', firstName: 'Dora', lastName: `Leaving ${suffix}` };
  const name = `${person.firstName} ${person.lastName}`;
  const admin = await apiAs(baseURL!, ADMIN);
  await createUser(admin, person);
  const theirs = await apiAs(baseURL!, person);
  const vesselName = `Leaver ${suffix}`;
  const created = await theirs.post('/api/vessels', { data: { vesselName, imoNumber: `DEL${suffix}`, flagState: 'PANAMA', crewSizeCategory: 12 } });
  expect(created.status(), await created.text()).toBe(201);
  const vesselId = ((await created.json()) as { id: string }).id;

  try {
    await signInViaApi(page, ADMIN);
    await page.goto('/activity');
    await page.getByTestId('activity-search').fill(vesselName);
    await expect(page.getByTestId('activity-row').first().getByTestId('activity-user')).toHaveText(name);

    await page.goto('/admin/users');
    await page.getByLabel('Search').fill(person.email);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Delete ${name}?`);
    await expect(dialog).toContainText(
      "All of this user's vessel and fleet assignments are removed and their name is removed from the activity log; the entries themselves are kept for the audit trail, shown as “Deleted user”. This cannot be undone.",
    );
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expectToast(page, 'Success', `${name} has been deleted`);
    await expect(page.getByTestId('user-row')).toHaveCount(0);

    // Their session ended with the account.
    expect((await theirs.get('/api/auth/user')).status()).toBe(200);
    expect(await (await theirs.get('/api/auth/user')).json()).toBeNull();

    await page.goto('/activity');
    await page.getByTestId('activity-search').fill(vesselName);
    const line = page.getByTestId('activity-row').first();
    await expect(line).toContainText(vesselName);
    await expect(line.getByTestId('activity-user')).toHaveText('Deleted user');
    await expect(page.getByTestId('activity-log-list')).not.toContainText(person.lastName);
  } finally {
    await admin.delete(`/api/vessels/${vesselId}`);
    await admin.dispose();
    await theirs.dispose();
  }
});
