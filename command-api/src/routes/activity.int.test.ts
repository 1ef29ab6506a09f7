import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * The activity log over HTTP (spec 001 §2, §7): every line made by the real command that records
 * its fact, filtered and counted on the server, paged with a cursor.
 */

let t: TestApp;
let manager: string;
let captain: string;
let alpha: string;
let bravo: string;

type Line = { id: string; activityType: string; description: string; vesselId: string | null; user: { firstName: string | null } | null; metadata: Record<string, unknown> };

const list = async (query: string, cookie = manager) => {
  const response = await t.send('GET', `/api/dashboard/all-activities${query}`, cookie);
  return { response, lines: response.statusCode === 200 ? (response.json() as Line[]) : [], total: Number(response.headers['x-total-count']) };
};

beforeAll(async () => {
  t = await startTestApp('api_activity');
  const cookies = await t.sessionsForEveryRole();
  manager = cookies.manager;
  captain = cookies.captain;
  alpha = await t.createVessel(manager, { vesselName: 'Alpha Star' });
  bravo = await t.createVessel(manager, { vesselName: 'Bravo Wind' });
  const gone = await t.createVessel(manager, { vesselName: 'Charlie Gone' });
  // vessel_updated
  expect((await t.send('PUT', `/api/vessels/${alpha}`, manager, { vesselName: 'Alpha Star', imoNumber: 'TST00001', flagState: 'LIBERIA', crewSizeCategory: 22 })).statusCode).toBe(200);
  // vessel_deleted
  expect((await t.send('DELETE', `/api/vessels/${gone}`, manager)).statusCode).toBe(200);
  // inventory_update: a bulk import, then a stock count on one of its batches
  const imported = await t.send('POST', `/api/vessels/${bravo}/inventory/bulk-import`, manager, {
    fileName: 'bravo.csv',
    items: [{ scaleId: 'IMGS01', quantityOnBoard: 40, batchNumber: 1, expiryDate: '2030-01-01' }],
  });
  expect(imported.statusCode).toBe(200);
  const [batch] = (await t.send('GET', `/api/vessels/${bravo}/inventory`, manager)).json() as { id: string }[];
  expect((await t.send('PATCH', `/api/vessels/${bravo}/inventory/${batch.id}`, manager, { quantityOnBoard: 38 })).statusCode).toBe(200);
  // usage_tracked
  expect((await t.send('PATCH', `/api/vessels/${bravo}/inventory/${batch.id}`, manager, { quantityOnBoard: 35, reason: 'usage' })).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('activity log API', () => {
  it('records a line of its type for each command, newest first, with the acting user', async () => {
    const { response, lines, total } = await list('?limit=500');
    expect(response.statusCode).toBe(200);
    expect(lines.map((l) => l.activityType)).toEqual([
      'usage_tracked',
      'inventory_update',
      'inventory_update',
      'vessel_deleted',
      'vessel_updated',
      'vessel_created',
      'vessel_created',
      'vessel_created',
    ]);
    expect(total).toBe(8);
    expect(lines.every((l) => l.user?.firstName !== undefined && l.user !== null)).toBe(true);
    const usage = lines[0];
    expect(usage.vesselId).toBe(bravo);
    expect(usage.metadata).toMatchObject({ quantityUsed: 3, quantityRemaining: 35, reason: 'usage' });
    expect(usage.description).toBe('Quantity of IMGS01 batch 1 changed from 38 to 35 (used on board)');
  });

  it('filters by type and by vessel on the server, and counts what matches', async () => {
    const created = await list('?type=vessel_created');
    expect(created.lines).toHaveLength(3);
    expect(created.total).toBe(3);
    const ofBravo = await list(`?vesselId=${bravo}`);
    expect(ofBravo.lines.map((l) => l.activityType)).toEqual(['usage_tracked', 'inventory_update', 'inventory_update', 'vessel_created']);
    expect(ofBravo.total).toBe(4);
    const both = await list(`?vesselId=${bravo}&type=inventory_update`);
    expect(both.total).toBe(2);
    expect(both.lines.every((l) => l.vesselId === bravo && l.activityType === 'inventory_update')).toBe(true);
    const none = await list(`?vesselId=${alpha}&type=usage_tracked`);
    expect(none.lines).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('searches the description and the vessel name, in any case, and counts the matches', async () => {
    const alphaLines = await list('?search=alpha%20STAR');
    expect(alphaLines.lines.map((l) => l.activityType)).toEqual(['vessel_updated', 'vessel_created']);
    expect(alphaLines.total).toBe(2);
    const imported = await list('?search=bravo.csv');
    expect(imported.total).toBe(1);
    expect(imported.lines[0].description).toContain('imported from bravo.csv');
    // LIKE's wildcards are plain characters in a search.
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);
  });

  it('pages with the before cursor: every line once, in order, the total unchanged', async () => {
    const all = (await list('?limit=500')).lines.map((l) => l.id);
    const seen: string[] = [];
    let query = '?limit=3';
    for (let page = 0; page < 5; page++) {
      const { response, lines, total } = await list(query);
      expect(total).toBe(8);
      seen.push(...lines.map((l) => l.id));
      const next = response.headers['x-next-cursor'];
      if (next === undefined) break;
      query = `?limit=3&before=${encodeURIComponent(String(next))}`;
    }
    expect(seen).toEqual(all);
  });

  it.each([
    ['?type=vessel_sunk', 'Please select a valid activity type'],
    ['?vesselId=42', 'vesselId must be a vessel id'],
    ['?before=yesterday', 'before must be the cursor of an earlier page'],
    ['?limit=501', 'limit must be a whole number from 1 to 500'],
    [`?search=${'x'.repeat(256)}`, 'search must not exceed 255 characters'],
  ])('answers 400 for %s', async (query, message) => {
    const { response } = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('is for the fleet roles: a captain is refused, a visitor unauthorised', async () => {
    expect((await list('', captain)).response.statusCode).toBe(403);
    expect((await t.send('GET', '/api/dashboard/all-activities')).statusCode).toBe(401);
  });
});
