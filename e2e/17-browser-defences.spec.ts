import { expect, test } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Issue 16, points 2, 4 and 9, in the real browser against the built app: the page and the API
 * carry the CSP (scripts from this origin only, no framing) and the other defence headers, the
 * built page has no inline script and the browser reports no CSP violation while a user signs in
 * through the demo entry and opens the dashboard; no source map is served; another site's posts
 * are refused.
 */

test('the page and the API carry the defence headers; the app runs under its CSP with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text())) violations.push(message.text());
  });

  for (const path of ['/', '/login', '/api/auth/user']) {
    const response = await page.request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(headers['content-security-policy'], path).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security'], `${path} over plain HTTP`).toBeUndefined();
  }

  const html = await (await page.request.get('/')).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length, 'the page loads its code from a file').toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes, 'every script has a src').toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
    expect(body.trim(), 'no inline script').toBe('');
  }

  // No source maps: neither a .map beside each script nor a sourceMappingURL inside it.
  for (const [, attributes] of scripts) {
    const src = /\bsrc="([^"]+)"/.exec(attributes)![1];
    const code = await (await page.request.get(src)).text();
    expect(code).not.toContain('sourceMappingURL');
    expect((await page.request.get(`${src}.map`)).status(), `${src}.map`).toBe(404);
  }

  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Demo login' });
  await form.getByLabel('Email').fill(DEMO.email);
  await form.getByLabel('Password').fill(DEMO.password);
  await form.getByRole('button', { name: 'Enter Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Fleet Dashboard' })).toBeVisible();
  expect(violations, 'CSP violations reported by the browser').toEqual([]);
});

test('another site cannot post: a foreign Origin is refused with 403, a text/plain body with 415', async ({ page }) => {
  const foreign = await page.request.post('/api/auth/login', { data: DEMO, headers: { origin: 'https://attacker.example' } });
  expect(foreign.status()).toBe(403);
  const crossSite = await page.request.post('/api/auth/login', { data: DEMO, headers: { 'sec-fetch-site': 'cross-site' } });
  expect(crossSite.status()).toBe(403);
  const plain = await page.request.post('/api/auth/login', {
    data: JSON.stringify(DEMO),
    headers: { 'content-type': 'text/plain' },
  });
  expect(plain.status()).toBe(415);
  // The app's own page posts JSON with its own origin: accepted.
  const own = await page.request.post('/api/auth/login', { data: DEMO });
  expect(own.status()).toBe(200);
});
