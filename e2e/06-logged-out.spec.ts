import { expect, test, type Page } from '@playwright/test';
import { DEMO, uniqueSuffix } from './support/accounts';
import { logOut, signInViaApi } from './support/auth';
import { fillVesselForm, vesselDialog } from './support/vesselForm';
import { recordAppearances, recordNavigations, recordToasts, type SeenToast } from './support/recorders';

/**
 * Issue 2, point 4 (logged out): any protected page shows the destructive 'Unauthorized' toast
 * ('You are logged out. Logging in again...'), and 500 ms later the browser goes to /api/login,
 * which leads to /login (spec 000 §2, §8, §9). The same happens when the session ends mid-task.
 */

const UNAUTHORIZED = { title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' };
const REDIRECT_DELAY_MS = 500;

/** The Unauthorized toast showed on `path`, then the browser went to /api/login after ~500 ms and ended on /login. */
async function expectUnauthorizedRedirect(
  page: Page,
  toasts: SeenToast[],
  navigations: { path: string; at: number }[],
  path: string,
): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to MedChest' })).toBeVisible();
  const shown = toasts.find((t) => t.path === path && t.title === UNAUTHORIZED.title);
  expect(shown, `the Unauthorized toast on ${path}`).toMatchObject({ ...UNAUTHORIZED, path });
  const toServer = navigations.find((n) => n.path === '/api/login' && n.at >= shown!.at);
  expect(toServer, `a full-page visit to /api/login after ${path}`).toBeDefined();
  const delay = toServer!.at - shown!.at;
  test.info().annotations.push({ type: 'redirect delay', description: `${path}: ${delay} ms` });
  // The toast and the timer start together; allow for the event delivery on a busy machine.
  expect(delay, 'the redirect waits about 500 ms').toBeGreaterThanOrEqual(REDIRECT_DELAY_MS - 100);
  expect(delay, 'the redirect waits about 500 ms').toBeLessThan(REDIRECT_DELAY_MS + 1500);
  const after = navigations.slice(navigations.indexOf(toServer!)).map((n) => n.path);
  expect(after.slice(0, 2), '/api/login leads to /login').toEqual(['/api/login', '/login']);
}

test.describe('logged out', () => {
  test('a protected page: the Unauthorized toast, then /api/login after 500 ms, then /login', async ({ page }) => {
    const toasts = await recordToasts(page);
    const navigations = recordNavigations(page);
    await page.goto('/vessels');
    await expectUnauthorizedRedirect(page, toasts, navigations, '/vessels');
    // No fleet data was shown on the way.
    await expect(page.getByTestId('vessels-table')).toHaveCount(0);
  });

  test('every kind of protected page does the same', async ({ page }) => {
    const toasts = await recordToasts(page);
    const navigations = recordNavigations(page);
    for (const path of ['/dashboard', '/vessels/00000000-0000-4000-8000-000000000000', '/profile', '/admin/users', '/activity']) {
      await page.goto(path);
      await expectUnauthorizedRedirect(page, toasts, navigations, path);
    }
  });

  test('after logging out, going Back to a protected page shows no fleet data and leads to /login', async ({ page }) => {
    const toasts = await recordToasts(page);
    const navigations = recordNavigations(page);
    const tables = await recordAppearances(page, 'vessels-table');
    await signInViaApi(page, DEMO);
    await page.goto('/vessels');
    await expect(page.getByTestId('vessel-row').first()).toBeVisible();
    await expect.poll(() => tables.length, { message: 'the recorder sees the table while signed in' }).toBe(1);
    await logOut(page);
    await page.goBack();
    await expectUnauthorizedRedirect(page, toasts, navigations, '/vessels');
    expect(tables, 'the vessel table never came back after logging out').toHaveLength(1);
  });

  test('Back pressed while the browser is on its way to /api/login: the next protected page still leads to /login', async ({ page }) => {
    // Hold the visit to /api/login, so it is still loading when Back is pressed; Back cancels it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue().catch(() => undefined); // cancelled by Back: nothing to continue
    });
    await page.goto('/login');
    const visit = page.waitForRequest('**/api/login');
    // An in-app move to a protected page (as a link would), logged out.
    await page.evaluate(() => {
      history.pushState(null, '', '/vessels');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await visit;
    // Playwright reports the visit that Back cancels as Back's own failure (net::ERR_ABORTED).
    await page.goBack().catch((error: Error) => expect(error.message).toContain('ERR_ABORTED'));
    await expect(page).toHaveURL(/\/login$/);
    release();
    await page.unroute('**/api/login');
    // Forward to the protected page again: the Unauthorized flow starts over, it is not stuck.
    await page.goForward();
    await expect(page).toHaveURL(/\/vessels$/);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in to MedChest' })).toBeVisible();
  });

  test('the public pages stay: / is the landing page, /login and /admin/login open', async ({ page }) => {
    const toasts = await recordToasts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('medical chest');
    await page.goto('/landing');
    await expect(page.getByTestId('pricing-card')).toBeVisible();
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Demo Login' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to MedChest' })).toBeVisible();
    expect(toasts.filter((t) => t.title === UNAUTHORIZED.title)).toEqual([]);
  });

  test('the server refuses the calls without a session', async ({ request }) => {
    // Logged out is a normal state for the current-user call: 200 with null, no browser error.
    const me = await request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toBeNull();
    expect((await request.get('/api/vessels')).status()).toBe(401);
    expect((await request.get('/api/dashboard/stats')).status()).toBe(401);
    const created = await request.post('/api/vessels', {
      data: { vesselName: 'Never Stored', imoNumber: 'E2ENOSESSION1', flagState: 'PANAMA', crewSizeCategory: 12 },
    });
    expect(created.status()).toBe(401);
    expect((await created.json()).message).toBe('Unauthorized');
    // The server's login route leads to the login page.
    const login = await request.get('/api/login', { maxRedirects: 0 });
    expect(login.status()).toBe(302);
    expect(login.headers()['location']).toBe('/login');
  });

  test('a session that ends mid-task: the next action shows the toast and goes to /login, nothing saved', async ({ page, context }) => {
    const toasts = await recordToasts(page);
    const navigations = recordNavigations(page);
    await signInViaApi(page, DEMO);
    await page.goto('/vessels');
    await expect(page.getByTestId('vessel-row').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add Vessel' }).click();
    const name = `E2E Lost Session ${uniqueSuffix()}`;
    await fillVesselForm(vesselDialog(page, 'Add New Vessel'), {
      vesselName: name,
      imoNumber: `E2E${uniqueSuffix()}`.slice(0, 20),
      flagState: 'Liberia',
      crewSizeCategory: '14',
    });
    // The session cookie goes away (expired, or logged out in another tab).
    await context.clearCookies();
    await vesselDialog(page, 'Add New Vessel').getByRole('button', { name: 'Add Vessel' }).click();
    await expectUnauthorizedRedirect(page, toasts, navigations, '/vessels');

    await signInViaApi(page, DEMO);
    const vessels = (await (await page.request.get('/api/vessels')).json()) as { vesselName: string }[];
    expect(vessels.some((v) => v.vesselName === name), 'the vessel was not created').toBe(false);
  });
});
