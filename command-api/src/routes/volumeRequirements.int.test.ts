import { formatRequirement, medicalProfileOf, requiredQuantity, type VolumeRequirementRow } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import { pinnedClock } from '../testing/pinnedClock';

/**
 * The app's clock is pinned (and moved) so inventory history spans several days: every command is
 * stamped with it, and it is the chest's "today". The pinned days lie after the real today.
 */
const { REAL_TODAY, DAY1, DAY2, addDays, now, setDay } = pinnedClock();

let t: TestApp;
let manager: string;
let admin: string;
let captain: string;
let pending: string;

beforeAll(async () => {
  t = await startTestApp('api_volume_requirements', { now });
  ({ manager, admin, captain, pending } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => setDay(DAY1));

const send: TestApp['send'] = (...args) => t.send(...args);

type Row = VolumeRequirementRow;

const CREW = 20;
const createVessel = (crewSizeCategory = CREW) => t.createVessel(manager, { crewSizeCategory });

type ImportItem = { scaleId: string; quantityOnBoard: number; expiryDate?: string; batchNumber?: number };
async function importItems(vesselId: string, items: ImportItem[]) {
  const response = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
    fileName: 'chest.csv',
    items: items.map((item) => ({ batchNumber: 1, ...item })),
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ errorCount: 0 });
}

async function requirements(vesselId: string, asOf?: string, cookie = manager): Promise<Row[]> {
  const query = asOf === undefined ? '' : `?asOf=${asOf}`;
  const response = await send('GET', `/api/vessels/${vesselId}/volume-requirements${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Row[];
}
const byId = (rows: Row[]) => new Map(rows.map((row) => [row.scaleId, row]));

const scale = loadShippedScale();
const UNKNOWN_ID = '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11';

describe('volume requirements of a vessel today', () => {
  it('lists every scale item in the scale order, with the requirement the domain gives the vessel', async () => {
    const vesselId = await createVessel();
    const rows = await requirements(vesselId);
    expect(rows.map((r) => r.scaleId)).toEqual(scale.items.map((i) => i.id));

    // The domain is the oracle: the route passes the vessel's profile (crew 20, category A by default).
    const profile = medicalProfileOf({ crewSizeCategory: CREW });
    for (const [index, item] of scale.items.entries()) {
      const requirement = requiredQuantity(item, profile);
      expect(rows[index]).toMatchObject({
        scaleDescription: item.description,
        section: item.section,
        requiredQuantity: requirement.kind === 'required' ? requirement.amount : null,
        requiredUnit: requirement.kind === 'required' ? requirement.unit : null,
        requirement: formatRequirement(requirement),
      });
    }
  });

  it('without stock: required items are critical, not-required and quantity-not-set items are listed as such', async () => {
    const vesselId = await createVessel();
    const rows = await requirements(vesselId, undefined, admin);
    const rowOf = byId(rows);
    expect(rowOf.get('IMGS01')).toEqual({
      scaleId: 'IMGS01',
      scaleDescription: 'Acetylsalicylic acid',
      section: 'Medicines',
      requiredQuantity: 50,
      requiredUnit: 'tablet',
      requirement: '50 tablet',
      actualQuantity: 0,
      complianceStatus: 'critical',
      expiringSoon: false,
    });
    // Only if women on board: not required for this vessel.
    expect(rowOf.get('IMGS34')).toMatchObject({
      requiredQuantity: null,
      requiredUnit: null,
      requirement: 'Not required',
      actualQuantity: 0,
      complianceStatus: 'not_required',
    });
    expect(rowOf.get('IMGS2.2')).toMatchObject({
      requiredQuantity: null,
      requiredUnit: null,
      requirement: 'Quantity not set',
      actualQuantity: 0,
      complianceStatus: 'quantity_not_set',
    });
    for (const row of rows) {
      if (row.requiredQuantity !== null) expect(row.complianceStatus).toBe('critical');
      else expect(['not_required', 'quantity_not_set']).toContain(row.complianceStatus);
      expect(row.actualQuantity).toBe(0);
      expect(row.expiringSoon).toBe(false);
    }
    expect(rows.filter((r) => r.complianceStatus === 'not_required').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.complianceStatus === 'quantity_not_set').length).toBeGreaterThan(0);
  });

  it('sums the counted batches: enough is compliant, part is low_stock', async () => {
    const vesselId = await createVessel();
    const far = addDays(DAY1, 400);
    await importItems(vesselId, [
      { scaleId: 'IMGS01', quantityOnBoard: 50, expiryDate: far },
      { scaleId: 'IMGS02', quantityOnBoard: 30, expiryDate: far },
      { scaleId: 'IMGS03', quantityOnBoard: 6, expiryDate: far },
      { scaleId: 'IMGS03', quantityOnBoard: 4, batchNumber: 2 },
    ]);
    const rowOf = byId(await requirements(vesselId));
    expect(rowOf.get('IMGS01')).toMatchObject({ requiredQuantity: 50, actualQuantity: 50, complianceStatus: 'compliant', expiringSoon: false });
    expect(rowOf.get('IMGS02')).toMatchObject({ requiredQuantity: 70, requirement: '70+ tablet', actualQuantity: 30, complianceStatus: 'low_stock' });
    // Two batches (one without an expiry date) add up.
    expect(rowOf.get('IMGS03')).toMatchObject({ requiredQuantity: 10, actualQuantity: 10, complianceStatus: 'compliant' });
  });

  it('does not count a batch that expired yesterday, and flags a counted batch expiring within 60 days', async () => {
    const vesselId = await createVessel();
    await importItems(vesselId, [
      { scaleId: 'IMGS01', quantityOnBoard: 50, expiryDate: addDays(DAY1, -1) },
      { scaleId: 'IMGS02', quantityOnBoard: 70, expiryDate: addDays(DAY1, 30) },
      { scaleId: 'IMGS04', quantityOnBoard: 20, expiryDate: addDays(DAY1, 200) },
      { scaleId: 'IMGS04', quantityOnBoard: 5, batchNumber: 2, expiryDate: addDays(DAY1, -1) },
    ]);
    const rowOf = byId(await requirements(vesselId));
    expect(rowOf.get('IMGS01')).toMatchObject({ actualQuantity: 0, complianceStatus: 'critical', expiringSoon: false });
    expect(rowOf.get('IMGS02')).toMatchObject({ actualQuantity: 70, complianceStatus: 'compliant', expiringSoon: true });
    expect(rowOf.get('IMGS04')).toMatchObject({ actualQuantity: 20, complianceStatus: 'compliant', expiringSoon: false });
  });

  it('follows a quantity edit', async () => {
    const vesselId = await createVessel();
    await importItems(vesselId, [{ scaleId: 'IMGS01', quantityOnBoard: 50 }]);
    const [batch] = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as { id: string }[];
    expect((await send('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, manager, { quantityOnBoard: 12 })).statusCode).toBe(200);
    expect(byId(await requirements(vesselId)).get('IMGS01')).toMatchObject({ actualQuantity: 12, complianceStatus: 'low_stock' });
  });

  it('names the answer with an ETag: the same chest answers 304 to a browser that has it, a changed chest a new answer', async () => {
    const vesselId = await createVessel();
    await importItems(vesselId, [{ scaleId: 'IMGS01', quantityOnBoard: 50 }]);
    const url = `/api/vessels/${vesselId}/volume-requirements`;
    const first = await send('GET', url, manager);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { cookie: manager, 'if-none-match': etag } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    // Another vessel with the same chest has the same answer, hence the same name.
    const twin = await createVessel();
    await importItems(twin, [{ scaleId: 'IMGS01', quantityOnBoard: 50 }]);
    expect((await send('GET', `/api/vessels/${twin}/volume-requirements`, manager)).headers.etag).toBe(etag);

    const [batch] = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as { id: string }[];
    await send('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, manager, { quantityOnBoard: 30 });
    const changed = await t.app.inject({ method: 'GET', url, headers: { cookie: manager, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(byId(changed.json() as Row[]).get('IMGS01')).toMatchObject({ actualQuantity: 30, complianceStatus: 'low_stock' });
  });
});

describe('volume requirements as of a date', () => {
  /**
   * DAY1: batch A of IMGS01 (50, expiring DAY1 + 5) and batch B of IMGS03 (10, no expiry).
   * DAY2: IMGS02 imported (70), batch B counted down to 4.
   */
  async function vesselWithHistory() {
    // The vessel joins the fleet before its first inventory event (every command reads the one
    // clock), so the day before DAY1 has a chest with nothing in it.
    setDay(REAL_TODAY);
    const vesselId = await createVessel();
    setDay(DAY1);
    await importItems(vesselId, [
      { scaleId: 'IMGS01', quantityOnBoard: 50, expiryDate: addDays(DAY1, 5) },
      { scaleId: 'IMGS03', quantityOnBoard: 10 },
    ]);
    const batches = (await send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as { id: string; scaleId: string }[];
    const batchB = batches.find((b) => b.scaleId === 'IMGS03')!;
    setDay(DAY2);
    await importItems(vesselId, [{ scaleId: 'IMGS02', quantityOnBoard: 70, expiryDate: addDays(DAY2, 300) }]);
    expect((await send('PATCH', `/api/vessels/${vesselId}/inventory/${batchB.id}`, manager, { quantityOnBoard: 4 })).statusCode).toBe(200);
    return vesselId;
  }

  it('shows the chest before a later import and adjustment, with that date as "today"', async () => {
    const vesselId = await vesselWithHistory();

    const today = byId(await requirements(vesselId));
    // Batch A expired on DAY1 + 5: it no longer counts on DAY2.
    expect(today.get('IMGS01')).toMatchObject({ actualQuantity: 0, complianceStatus: 'critical', expiringSoon: false });
    expect(today.get('IMGS02')).toMatchObject({ actualQuantity: 70, complianceStatus: 'compliant' });
    expect(today.get('IMGS03')).toMatchObject({ actualQuantity: 4, complianceStatus: 'low_stock' });

    for (const asOf of [DAY1, addDays(DAY1, 5)]) {
      const then = byId(await requirements(vesselId, asOf));
      // Batch A had not yet expired then (on DAY1 + 5 it expires that day, and still counts).
      expect(then.get('IMGS01')).toMatchObject({ actualQuantity: 50, complianceStatus: 'compliant', expiringSoon: true });
      // Not yet imported.
      expect(then.get('IMGS02')).toMatchObject({ actualQuantity: 0, complianceStatus: 'critical' });
      // Not yet counted down.
      expect(then.get('IMGS03')).toMatchObject({ actualQuantity: 10, complianceStatus: 'compliant' });
    }
    const afterExpiry = byId(await requirements(vesselId, addDays(DAY1, 6)));
    expect(afterExpiry.get('IMGS01')).toMatchObject({ actualQuantity: 0, complianceStatus: 'critical' });
    expect(afterExpiry.get('IMGS03')).toMatchObject({ actualQuantity: 10 });
  });

  it('as of today (replaying the streams) answers exactly what today (the read models) answers', async () => {
    const vesselId = await vesselWithHistory();
    expect(await requirements(vesselId, DAY2)).toEqual(await requirements(vesselId));
  });

  it('before the first inventory event: every required item is critical', async () => {
    const vesselId = await vesselWithHistory();
    const rows = await requirements(vesselId, addDays(DAY1, -1));
    expect(rows).toHaveLength(scale.items.length);
    expect(rows.every((r) => r.actualQuantity === 0)).toBe(true);
    expect(byId(rows).get('IMGS01')).toMatchObject({ complianceStatus: 'critical' });
  });

  it('answers 404 saying the vessel was not in the fleet yet, for a day before it was created', async () => {
    const vesselId = await createVessel();
    const day = addDays(REAL_TODAY, -1);
    const response = await send('GET', `/api/vessels/${vesselId}/volume-requirements?asOf=${day}`, manager);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: `This vessel was not in the fleet on ${day}` });
  });

  it('answers 404 for a vessel deleted by the end of that day, and for it today', async () => {
    const vesselId = await createVessel();
    await importItems(vesselId, [{ scaleId: 'IMGS01', quantityOnBoard: 50 }]);
    expect((await send('DELETE', `/api/vessels/${vesselId}`, manager)).statusCode).toBe(200);
    for (const [query, message] of [
      [`?asOf=${REAL_TODAY}`, `This vessel was not in the fleet on ${REAL_TODAY}`],
      [`?asOf=${DAY1}`, `This vessel was not in the fleet on ${DAY1}`],
      ['', 'Vessel not found'],
    ]) {
      const response = await send('GET', `/api/vessels/${vesselId}/volume-requirements${query}`, manager);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message });
    }
  });

  it.each([
    ['an impossible date', '2025-02-30', 'Please enter a valid date'],
    ['a date without leading zeros', '2025-3-1', 'Please enter a valid date'],
    ['a word', 'yesterday', 'Please enter a valid date'],
    ['an empty value', '', 'Please enter a valid date'],
    ['two values', `${REAL_TODAY}&asOf=${REAL_TODAY}`, 'Please enter a valid date'],
    ['tomorrow', addDays(DAY1, 1), 'The date must not be in the future'],
  ])('answers 400 for %s and records nothing', async (_name, asOf, message) => {
    const vesselId = await createVessel();
    const before = (await t.allEvents()).length;
    const response = await send('GET', `/api/vessels/${vesselId}/volume-requirements?asOf=${asOf}`, manager);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { asOf: message } });
    expect((await t.allEvents()).length).toBe(before);
  });

  it('accepts today (the clock\'s UTC day) as the date', async () => {
    const vesselId = await createVessel();
    expect(await requirements(vesselId, DAY1)).toHaveLength(scale.items.length);
  });
});

describe('volume requirements: unknown vessels and access', () => {
  it.each([
    ['an unknown vessel', UNKNOWN_ID, ''],
    ['a non-UUID id', 'not-a-uuid', ''],
    ['an unknown vessel as of a date', UNKNOWN_ID, `?asOf=${REAL_TODAY}`],
    ['a non-UUID id as of a date', 'not-a-uuid', `?asOf=${REAL_TODAY}`],
  ])('answers 404 Vessel not found for %s', async (_name, id, query) => {
    const response = await send('GET', `/api/vessels/${id}/volume-requirements${query}`, manager);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Vessel not found' });
  });

  it('answers 401 {"message":"Unauthorized"} when logged out', async () => {
    const vesselId = await createVessel();
    for (const query of ['', `?asOf=${REAL_TODAY}`]) {
      const response = await send('GET', `/api/vessels/${vesselId}/volume-requirements${query}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 404 to a captain of another vessel (as if absent) and 403 to a pending account', async () => {
    const vesselId = await createVessel();
    for (const [cookie, status] of [[captain, 404], [pending, 403]] as const) {
      const response = await send('GET', `/api/vessels/${vesselId}/volume-requirements`, cookie);
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

/**
 * Scope checks and today's answers are kept between requests while the read models they come
 * from stand still (issue 14): every command below is followed at once by the read that must see
 * it, with each read asked first so that something is kept.
 */
describe('volume requirements: kept answers follow the commands at once', () => {
  let otherManagers = 0;
  async function anotherManager() {
    otherManagers += 1;
    const email = `kept-manager-${otherManagers}@fleet.example`;
    const { userId } = await t.createUser(email, 'manager-pass', 'fleet_manager');
    return { userId, cookie: await t.login(email, 'manager-pass') };
  }
  const status = async (vesselId: string, cookie: string) => (await send('GET', `/api/vessels/${vesselId}/volume-requirements`, cookie)).statusCode;

  it('a vessel assigned to a fleet manager answers them at once, and 404 again at once when unassigned; another manager stays at 404', async () => {
    const vesselId = await createVessel();
    const [b, c] = [await anotherManager(), await anotherManager()];
    expect([await status(vesselId, b.cookie), await status(vesselId, c.cookie)]).toEqual([404, 404]);

    expect((await send('POST', `/api/admin/users/${b.userId}/vessels`, admin, { vesselIds: [vesselId] })).statusCode).toBe(200);
    expect([await status(vesselId, b.cookie), await status(vesselId, c.cookie)]).toEqual([200, 404]);

    expect((await send('POST', `/api/admin/users/${b.userId}/vessels`, admin, { vesselIds: [] })).statusCode).toBe(200);
    expect([await status(vesselId, b.cookie), await status(vesselId, c.cookie)]).toEqual([404, 404]);
  });

  it('a fleet assigned, then the vessel deleted: seen by the very next request of each caller', async () => {
    const vesselId = await t.createVessel(manager, { fleet: 'Kept Fleet' });
    const b = await anotherManager();
    expect(await status(vesselId, b.cookie)).toBe(404);
    expect((await send('POST', `/api/admin/users/${b.userId}/fleets`, admin, { fleets: ['Kept Fleet'] })).statusCode).toBe(200);
    expect([await status(vesselId, b.cookie), await status(vesselId, admin), await status(vesselId, manager)]).toEqual([200, 200, 200]);

    expect((await send('DELETE', `/api/vessels/${vesselId}`, manager)).statusCode).toBe(200);
    // The fleet's manager no longer sees it; its creator (assigned directly) and the admin find no chest.
    expect([await status(vesselId, b.cookie), await status(vesselId, admin), await status(vesselId, manager)]).toEqual([404, 404, 404]);
  });

  it('a new batch is in the very next answer, for every caller that sees the vessel', async () => {
    const vesselId = await createVessel();
    const captainOfIt = await t.captainOf(vesselId);
    const readers = [manager, admin, captainOfIt];
    for (const cookie of readers) expect(byId(await requirements(vesselId, undefined, cookie)).get('IMGS01')!.actualQuantity).toBe(0);
    await importItems(vesselId, [{ scaleId: 'IMGS01', quantityOnBoard: 7, expiryDate: addDays(DAY1, 400) }]);
    for (const cookie of readers) expect(byId(await requirements(vesselId, undefined, cookie)).get('IMGS01')!.actualQuantity).toBe(7);
    await importItems(vesselId, [{ scaleId: 'IMGS01', quantityOnBoard: 5, expiryDate: addDays(DAY1, 500), batchNumber: 2 }]);
    for (const cookie of readers) expect(byId(await requirements(vesselId, undefined, cookie)).get('IMGS01')!.actualQuantity).toBe(12);
  });

  it('the same chest on another day is evaluated for that day, not served from the day before', async () => {
    const vesselId = await createVessel();
    await importItems(vesselId, [{ scaleId: 'IMGS01', quantityOnBoard: 50, expiryDate: addDays(DAY1, 1) }]);
    expect(byId(await requirements(vesselId)).get('IMGS01')!.actualQuantity).toBe(50);
    setDay(addDays(DAY1, 2));
    // Expired since: on board, no longer counted.
    expect(byId(await requirements(vesselId)).get('IMGS01')!.actualQuantity).toBe(0);
  });
});
