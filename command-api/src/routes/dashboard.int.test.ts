import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let manager: string;
let captain: string;

beforeAll(async () => {
  t = await startTestApp('api_dashboard');
  // The dashboard over the demo fleet is demo/src/dashboard.int.test.ts; here, a fleet of our own.
  await t.createUser('manager@fleet.example', 'manager-pass', 'fleet_manager');
  await t.createUser('captain@fleet.example', 'captain-pass', 'captain');
  manager = await t.login('manager@fleet.example', 'manager-pass');
  captain = await t.login('captain@fleet.example', 'captain-pass');
  for (let n = 0; n < 3; n++) await t.createVessel(manager);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('dashboard API', () => {
  it('shows a change in the feed and the stats on the very next request', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vessels',
      headers: { cookie: manager },
      payload: { vesselName: 'Feed Tester', imoNumber: '9074729', flagState: 'LIBERIA', crewSizeCategory: 20 },
    });
    expect(created.statusCode).toBe(201);
    const [newest] = (await get('/api/dashboard/all-activities?limit=1', manager)).json() as { activityType: string; description: string }[];
    expect(newest.activityType).toBe('vessel_created');
    expect(newest.description).toContain('Feed Tester');
    expect((await get('/api/dashboard/stats', manager)).json().totalVessels).toBe(4);
    await t.app.inject({ method: 'DELETE', url: `/api/vessels/${created.json().id}`, headers: { cookie: manager } });
    expect((await get('/api/dashboard/stats', manager)).json().totalVessels).toBe(3);
  });

  it.each(['0', '501', 'ten', '2.5'])('answers 400 for limit=%s', async (limit) => {
    const response = await get(`/api/dashboard/all-activities?limit=${limit}`, manager);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('limit must be a whole number from 1 to 500');
  });

  it.each(['/api/dashboard/stats', '/api/dashboard/fleet-compliance', '/api/dashboard/critical-items', '/api/dashboard/all-activities'])(
    '%s: 401 logged out, 403 for a captain',
    async (url) => {
      const loggedOut = await get(url);
      expect(loggedOut.statusCode).toBe(401);
      expect(loggedOut.json()).toEqual({ message: 'Unauthorized' });
      expect((await get(url, captain)).statusCode).toBe(403);
    },
  );
});

describe('fleet compliance, whole or a page at a time', () => {
  type Item = { id: string; vesselName: string; complianceStatus: string };
  const list = async (url: string, cookie = manager) => {
    const response = await get(url, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return { items: response.json() as Item[], next: response.headers['x-next-cursor'] as string | undefined, etag: response.headers.etag as string };
  };

  it('pages the list in its own order (names of any case, the same name twice): the pages add up to the whole list', async () => {
    for (const vesselName of ['delta', 'Delta', 'Alpha', 'charlie', 'Delta', 'bravo']) await t.createVessel(manager, { vesselName });
    const whole = (await list('/api/dashboard/fleet-compliance')).items;
    expect(whole.length).toBeGreaterThanOrEqual(9);
    const names = whole.map((v) => v.vesselName.toLowerCase());
    expect(names).toEqual([...names].sort());

    for (const limit of [1, 2, 4, whole.length, 500]) {
      const pages: Item[][] = [];
      let url = `/api/dashboard/fleet-compliance?limit=${limit}`;
      for (;;) {
        const page = await list(url);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        pages.push(page.items);
        if (!page.next) break;
        url = `/api/dashboard/fleet-compliance?limit=${limit}&after=${page.next}`;
      }
      expect(pages.flat(), `pages of ${limit}`).toEqual(whole);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(whole.length / limit)));
    }
    // A cursor alone: the default page size, from there on.
    const first = await list('/api/dashboard/fleet-compliance?limit=2');
    expect((await list(`/api/dashboard/fleet-compliance?after=${first.next}`)).items).toEqual(whole.slice(2, 2 + 50));
  });

  it('lists only the vessels of the caller\'s scope, page by page too', async () => {
    await t.createUser('other@fleet.example', 'other-pass', 'fleet_manager');
    const other = await t.login('other@fleet.example', 'other-pass');
    const page = await list('/api/dashboard/fleet-compliance?limit=2', other);
    expect(page.items).toEqual([]);
    expect(page.next).toBeUndefined();
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 500'],
    ['limit=501', 'limit must be a whole number from 1 to 500'],
    ['limit=ten', 'limit must be a whole number from 1 to 500'],
    ['limit=2.5', 'limit must be a whole number from 1 to 500'],
    ['after=not-a-cursor', 'after must be the cursor of an earlier page'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(`/api/dashboard/fleet-compliance?${query}`, manager);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each(['/api/dashboard/fleet-compliance', '/api/dashboard/fleet-compliance?limit=2', '/api/dashboard/stats'])(
    '%s names its answer with an ETag: 304 with no body while it stands, the new answer once it changes',
    async (url) => {
      const before = await get(url, manager);
      const etag = before.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(before.headers['cache-control']).toBe('private, no-cache');
      const again = await t.app.inject({ url, headers: { cookie: manager, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      if (url.includes('limit')) expect(again.headers['x-next-cursor']).toBe(before.headers['x-next-cursor']);
      // A weak validator and a list of them match too (RFC 9110: If-None-Match compares weakly).
      expect((await t.app.inject({ url, headers: { cookie: manager, 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);

      const id = await t.createVessel(manager, { vesselName: 'AAA First In The List' });
      const changed = await t.app.inject({ url, headers: { cookie: manager, 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      if (url.includes('stats')) expect(changed.json().totalVessels).toBe(before.json().totalVessels + 1);
      else expect((changed.json() as Item[])[0].id).toBe(id);
      await t.app.inject({ method: 'DELETE', url: `/api/vessels/${id}`, headers: { cookie: manager } });
    },
  );
});

describe('health', () => {
  it('answers ok without a session', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const response = await get('/api/nothing-here', manager);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

describe('serving the web app', () => {
  let dist: string;
  let app: Awaited<ReturnType<typeof import('../app').buildApp>>;
  let missing: typeof app;
  let sessions: import('../auth/sessions').SessionStore;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'medchest-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>MedChest</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log("medchest")');
    const { buildApp } = await import('../app');
    const { createPgSessionStore } = await import('../auth/sessions');
    const store = createPgSessionStore({ connectionString: t.databaseUrl });
    sessions = store;
    const base = { store: t.store, db: t.db, waitFor: t.runner.waitFor, sessions: store };
    app = await buildApp({ ...base, webDist: dist });
    missing = await buildApp({ ...base, webDist: path.join(dist, 'nope') });
  });

  afterAll(async () => {
    await app?.close();
    await missing?.close();
    await sessions?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(['/', '/vessels', '/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11', '/admin/login'])('answers index.html for the client route %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves built files as they are, and 404 for a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("medchest")');
    expect((await app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
  });

  it('keeps API answers JSON next to the web app', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/vessels' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
    expect((await app.inject({ method: 'GET', url: '/api/unknown' })).json()).toEqual({ message: 'Not found' });
  });

  it('says clearly that the web app must be built when web/dist is missing', async () => {
    const response = await missing.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build:web');
  });
});
