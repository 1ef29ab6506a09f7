import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * Issue 8, point 2: an id in the path is checked where the route is declared (its zod params
 * schema). Every route of the route table that takes an id (a new one is covered without touching
 * this file) answers a malformed id, of any length, 404 as for an unknown id: never 400, 414 or
 * 500, and nothing is appended.
 */

let t: TestApp;
let admin: string;
/** The vessel's captain: the captain portal's routes answer captains only (403 to every fleet role). */
let captain: string;
let vesselId: string;
let batchId: string;

beforeAll(async () => {
  t = await startTestApp('api_malformed_ids');
  ({ admin } = await t.sessionsForEveryRole());
  ({ vesselId, batchId } = await t.createVesselWithBatch(admin));
  captain = await t.captainOf(vesselId);
});

afterAll(async () => {
  await t?.close();
});

/**
 * Path segments that name an id: `:id` and `:somethingId`. (A `:token` is a credential, not an id:
 * its answers are the spec's own, e.g. "Upload Expired".)
 */
const ID_PARAM = /^(id|[a-z]+Id)$/;

const MALFORMED: [name: string, value: string][] = [
  ['a word', 'not-a-uuid'],
  ['a number', '12345'],
  ['a UUID with one character more', '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11a'],
  ['a UUID with a letter out of hex', '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e1z'],
  ['quotes and a semicolon', encodeURIComponent("1'; select 1; --")],
  ['300 characters', 'a'.repeat(300)],
  ['a UUID padded to 300 characters', '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11'.padEnd(300, '0')],
];

/** Every route with an id param, once per such param (the others filled with ids that exist). */
function routesWithIds() {
  const cases: { method: string; url: string; param: string }[] = [];
  for (const route of t.app.routeTable) {
    if (route.method === 'HEAD') continue;
    const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    for (const param of params.filter((p) => ID_PARAM.test(p))) cases.push({ ...route, param });
  }
  return cases;
}

/** The URL with `param` set to `value` and every other param to a value that names something. */
function urlWith(url: string, param: string, value: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name === param) return value;
    if (name === 'batchId') return batchId;
    if (name === 'move') return 'acknowledge';
    return vesselId;
  });
}

describe('a malformed id on every route that takes one', () => {
  it('the route table lists the routes with ids (so a new one is covered here)', () => {
    const urls = routesWithIds().map((r) => `${r.method} ${r.url} :${r.param}`);
    expect(urls.length).toBeGreaterThanOrEqual(30);
    expect(urls).toContain('GET /api/vessels/:id :id');
    expect(urls).toContain('PATCH /api/vessels/:id/inventory/:batchId :batchId');
    expect(urls).toContain('GET /api/orders/:id :id');
    expect(urls).toContain('DELETE /api/admin/users/:id :id');
  });

  it.each(MALFORMED)('%s: 404 saying what is not found, never 400/414/5xx, nothing appended', async (_name, value) => {
    const before = (await t.allEvents()).length;
    const failures: string[] = [];
    let n = 0;
    for (const { method, url, param } of routesWithIds()) {
      n += 1;
      const withBody = !['GET', 'DELETE'].includes(method);
      const cookie = url.startsWith('/api/captain/') ? captain : admin;
      const response = await t.app.inject({
        method: method as 'GET',
        url: urlWith(url, param, value),
        headers: withBody ? { cookie, 'content-type': 'application/json' } : { cookie },
        ...(withBody ? { payload: '{}' } : {}),
        // Each call from its own address, so no guessing limit answers instead.
        remoteAddress: `198.51.100.${n}`,
      });
      const where = `${method} ${url} (:${param}): ${response.statusCode} ${response.body.slice(0, 120)}`;
      if (response.statusCode !== 404) failures.push(where);
      else if (!/not found|not available/i.test((response.json() as { message: string }).message)) failures.push(`${where} (no "not found" message)`);
    }
    expect(failures).toEqual([]);
    expect((await t.allEvents()).length).toBe(before);
  });

  it('names what the malformed segment would have named', async () => {
    const cases: [url: string, message: string][] = [
      ['/api/vessels/nope', 'Vessel not found'],
      [`/api/vessels/${vesselId}/inventory/nope`, 'Batch not found'],
      ['/api/orders/nope', 'Order not found'],
      ['/api/admin/users/nope/vessels', 'User not found'],
      ['/api/scales/nope', 'Scale not found'],
    ];
    for (const [url, message] of cases) {
      const method = url.includes('/inventory/') ? 'PATCH' : 'GET';
      const response = await t.send(method, url, admin, method === 'PATCH' ? { quantityOnBoard: 1 } : undefined);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: { message } });
    }
  });

  it('still answers 401 before 404 to a caller who is not logged in', async () => {
    const response = await t.send('GET', `/api/vessels/${'a'.repeat(300)}`);
    expect(response.statusCode).toBe(401);
  });
});
