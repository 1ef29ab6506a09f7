import { randomUUID } from 'node:crypto';
import { vesselStreamId } from '@medchest/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * The vessel's medical profile through the vessel routes (issue 3): medical category A/B/C and the
 * two facts the scale's rules ask about, accepted by create and edit, defaulted when absent,
 * answered by GET, and refused with the field's own message (nothing appended) when malformed.
 */

let t: TestApp;
// An admin: the vessels recorded straight into the log below are assigned to nobody, and an admin sees all.
let admin: string;

const form = {
  vesselName: 'Coastal Spirit',
  imoNumber: '9074729',
  flagState: 'PANAMA',
  crewSizeCategory: 14,
  fleet: 'North Sea',
};
const DEFAULTS = { medicalCategory: 'A', womenOnBoard: false, carriesDangerousGoods: false };

beforeAll(async () => {
  t = await startTestApp('api_vessel_profile');
  ({ admin } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin }, ...(payload === undefined ? {} : { payload }) });

const profileOf = (vessel: Record<string, unknown>) => ({
  medicalCategory: vessel.medicalCategory,
  womenOnBoard: vessel.womenOnBoard,
  carriesDangerousGoods: vessel.carriesDangerousGoods,
});

async function create(body: object) {
  const response = await send('POST', '/api/vessels', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string } & Record<string, unknown>;
}

/** What GET /api/vessels/:id and the list both answer for the vessel. */
async function shown(id: string) {
  const one = (await send('GET', `/api/vessels/${id}`)).json() as Record<string, unknown>;
  const inList = ((await send('GET', '/api/vessels')).json() as Record<string, unknown>[]).find((v) => v.id === id)!;
  expect(profileOf(inList)).toEqual(profileOf(one));
  return profileOf(one);
}

const eventsOf = async (id: string) => (await t.allEvents()).filter((e) => e.streamId === vesselStreamId(id));

describe('vessel medical profile API', () => {
  it('creates a vessel with a category and both flags: the answer, GET and the list show them, and VesselCreated records them', async () => {
    const profile = { medicalCategory: 'B', womenOnBoard: true, carriesDangerousGoods: true };
    const created = await create({ ...form, imoNumber: '9100001', ...profile });
    expect(profileOf(created)).toEqual(profile);
    expect(await shown(created.id)).toEqual(profile);
    const [event] = await eventsOf(created.id);
    expect(event.data).toMatchObject({ details: profile });
  });

  it('defaults a create without the fields to category A, no women on board, no dangerous goods', async () => {
    const created = await create({ ...form, imoNumber: '9100002' });
    expect(profileOf(created)).toEqual(DEFAULTS);
    expect(await shown(created.id)).toEqual(DEFAULTS);
  });

  it('treats an unselected category ("" or null) as A', async () => {
    const created = await create({ ...form, imoNumber: '9100003', medicalCategory: '' });
    expect(created.medicalCategory).toBe('A');
    const other = await create({ ...form, imoNumber: '9100004', medicalCategory: null });
    expect(other.medicalCategory).toBe('A');
  });

  it('edits the category and flags: PUT answers them and the next GET shows them', async () => {
    const created = await create({ ...form, imoNumber: '9100005', medicalCategory: 'B', womenOnBoard: true });
    const response = await send('PUT', `/api/vessels/${created.id}`, {
      ...form,
      imoNumber: '9100005',
      medicalCategory: 'C',
      womenOnBoard: false,
      carriesDangerousGoods: true,
    });
    expect(response.statusCode).toBe(200);
    expect(profileOf(response.json())).toEqual({ medicalCategory: 'C', womenOnBoard: false, carriesDangerousGoods: true });
    expect(await shown(created.id)).toEqual({ medicalCategory: 'C', womenOnBoard: false, carriesDangerousGoods: true });
  });

  it('an edit is the whole form: one that leaves the fields out puts the vessel back to the defaults', async () => {
    const created = await create({ ...form, imoNumber: '9100006', medicalCategory: 'C', carriesDangerousGoods: true });
    const response = await send('PUT', `/api/vessels/${created.id}`, { ...form, imoNumber: '9100006' });
    expect(response.statusCode).toBe(200);
    expect(await shown(created.id)).toEqual(DEFAULTS);
  });

  it('saving the same profile again records nothing', async () => {
    const body = { ...form, imoNumber: '9100007', medicalCategory: 'B', womenOnBoard: true };
    const created = await create(body);
    const before = (await t.allEvents()).length;
    expect((await send('PUT', `/api/vessels/${created.id}`, body)).statusCode).toBe(200);
    expect((await t.allEvents()).length).toBe(before);
  });

  describe('a vessel recorded before the medical profile existed', () => {
    /** VesselCreated as the product wrote it before issue 3: the same version, without the fields. */
    async function recordOldVessel(imoNumber: string) {
      const vesselId = randomUUID();
      const result = await t.store.appendToStream(
        vesselStreamId(vesselId),
        [
          {
            type: 'VesselCreated',
            version: 1,
            data: { vesselId, details: { ...form, imoNumber } },
            metadata: { userId: null, correlationId: 'before-issue-3', occurredAt: new Date().toISOString() },
          },
        ],
        { expected: 'no_stream' },
      );
      expect(await t.runner.waitFor(result.position, 5_000)).toBe(true);
      return vesselId;
    }

    it('is shown as category A, no women on board, no dangerous goods', async () => {
      const id = await recordOldVessel('9100008');
      expect(await shown(id)).toEqual(DEFAULTS);
    });

    it('saved from the edit form with the defaults, records nothing (it already was that)', async () => {
      const id = await recordOldVessel('9100009');
      const before = (await eventsOf(id)).length;
      const response = await send('PUT', `/api/vessels/${id}`, { ...form, imoNumber: '9100009', ...DEFAULTS });
      expect(response.statusCode).toBe(200);
      expect(profileOf(response.json())).toEqual(DEFAULTS);
      expect((await eventsOf(id)).length).toBe(before);
    });

    it('moved to another category, records the edit', async () => {
      const id = await recordOldVessel('9100010');
      const response = await send('PUT', `/api/vessels/${id}`, { ...form, imoNumber: '9100010', medicalCategory: 'B' });
      expect(response.statusCode).toBe(200);
      const events = await eventsOf(id);
      expect(events.map((e) => e.type)).toEqual(['VesselCreated', 'VesselUpdated']);
      expect(await shown(id)).toEqual({ ...DEFAULTS, medicalCategory: 'B' });
    });
  });

  const badInputs: [string, Record<string, unknown>, string, string][] = [
    ['an unknown category', { medicalCategory: 'D' }, 'medicalCategory', 'Please select a valid medical category'],
    ['a lowercase category', { medicalCategory: 'b' }, 'medicalCategory', 'Please select a valid medical category'],
    ['a category that is a number', { medicalCategory: 1 }, 'medicalCategory', 'Please select a valid medical category'],
    ['women on board as text', { womenOnBoard: 'yes' }, 'womenOnBoard', 'Women on board must be yes or no'],
    ['women on board as "true"', { womenOnBoard: 'true' }, 'womenOnBoard', 'Women on board must be yes or no'],
    ['dangerous goods as a number', { carriesDangerousGoods: 1 }, 'carriesDangerousGoods', 'Dangerous goods must be yes or no'],
    ['dangerous goods null', { carriesDangerousGoods: null }, 'carriesDangerousGoods', 'Dangerous goods must be yes or no'],
  ];

  it.each(badInputs)('POST with %s answers 400 with the field message and appends nothing', async (_name, change, field, message) => {
    const before = (await t.allEvents()).length;
    const response = await send('POST', '/api/vessels', { ...form, imoNumber: '9100011', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
    expect((await t.allEvents()).length).toBe(before);
  });

  it.each(badInputs)('PUT with %s answers 400 with the field message, appends nothing and leaves the vessel as it was', async (_name, change, field, message) => {
    const profile = { medicalCategory: 'C', womenOnBoard: true, carriesDangerousGoods: false };
    const created = await create({ ...form, imoNumber: `91002${badInputs.findIndex(([, c]) => c === change)}0`, ...profile });
    const before = (await t.allEvents()).length;
    const response = await send('PUT', `/api/vessels/${created.id}`, { ...form, imoNumber: created.imoNumber as string, ...profile, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
    expect((await t.allEvents()).length).toBe(before);
    expect(await shown(created.id)).toEqual(profile);
  });
});
