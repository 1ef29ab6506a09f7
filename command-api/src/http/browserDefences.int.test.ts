import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_FLEET_OWNER } from '@medchest/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sessionCookie, startTestApp, type TestApp } from '../testing/harness';
import { FOREIGN_ORIGIN_MESSAGE } from './browserDefences';

let t: TestApp;
let behindProxy: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'medchest-defences-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>MedChest</title><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log("medchest")');
  t = await startTestApp('api_defences', { webDist: dist });
  await t.createUser(DEMO_FLEET_OWNER.email, DEMO_FLEET_OWNER.password, 'fleet_manager');
  behindProxy = await startTestApp('api_defences_proxy', { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  await behindProxy.createUser(DEMO_FLEET_OWNER.email, DEMO_FLEET_OWNER.password, 'fleet_manager');
});

afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const login = (app: TestApp, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO_FLEET_OWNER, headers });

describe('security headers', () => {
  it.each(['/', '/login', '/api/auth/user', '/assets/app.js', '/api/nowhere'])('%s carries the CSP, frame, nosniff and referrer headers', async (url) => {
    const response = await t.app.inject({ url });
    const csp = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
    expect(directives['script-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['default-src']).toBe("'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Served over plain HTTP: no HSTS (it would be meaningless, and wrong on http://localhost).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('the page itself (index.html for a client route) is served with them', async () => {
    const response = await t.app.inject({ url: '/vessels' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS when the request came over HTTPS through a trusted proxy, and not when the proxy is not trusted', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const trusted = await behindProxy.app.inject({ url: '/api/health', headers: https });
    expect(trusted.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const untrusted = await t.app.inject({ url: '/api/health', headers: https });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('marks the session cookie Secure when the proxy says the client used HTTPS', async () => {
    const response = await login(behindProxy, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'medchest_session')).toMatchObject({ secure: true, httpOnly: true });
  });

  it('leaves the cookie without Secure over plain HTTP, and ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const plain = await login(behindProxy, { 'x-forwarded-for': '203.0.113.10' });
    expect(plain.cookies.find((c) => c.name === 'medchest_session')?.secure).toBeFalsy();
    const spoofed = await login(t, { 'x-forwarded-proto': 'https' });
    expect(spoofed.cookies.find((c) => c.name === 'medchest_session')?.secure).toBeFalsy();
  });

  it('counts failed logins per real client: two clients behind the one proxy address have counts of their own', async () => {
    const attempt = (client: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_FLEET_OWNER.email, password: 'guessing' },
        headers: { 'x-forwarded-for': client },
        remoteAddress: '10.0.0.1',
      });
    for (let i = 0; i < 10; i++) expect((await attempt('198.51.100.20')).statusCode).toBe(401);
    expect((await attempt('198.51.100.20')).statusCode).toBe(429);
    expect((await attempt('198.51.100.21')).statusCode).toBe(401);
  });
});

describe('cross-site requests (CSRF)', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = sessionCookie(await login(t));
  });
  const vessel = { vesselName: 'CSRF Test', imoNumber: 'CSRF0001', flagState: 'PANAMA', crewSizeCategory: 20 };

  it('refuses a text/plain post (what a foreign form or no-preflight fetch sends) with 415, recording nothing', async () => {
    const before = (await t.allEvents()).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vessels',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify(vessel),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('The request body must be application/json.');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=demo%40medchest.example&password=medchest-demo',
    });
    expect(form.statusCode).toBe(415);
    expect((await t.allEvents()).length).toBe(before);
  });

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
  ])('refuses a JSON post with %j with 403, recording nothing', async (headers) => {
    const before = (await t.allEvents()).length;
    const response = await t.app.inject({ method: 'POST', url: '/api/vessels', headers: { cookie, ...headers }, payload: vessel });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, ...headers } });
    expect(logout.statusCode).toBe(403);
    expect((await t.allEvents()).length).toBe(before);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('accepts the product’s own page: same Origin, same-origin fetch, or no Origin at all (not a browser)', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/vessels',
      headers: { cookie, origin: 'http://medchest.test:5000', host: 'medchest.test:5000', 'sec-fetch-site': 'same-origin' },
      payload: vessel,
    });
    expect(own.statusCode).toBe(201);
    const id = own.json().id as string;
    // A body-less DELETE has no media type to check.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/vessels/${id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    // Reads are not state-changing: a cross-site GET is answered (the browser keeps the answer from the other site).
    expect((await t.app.inject({ url: '/api/health', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
  });
});
