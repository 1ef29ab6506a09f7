import { expect, test } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '@medchest/web/testing/chromium';

/**
 * The logged-out flow (spec 000 §2, §8) with the back-forward cache on, as in a user's Chrome:
 * Playwright turns the cache off unless told otherwise, and turning it on takes a browser of its
 * own (a file of its own).
 */
test.use({ launchOptions: { ...CHROMIUM_LAUNCH, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

test('Back from /login to the protected page that sent the browser there leads to /login again', async ({ page }) => {
  const restored: boolean[] = [];
  await page.exposeFunction('__e2ePageShown', (persisted: boolean) => restored.push(persisted));
  await page.addInitScript(() => {
    const report = (window as unknown as { __e2ePageShown: (persisted: boolean) => void }).__e2ePageShown;
    addEventListener('pageshow', (event) => report(event.persisted));
  });
  await page.goto('/vessels');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to MedChest' })).toBeVisible();
  // A page restored from the cache fires no load event: wait for the step to commit only.
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => restored.includes(true), { message: 'Back restored /vessels from the cache' }).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to MedChest' })).toBeVisible();
});
