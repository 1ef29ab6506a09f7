import { expect, type Page } from '@playwright/test';
import { DEMO } from './accounts';

export interface Credentials {
  email: string;
  password: string;
}

/** The signed-in frame's desktop sidebar (the mobile slide-out is hidden at desktop widths). */
export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

/** The one toast on screen (spec 000 §9: one at a time). */
export const toast = (page: Page) => page.getByTestId('toast');

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  await expect(toast(page).getByTestId('toast-title')).toHaveText(title);
  if (description !== undefined) await expect(toast(page).getByTestId('toast-description')).toHaveText(description);
}

/**
 * Sign in without the UI (for specs whose subject is elsewhere): the login call shares the page's
 * cookie jar, so the next page load is signed in.
 */
export async function signInViaApi(page: Page, { email, password }: Credentials): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `login of ${email}: ${await res.text()}`).toBe(200);
}

/** Sign in as the demo fleet owner and open the dashboard. */
export async function openDashboardAsDemo(page: Page): Promise<void> {
  await signInViaApi(page, DEMO);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
}

/** Log in through the /login form, as a returning user would. */
export async function logInWithForm(page: Page, { email, password }: Credentials): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

/** Log out from the sidebar: the 'Logged out' toast and the login page (spec 000 §7, §4). */
export async function logOut(page: Page): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Logged out', 'You have been logged out successfully');
}
