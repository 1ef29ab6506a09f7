import type { Page } from '@playwright/test';

/**
 * Watch what one element (by test id) shows over time, in the page itself: every time it mounts
 * or its text changes, the text is recorded. This lets a spec prove that a screen shows fresh
 * data on its very first render after client-side navigation: a stale value would be recorded
 * before the fresh one. Survives only as long as the document does (that is the point: the
 * specs that use it navigate without reloading).
 */
export async function recordTexts(page: Page, testId: string): Promise<() => Promise<string[]>> {
  const key = `__e2eTexts_${testId}`;
  await page.evaluate(
    ({ key, testId }) => {
      const seen: string[] = [];
      let lastElement: Element | null = null;
      let lastText: string | null = null;
      const check = () => {
        const element = document.querySelector(`[data-testid="${testId}"]`);
        if (!element) {
          lastElement = null;
          return;
        }
        const text = element.textContent?.trim() ?? '';
        if (element !== lastElement || text !== lastText) {
          // A fresh mount, or a change of what it says.
          seen.push(text);
          lastElement = element;
          lastText = text;
        }
      };
      check();
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
      (window as unknown as Record<string, string[]>)[key] = seen;
    },
    { key, testId },
  );
  return async () =>
    (await page.evaluate((key) => (window as unknown as Record<string, string[]>)[key] ?? null, key)) ??
    Promise.reject(new Error(`The page was reloaded: the record of ${testId} is gone`));
}

/** Mark the document, to prove later that no full reload happened in between. */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  const mark = `e2e-${Math.random()}`;
  await page.evaluate((mark) => {
    (window as unknown as { __e2eMark?: string }).__e2eMark = mark;
  }, mark);
  return async () => page.evaluate((mark) => (window as unknown as { __e2eMark?: string }).__e2eMark === mark, mark);
}
