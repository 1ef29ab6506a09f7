import type { Page } from '@playwright/test';

export interface SeenToast {
  title: string;
  description: string;
  variant: string | null;
  /** The path the page was on when the toast appeared. */
  path: string;
  /** When it appeared (ms since the epoch, this machine's clock). */
  at: number;
}

/**
 * Record every toast the page shows, across full-page navigations, with the moment it appeared.
 * For toasts that are on screen only briefly, e.g. the 'Unauthorized' one the browser leaves
 * after 500 ms: polling for it could miss it, the page's own observer cannot. Call before goto.
 */
export async function recordToasts(page: Page): Promise<SeenToast[]> {
  const seen: SeenToast[] = [];
  await page.exposeFunction('__e2eToastShown', (toast: SeenToast) => {
    seen.push(toast);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __e2eToastShown: (toast: SeenToast) => void }).__e2eToastShown;
    const known = new WeakSet<Element>();
    const check = () => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        if (known.has(el)) continue;
        known.add(el);
        report({
          title: el.querySelector('[data-testid="toast-title"]')?.textContent ?? '',
          description: el.querySelector('[data-testid="toast-description"]')?.textContent ?? '',
          variant: el.getAttribute('data-variant'),
          path: location.pathname,
          at: Date.now(),
        });
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
  return seen;
}

/** The main frame's document requests, in order, each with when it was sent. */
export function recordNavigations(page: Page): { path: string; at: number }[] {
  const navigations: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      navigations.push({ path: new URL(request.url()).pathname, at: Date.now() });
    }
  });
  return navigations;
}

/**
 * Record each time an element with this test id appears (path and time), across full-page
 * navigations, so a spec can prove something never showed even on a page the browser has
 * already left. Call before goto.
 */
export async function recordAppearances(page: Page, testId: string): Promise<{ path: string; at: number }[]> {
  const seen: { path: string; at: number }[] = [];
  const binding = `__e2eAppeared_${testId.replace(/\W/g, '_')}`;
  await page.exposeFunction(binding, (entry: { path: string; at: number }) => {
    seen.push(entry);
  });
  await page.addInitScript(
    ({ binding, testId }) => {
      const report = (window as unknown as Record<string, (e: { path: string; at: number }) => void>)[binding];
      const known = new WeakSet<Element>();
      const check = () => {
        for (const el of document.querySelectorAll(`[data-testid="${testId}"]`)) {
          if (known.has(el)) continue;
          known.add(el);
          report({ path: location.pathname, at: Date.now() });
        }
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    },
    { binding, testId },
  );
  return seen;
}
