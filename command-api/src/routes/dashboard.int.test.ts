import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateNeedsAttention,
  evaluateChest,
  fleetComplianceSummary,
  isoToday,
  medicalProfileOf,
  summarizeChest,
  VESSEL_STATUSES,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { seedDemo } from '../seed/demo';
import { demoCertificates } from '../seed/fleet';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let manager: string;
let admin: string;
let captain: string;

beforeAll(async () => {
  t = await startTestApp('api_dashboard');
  await seedDemo(t.deps);
  await t.createUser('captain@fleet.example', 'captain-pass', 'captain');
  manager = await t.login('demo@medchest.example', 'medchest-demo');
  admin = await t.login('admin@medchest.example', 'medchest-admin');
  captain = await t.login('captain@fleet.example', 'captain-pass');
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('dashboard API', () => {
  /**
   * The demo fleet judged by the domain from each vessel's batches as the inventory call answers
   * them: the read models' figures must agree with it.
   */
  async function judgedByTheDomain() {
    const today = isoToday();
    const vessels = (await get('/api/vessels', manager)).json() as ({ id: string; vesselName: string; crewSizeCategory: number } & Record<string, unknown>)[];
    const judged = [];
    for (const vessel of vessels) {
      const batches = (await get(`/api/vessels/${vessel.id}/inventory`, manager)).json() as { scaleId: string; quantityOnBoard: number; expiryDate: string | null }[];
      const chest = evaluateChest(
        loadShippedScale(),
        medicalProfileOf(vessel),
        batches.map((b) => ({ scaleId: b.scaleId, quantity: b.quantityOnBoard, expiryDate: b.expiryDate })),
        today,
      );
      judged.push({ id: vessel.id, chest, batchesOnBoard: batches.filter((b) => b.quantityOnBoard > 0).length });
    }
    return judged;
  }

  it('answers the stats of the demo fleet, as the domain judges its chests', async () => {
    const response = await get('/api/dashboard/stats', manager);
    expect(response.statusCode).toBe(200);
    // The seed dates certificates from today; the card counts those that need attention now.
    const today = new Date();
    const needingAttention = demoCertificates(isoToday(today)).filter((c) => certificateNeedsAttention(c.expiryDate, today));
    expect(needingAttention.length).toBeGreaterThan(0);
    const judged = await judgedByTheDomain();
    const summary = fleetComplianceSummary(judged.map((j) => summarizeChest(j.chest)));
    expect(response.json()).toEqual({
      totalVessels: 31,
      compliantVessels: summary.compliantVessels,
      expiringCertificates: needingAttention.length,
      criticalAlerts: summary.criticalAlerts,
      totalInventoryItems: judged.reduce((n, j) => n + j.batchesOnBoard, 0),
      expiringItems: summary.expiringItems,
    });
    expect(summary.compliantVessels).toBeGreaterThan(0);
    expect(summary.criticalAlerts).toBeGreaterThan(0);
    expect(summary.expiringItems).toBeGreaterThan(0);
  });

  it('answers one fleet compliance item per vessel, with the status and figures of its chest; the demo shows every status', async () => {
    const response = await get('/api/dashboard/fleet-compliance', admin);
    expect(response.statusCode).toBe(200);
    const items = response.json() as { id: string; vesselName: string; complianceStatus: string; criticalItems: number; lowStockItems: number; expiringItems: number }[];
    expect(items).toHaveLength(31);
    const judged = new Map((await judgedByTheDomain()).map((j) => [j.id, j.chest]));
    for (const item of items) {
      const chest = judged.get(item.id)!;
      expect([item.vesselName, item.complianceStatus, item.criticalItems, item.lowStockItems, item.expiringItems]).toEqual([
        item.vesselName,
        chest.status,
        chest.criticalItems,
        chest.lowStockItems,
        chest.expiringBatches.length,
      ]);
    }
    expect(new Set(items.map((i) => i.complianceStatus))).toEqual(new Set(VESSEL_STATUSES));
  });

  it('answers the critical items of the fleet: as many as the Critical Alerts card, each on a Critical vessel', async () => {
    const response = await get('/api/dashboard/critical-items', manager);
    expect(response.statusCode).toBe(200);
    const items = response.json() as { vesselId: string; scaleId: string }[];
    expect(items.length).toBe((await get('/api/dashboard/stats', manager)).json().criticalAlerts);
    const critical = new Set(
      ((await get('/api/dashboard/fleet-compliance', manager)).json() as { id: string; complianceStatus: string }[])
        .filter((v) => v.complianceStatus === 'Critical')
        .map((v) => v.id),
    );
    expect(items.every((i) => critical.has(i.vesselId))).toBe(true);
  });

  it('answers the activity feed, newest first, 50 by default and as many as the limit asks', async () => {
    const all = await get('/api/dashboard/all-activities', manager);
    expect(all.statusCode).toBe(200);
    const items = all.json() as { activityType: string; createdAt: string }[];
    // 31 vessels added, 28 certificates recorded and 31 chests imported by the seed: the newest 50 by default.
    expect(items).toHaveLength(50);
    expect(items[0].activityType).toBe('inventory_update');
    expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort().reverse());
    const five = await get('/api/dashboard/all-activities?limit=5', manager);
    expect(five.json()).toHaveLength(5);
  });

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
    expect((await get('/api/dashboard/stats', manager)).json().totalVessels).toBe(32);
    await t.app.inject({ method: 'DELETE', url: `/api/vessels/${created.json().id}`, headers: { cookie: manager } });
    expect((await get('/api/dashboard/stats', manager)).json().totalVessels).toBe(31);
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
