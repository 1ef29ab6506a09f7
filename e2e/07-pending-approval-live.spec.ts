import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, uniqueSuffix } from './support/accounts';
import { expectToast, sidebar, signInViaApi } from './support/auth';
import { markDocument } from './support/observe';

/**
 * A pending user waiting on /profile is approved by an admin meanwhile; the approval reaches the
 * open page without a reload: from the banner's 'Check again' (which, while the account is still
 * pending, says when it looked), and from the window getting the focus back. Then the menu is
 * there, the banner gone, and /vessels opens.
 */

const APPROVED = 'Your account has been approved. The whole of MedChest is open to you now.';

/** Someone new, signed up without the UI (spec 05 covers the sign-up form). */
async function signUpPending(page: Page, who: string) {
  const suffix = uniqueSuffix();
  const account = {
    firstName: 'Petra',
    lastName: `${who} ${suffix}`,
    email: `petra.${who.toLowerCase()}.${suffix.toLowerCase()}@e2e-pending.example`,
    password: 'waiting-for-approval',
  };
  const res = await page.request.post('/api/auth/signup', { data: account });
  expect(res.status(), `sign-up of ${account.email}: ${await res.text()}`).toBe(201);
  return { ...account, fullName: `${account.firstName} ${account.lastName}` };
}

/** The pending user on /profile: banner, status Pending, no fleet menu. */
async function openProfilePending(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByTestId('pending-banner')).toBeVisible();
  await expect(page.getByTestId('account-status')).toHaveText('Pending');
  await expect(sidebar(page).getByRole('link', { name: 'Vessels' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
}

/** An admin in a browser of their own (own cookies), signed in. */
async function adminSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, ADMIN);
  return { context, page };
}

/** The approval has arrived on the open page: toast, menu, no banner, Active; /vessels opens. */
async function expectApprovedInPlace(page: Page, sameDocument: () => Promise<boolean>): Promise<void> {
  await expect(page.getByTestId('pending-banner')).toHaveCount(0);
  await expectToast(page, 'Success', APPROVED);
  await expect(page.getByTestId('account-status')).toHaveText('Active');
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Vessels' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await sameDocument(), 'no reload: the open page took the approval').toBe(true);

  await sidebar(page).getByRole('link', { name: 'Vessels' }).click();
  await expect(page).toHaveURL(/\/vessels$/);
  await expect(page.getByRole('heading', { name: 'Fleet Vessels' })).toBeVisible();
  // A newly approved fleet manager has no vessels assigned yet (an admin assigns them): the list
  // opens on its empty state rather than being refused.
  await expect(page.getByTestId('vessel-count')).toHaveText('0 vessels');
  await expect(page.getByTestId('vessels-empty')).toBeVisible();
  // And the server agrees: fleet data is no longer refused, a full load of /vessels stays there.
  expect((await page.request.get('/api/vessels')).status()).toBe(200);
  await page.goto('/vessels');
  await expect(page).toHaveURL(/\/vessels$/);
  await expect(page.getByRole('heading', { name: 'Fleet Vessels' })).toBeVisible();
}

/** HH:mm of the browser's clock (the banner shows the check time in the browser's time zone). */
const browserClock = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  });

test("'Check again' on the pending banner: still pending shows the check time; after approval the menu appears", async ({
  page,
  browser,
}) => {
  const newcomer = await signUpPending(page, 'Button');
  await signInViaApi(page, newcomer);
  await openProfilePending(page);
  const sameDocument = await markDocument(page);
  const check = page.getByTestId('pending-banner').getByRole('button', { name: 'Check again' });

  await test.step('checking while still pending says so, with the time of the check', async () => {
    await expect(page.getByTestId('pending-checked')).toHaveCount(0);
    const before = await browserClock(page);
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/auth/user') && r.request().method() === 'GET');
    await check.click();
    expect((await asked).status()).toBe(200);
    const after = await browserClock(page);
    const checked = page.getByTestId('pending-checked');
    await expect(checked).toBeVisible();
    const text = (await checked.textContent())?.trim() ?? '';
    expect(text).toMatch(/^Still pending \(checked at \d{2}:\d{2}\)\.$/);
    expect([before, after], `check time in '${text}'`).toContain(/(\d{2}:\d{2})/.exec(text)![1]);
    await expect(page.getByTestId('pending-banner')).toBeVisible();
    await expect(check).toBeEnabled();
    await expect(sidebar(page).getByRole('link', { name: 'Vessels' })).toHaveCount(0);
  });

  await test.step('an admin approves the account through the API, in a session of their own', async () => {
    const admin = await adminSession(browser);
    try {
      const users = (await (await admin.page.request.get('/api/admin/users')).json()) as { id: string; email: string }[];
      const user = users.find((u) => u.email === newcomer.email);
      expect(user, 'the newcomer is in the admin list').toBeDefined();
      const res = await admin.page.request.patch(`/api/admin/users/${user!.id}/approve`);
      expect(res.status(), await res.text()).toBe(200);
    } finally {
      await admin.context.close();
    }
  });

  await test.step('the open page does not change by itself (no polling): the banner is still there', async () => {
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('pending-banner')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Vessels' })).toHaveCount(0);
  });

  await test.step("'Check again' now: the banner goes, the menu appears, /vessels opens", async () => {
    await check.click();
    await expectApprovedInPlace(page, sameDocument);
  });
});

test('the window getting the focus back asks again: an approval made meanwhile opens the app', async ({ page, browser }) => {
  const newcomer = await signUpPending(page, 'Focus');
  await signInViaApi(page, newcomer);
  await openProfilePending(page);
  // Headless Chromium tells every page it has the focus (Playwright's focus emulation). Turn that
  // off for this document (a later navigation would turn it on again), so that the browser itself
  // blurs and focuses the window as another one comes to the front and back: real focus events.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  await page.bringToFront();
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(true);
  const sameDocument = await markDocument(page);

  const admin = await adminSession(browser);
  try {
    await test.step('the user turns to another window: the pending one loses the focus', async () => {
      const elsewhere = await page.context().newPage();
      await elsewhere.bringToFront();
      await expect.poll(() => page.evaluate(() => document.hasFocus()), 'the pending window lost the focus').toBe(false);
    });

    await test.step('meanwhile an admin approves the account on /admin/users, in a browser of their own', async () => {
      await admin.page.goto('/admin/users');
      const row = admin.page.getByTestId('user-row').filter({ hasText: newcomer.email });
      await expect(row).toContainText('Pending');
      await row.getByRole('button', { name: `Approve ${newcomer.fullName}` }).click();
      await expectToast(admin.page, 'Success', `${newcomer.fullName} has been approved`);
      await expect(row).toContainText('Active');
    });

    await test.step('the pending window, not yet focused again, still shows the banner', async () => {
      await expect(page.getByTestId('pending-banner')).toBeVisible();
      await expect(sidebar(page).getByRole('link', { name: 'Vessels' })).toHaveCount(0);
    });

    await test.step('focusing the window again asks for the account and the approval shows', async () => {
      const asked = page.waitForRequest((r) => r.url().endsWith('/api/auth/user') && r.method() === 'GET');
      await page.bringToFront();
      await asked;
      await expectApprovedInPlace(page, sameDocument);
    });
  } finally {
    await admin.context.close();
  }
});
