import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, CALLERS, type Caller, type MatrixWorld } from './testing/accessMatrix';
import { startTestApp, type TestApp } from './testing/harness';

/**
 * The access matrix (testing/accessMatrix.ts) against the real API: every /api route × every kind
 * of caller, and id swapping between two fleet managers' vessels.
 */
let t: TestApp;
let world: MatrixWorld;
const cookies = {} as Record<Caller, string | undefined>;
const ids = {} as Record<string, string>;

async function account(name: string, role: 'admin' | 'fleet_manager' | 'auditor' | 'captain', extra: { vesselId?: string } = {}) {
  const email = `${name}@access.example`;
  const { userId } = await t.createUser(email, `${name}-pass`, role, 'active');
  ids[name] = userId;
  return { email, password: `${name}-pass`, userId, ...extra };
}

async function loginAll({ first }: { first: boolean }) {
  const password = (name: string) => `${name}-pass`;
  cookies.anonymous = undefined;
  for (const name of ['pending', 'fmF1', 'fmV2', 'auditorF1', 'admin'] as const) {
    cookies[name] = await t.login(`${name}@access.example`, password(name));
  }
  cookies.captainA = await t.login('captainA@access.example', 'captain-pass');
  // A session opened before the suspension: the suspension ends it (its cookie stays, dead).
  if (!first) return;
  cookies.suspended = await t.login('suspended@access.example', password('suspended'));
  const suspended = await t.send('PATCH', `/api/admin/users/${ids.suspended}/suspend`, cookies.admin);
  if (suspended.statusCode !== 200) throw new Error(`suspend: ${suspended.statusCode} ${suspended.body}`);
}

beforeAll(async () => {
  t = await startTestApp('api_access', { guessing: { signupPerAddress: { max: 1000, windowMs: 60_000 } } });
  await account('admin', 'admin');
  const { userId: fmF1 } = await account('fmF1', 'fleet_manager');
  const { userId: fmV2 } = await account('fmV2', 'fleet_manager');
  const { userId: auditor } = await account('auditorF1', 'auditor');
  await t.createUser('pending@access.example', 'pending-pass', 'fleet_manager', 'pending');
  await account('suspended', 'fleet_manager');
  const { userId: someUser } = await account('someUser', 'fleet_manager');
  const admin = await t.login('admin@access.example', 'admin-pass');
  const vesselA = await t.createVessel(admin, { fleet: 'F1' });
  const vesselV2 = await t.createVessel(admin, { fleet: 'F2' });
  await t.createVessel(admin, { fleet: 'F2' }); // in F2 but assigned to nobody
  await t.assign(fmF1, { fleets: ['F1'] });
  await t.assign(auditor, { fleets: ['F1'] });
  await t.assign(fmV2, { vesselIds: [vesselV2] });
  const imported = await t.send('POST', `/api/vessels/${vesselA}/inventory/bulk-import`, admin, {
    fileName: 'a.csv',
    items: [{ scaleId: 'IMGS01', quantityOnBoard: 3, expiryDate: '2099-01-01', batchNumber: 1 }],
  });
  if (imported.statusCode !== 200) throw new Error(`import: ${imported.statusCode} ${imported.body}`);
  const batches = (await t.send('GET', `/api/vessels/${vesselA}/inventory`, admin)).json() as { id: string }[];
  await t.captainOf(vesselA, 'captainA@access.example');
  const order = await t.send('POST', '/api/orders', admin, {
    vesselId: vesselA,
    orderData: { expiryThreshold: '2099-01-01', status: 'draft', notes: 'matrix' },
    orderItems: [{ scaleId: 'IMGS01', requiredQuantity: 10, currentInventory: 3, orderQuantity: 7 }],
  });
  if (order.statusCode !== 201) throw new Error(`order: ${order.statusCode} ${order.body}`);
  world = { t, vesselA, vesselV2, batchA: batches[0].id, someUser, orderA: (order.json() as { id: string }).id };
  await loginAll({ first: true });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the access matrix', () => {
  it('names every /api route of the app, and no route the app does not have', () => {
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const missing = routes.filter((r) => !(r in ACCESS_MATRIX));
    expect(missing, 'routes missing from command-api/src/testing/accessMatrix.ts').toEqual([]);
    const stale = Object.keys(ACCESS_MATRIX).filter((key) => !routes.includes(key));
    expect(stale, 'matrix entries for routes the app does not have').toEqual([]);
  });

  for (const [route, entry] of Object.entries(ACCESS_MATRIX)) {
    it(`${route}: ${CALLERS.map((c) => `${c} ${entry.expect[c]}`).join(', ')}`, async () => {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = await entry.path(world);
      const answered: Record<string, number> = {};
      for (const caller of CALLERS) {
        const response = await t.send(method, url, cookies[caller], entry.body);
        answered[caller] = response.statusCode;
      }
      expect(answered).toEqual(entry.expect);
      if (route === 'POST /api/auth/logout') await loginAll({ first: false });
    });
  }
});

describe('id swapping between fleet managers', () => {
  it("fleet manager B asking for A's vessel, its chest, its batch, its scale: 404 Vessel not found, nothing appended", async () => {
    const before = (await t.allEvents()).length;
    const { vesselA, batchA, vesselV2 } = world;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/vessels/${vesselA}`],
      ['PUT', `/api/vessels/${vesselA}`, { vesselName: 'Taken', imoNumber: '9999998', flagState: 'PANAMA', crewSizeCategory: 10 }],
      ['DELETE', `/api/vessels/${vesselA}`],
      ['GET', `/api/vessels/${vesselA}/inventory`],
      ['GET', `/api/vessels/${vesselA}/volume-requirements?asOf=2020-01-01`],
      ['PATCH', `/api/vessels/${vesselA}/inventory/${batchA}`, { quantityOnBoard: 1 }],
      ['POST', `/api/vessels/${vesselA}/inventory/bulk-import`, { fileName: 'x.csv', items: [] }],
      ['PUT', `/api/vessels/${vesselA}/scale`, { scaleId: 'imgs-3' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await t.send(method as 'GET', url, cookies.fmV2, body);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, { message: 'Vessel not found' }]);
    }
    for (const url of [`/api/orders/${world.orderA}`, `/api/orders/${world.orderA}/export?format=csv`]) {
      const response = await t.send('GET', url, cookies.fmV2);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, { message: 'Order not found' }]);
    }
    const orders = (await t.send('GET', '/api/orders', cookies.fmV2)).json() as unknown[];
    expect(orders).toEqual([]);
    expect(((await t.send('GET', '/api/orders', cookies.fmF1)).json() as { id: string }[]).map((o) => o.id)).toEqual([world.orderA]);
    // A's batch through B's own vessel: not B's batch either.
    const swapped = await t.send('PATCH', `/api/vessels/${vesselV2}/inventory/${batchA}`, cookies.fmV2, { quantityOnBoard: 1 });
    expect(swapped.statusCode).toBe(404);
    expect((await t.allEvents()).length).toBe(before);
  });

  it('every list and count answers only the vessels of the caller’s scope', async () => {
    const names = async (cookie: string | undefined) =>
      ((await t.send('GET', '/api/vessels', cookie)).json() as { id: string }[]).map((v) => v.id).sort();
    expect(await names(cookies.fmV2)).toEqual([world.vesselV2]);
    expect(await names(cookies.fmF1)).toEqual([world.vesselA]);
    expect(await names(cookies.auditorF1)).toEqual([world.vesselA]);
    expect((await names(cookies.admin)).length).toBe(3);
    const stats = (await t.send('GET', '/api/dashboard/stats', cookies.fmV2)).json() as { totalVessels: number };
    expect(stats.totalVessels).toBe(1);
    expect(((await t.send('GET', '/api/dashboard/stats', cookies.admin)).json() as { totalVessels: number }).totalVessels).toBe(3);
    const compliance = (await t.send('GET', '/api/dashboard/fleet-compliance', cookies.fmF1)).json() as { id: string }[];
    expect(compliance.map((c) => c.id)).toEqual([world.vesselA]);
    const activities = (await t.send('GET', '/api/dashboard/all-activities', cookies.fmV2)).json() as { vesselId: string | null }[];
    expect(activities.length).toBeGreaterThan(0);
    expect(activities.every((a) => a.vesselId === world.vesselV2)).toBe(true);
    const critical = (await t.send('GET', '/api/dashboard/critical-items', cookies.fmV2)).json() as { vesselId: string }[];
    expect(critical.every((c) => c.vesselId === world.vesselV2)).toBe(true);
  });

  it('an auditor is told why a command is refused', async () => {
    const response = await t.send('PUT', `/api/vessels/${world.vesselA}`, cookies.auditorF1, {});
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/read-only/);
  });

  it('a vessel a fleet manager creates is theirs at once (assigned by the creating event)', async () => {
    const id = await t.createVessel(cookies.fmV2!, { fleet: 'Elsewhere' });
    const events = await t.allEvents();
    const created = events.find((e) => e.type === 'VesselCreated' && (e.data as { vesselId: string }).vesselId === id)!;
    expect((created.data as { assignedTo?: string }).assignedTo).toBe(ids.fmV2);
    expect((await t.send('GET', `/api/vessels/${id}`, cookies.fmV2)).statusCode).toBe(200);
    expect((await t.send('GET', `/api/vessels/${id}`, cookies.fmF1)).statusCode).toBe(404);
    const assigned = (await t.send('GET', `/api/admin/users/${ids.fmV2}/vessels`, cookies.admin)).json();
    expect(assigned.vesselIds.sort()).toEqual([id, world.vesselV2].sort());
  });
});
