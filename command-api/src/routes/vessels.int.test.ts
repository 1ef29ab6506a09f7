import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let manager: string;
let captain: string;
let pending: string;

const form = {
  vesselName: 'Nordic Aurora',
  imoNumber: '9074729',
  flagState: 'PANAMA',
  crewSizeCategory: 24,
  contactName: 'Erik Halvorsen',
  contactPhone: '+47 22 41 18 90',
  contactEmail: 'master@nordic.example',
  fleet: 'North Atlantic Fleet',
  ownershipCompany: 'Nordhavn Shipping AS',
  ownershipContactEmail: 'ops@nordhavn.example',
  vesselType: 'BULK_CARRIER',
  onboardingDate: '2024-01-15',
  contractEndDate: '2027-01-14',
};

beforeAll(async () => {
  t = await startTestApp('api_vessels');
  ({ manager, captain, pending } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createVessel(overrides: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/vessels', manager, { ...form, ...overrides });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string } & Record<string, unknown>;
}

describe('vessels API', () => {
  it('creates a vessel: 201 with the vessel, and the list shows it on the very next request', async () => {
    const created = await createVessel({ imoNumber: '9345128' });
    expect(created).toMatchObject({ ...form, imoNumber: '9345128' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await send('GET', '/api/vessels', manager);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: string }[]).map((v) => v.id)).toContain(created.id);

    const one = await send('GET', `/api/vessels/${created.id}`, manager);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: created.id, vesselName: 'Nordic Aurora', imoNumber: '9345128' });
  });

  it('records VesselCreated with version and metadata (acting user, request id, time), and answers its log position', async () => {
    const response = await send('POST', '/api/vessels', manager, { ...form, imoNumber: '9412878' });
    expect(response.statusCode).toBe(201);
    const created = response.json() as { id: string };
    const events = (await t.allEvents()).filter((e) => e.streamId === `vessel-${created.id}`);
    expect(response.headers['x-medchest-log-position']).toBe(`${events[0].position.commit}.${events[0].position.event}`);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.type).toBe('VesselCreated');
    expect(event.version).toBe(1);
    const me = (await send('GET', '/api/auth/user', manager)).json() as { id: string };
    expect(event.metadata.userId).toBe(me.id);
    expect(event.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(event.metadata.occurredAt)).toBeLessThan(60_000);
  });

  it('omits empty optional fields and answers them as null', async () => {
    const response = await send('POST', '/api/vessels', manager, {
      vesselName: 'Bare Minimum',
      imoNumber: '9523067',
      flagState: 'IMGS',
      crewSizeCategory: '12',
      contactEmail: '',
      vesselType: '',
      fleet: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ crewSizeCategory: 12, contactEmail: null, vesselType: null, fleet: null });
  });

  it('edits a vessel: PUT answers the updated vessel and the next GET shows it', async () => {
    const created = await createVessel({ imoNumber: '9188740' });
    const response = await send('PUT', `/api/vessels/${created.id}`, manager, { ...form, imoNumber: '9188740', crewSizeCategory: 31, vesselName: 'Nordic Borealis' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, crewSizeCategory: 31, vesselName: 'Nordic Borealis' });
    const one = await send('GET', `/api/vessels/${created.id}`, manager);
    expect(one.json()).toMatchObject({ crewSizeCategory: 31, vesselName: 'Nordic Borealis' });
  });

  it('saving an unchanged form records nothing', async () => {
    const created = await createVessel({ imoNumber: '9624512' });
    const before = (await t.allEvents()).length;
    const response = await send('PUT', `/api/vessels/${created.id}`, manager, { ...form, imoNumber: '9624512' });
    expect(response.statusCode).toBe(200);
    expect((await t.allEvents()).length).toBe(before);
  });

  it('deletes a vessel: it is gone from the list and its page answers 404', async () => {
    const created = await createVessel({ imoNumber: '9277307' });
    const response = await send('DELETE', `/api/vessels/${created.id}`, manager);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Vessel deleted successfully' });
    const list = (await send('GET', '/api/vessels', manager)).json() as { id: string }[];
    expect(list.map((v) => v.id)).not.toContain(created.id);
    const one = await send('GET', `/api/vessels/${created.id}`, manager);
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ message: 'Vessel not found' });
    const again = await send('DELETE', `/api/vessels/${created.id}`, manager);
    expect(again.statusCode).toBe(404);
  });

  it.each([
    ['GET', 'an unknown id', '/api/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11'],
    ['GET', 'an id that is not a UUID', '/api/vessels/not-a-uuid'],
    ['PUT', 'an unknown id', '/api/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11'],
    ['PUT', 'an id that is not a UUID', '/api/vessels/123'],
    ['DELETE', 'an unknown id', '/api/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11'],
    ['DELETE', 'an id that is not a UUID', '/api/vessels/123'],
  ] as const)('%s with %s answers 404 "Vessel not found"', async (method, _what, url) => {
    const response = await send(method, url, manager, method === 'PUT' ? form : undefined);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Vessel not found' });
  });

  it('refuses a second live vessel with the same IMO number: 409 on the IMO field, nothing appended', async () => {
    await createVessel({ imoNumber: '9730622' });
    const before = (await t.allEvents()).length;
    const response = await send('POST', '/api/vessels', manager, { ...form, vesselName: 'Copycat', imoNumber: '9730622' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'A vessel with IMO number 9730622 already exists',
      fieldErrors: { imoNumber: 'A vessel with IMO number 9730622 already exists' },
    });
    expect((await t.allEvents()).length).toBe(before);
  });

  it('refuses an edit that takes another vessel\'s IMO number, allows keeping its own', async () => {
    await createVessel({ imoNumber: '9088160' });
    const other = await createVessel({ imoNumber: '9566435' });
    const clash = await send('PUT', `/api/vessels/${other.id}`, manager, { ...form, imoNumber: '9088160' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ imoNumber: 'A vessel with IMO number 9088160 already exists' });
    const own = await send('PUT', `/api/vessels/${other.id}`, manager, { ...form, imoNumber: '9566435', crewSizeCategory: 40 });
    expect(own.statusCode).toBe(200);
  });

  it('frees the IMO number of a deleted vessel', async () => {
    const created = await createVessel({ imoNumber: '9311971' });
    await send('DELETE', `/api/vessels/${created.id}`, manager);
    await createVessel({ imoNumber: '9311971' });
  });

  describe('IMO numbers stay unique under concurrency', () => {
    const taken = (imo: string) => ({
      message: `A vessel with IMO number ${imo} already exists`,
      fieldErrors: { imoNumber: `A vessel with IMO number ${imo} already exists` },
    });
    const liveWithImo = async (imo: string) =>
      ((await send('GET', '/api/vessels', manager)).json() as { imoNumber: string }[]).filter((v) => v.imoNumber === imo);
    /** What a command that stopped half-way (a crash) leaves behind: a claim and nothing else. */
    const strandedClaim = (imo: string, vesselId: string, occurredAt: Date) =>
      t.store.appendToStream(
        `vessel-imo-${imo}`,
        [{ type: 'VesselImoClaimed', version: 2, data: { imoNumber: imo, vesselId, claimedAt: occurredAt.toISOString() }, metadata: { userId: null, correlationId: 'crash', occurredAt: occurredAt.toISOString() } }],
        { expected: 'any' },
      );

    it('six parallel creates with one IMO number: exactly one 201, five 409 on the IMO field', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => send('POST', '/api/vessels', manager, { ...form, vesselName: `Racer ${i}`, imoNumber: '9398553' })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) expect(refused.json()).toEqual(taken('9398553'));
      expect(await liveWithImo('9398553')).toHaveLength(1);
      const created = (await t.allEvents()).filter((e) => e.type === 'VesselCreated' && (e.data as { details: { imoNumber: string } }).details.imoNumber === '9398553');
      expect(created).toHaveLength(1);
    });

    it('two parallel edits moving two vessels onto one IMO number: one is saved, the other gets 409', async () => {
      const a = await createVessel({ imoNumber: '9401881' });
      const b = await createVessel({ imoNumber: '9401893' });
      const [ra, rb] = await Promise.all([
        send('PUT', `/api/vessels/${a.id}`, manager, { ...form, imoNumber: '9402055' }),
        send('PUT', `/api/vessels/${b.id}`, manager, { ...form, imoNumber: '9402055' }),
      ]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
      expect(await liveWithImo('9402055')).toHaveLength(1);
      // The loser keeps its own number, still held against others.
      const loser = ra.statusCode === 409 ? a : b;
      expect((await send('GET', `/api/vessels/${loser.id}`, manager)).json().imoNumber).toBe(loser.imoNumber);
      expect((await send('POST', '/api/vessels', manager, { ...form, imoNumber: loser.imoNumber })).statusCode).toBe(409);
    });

    it('changing a vessel\'s IMO number frees the old one and holds the new one; the activity feed shows only the vessel changes', async () => {
      const vessel = await createVessel({ imoNumber: '9415301' });
      const moved = await send('PUT', `/api/vessels/${vessel.id}`, manager, { ...form, imoNumber: '9415313' });
      expect(moved.statusCode).toBe(200);
      expect((await send('POST', '/api/vessels', manager, { ...form, imoNumber: '9415313' })).json()).toEqual(taken('9415313'));
      const reuse = await send('POST', '/api/vessels', manager, { ...form, vesselName: 'Second Owner', imoNumber: '9415301' });
      expect(reuse.statusCode).toBe(201);
      // Moving back onto a number another vessel now holds is refused.
      expect((await send('PUT', `/api/vessels/${vessel.id}`, manager, { ...form, imoNumber: '9415301' })).statusCode).toBe(409);

      const feed = (await send('GET', '/api/dashboard/all-activities?limit=500', manager)).json() as { vesselId: string; activityType: string }[];
      expect(feed.filter((a) => a.vesselId === vessel.id).map((a) => a.activityType)).toEqual(['vessel_updated', 'vessel_created']);
    });

    it('a deleted vessel\'s IMO number can be used again, by exactly one of several parallel creates', async () => {
      const first = await createVessel({ imoNumber: '9420588' });
      expect((await send('DELETE', `/api/vessels/${first.id}`, manager)).statusCode).toBe(200);
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => send('POST', '/api/vessels', manager, { ...form, imoNumber: '9420588' })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      expect(await liveWithImo('9420588')).toHaveLength(1);
    });

    it('a claim left by a create that never happened holds for a few minutes (the create may still be under way), then lapses', async () => {
      await strandedClaim('9431006', randomUUID(), new Date());
      expect((await send('POST', '/api/vessels', manager, { ...form, imoNumber: '9431006' })).json()).toEqual(taken('9431006'));

      await strandedClaim('9431018', randomUUID(), new Date(Date.now() - 10 * 60_000));
      expect((await send('POST', '/api/vessels', manager, { ...form, imoNumber: '9431018' })).statusCode).toBe(201);
    });

    it('a claim held by a vessel deleted before it released the claim (a crash) counts as free', async () => {
      const vessel = await createVessel({ imoNumber: '9445887' });
      await t.store.appendToStream(
        `vessel-${vessel.id}`,
        [{ type: 'VesselDeleted', version: 1, data: { vesselId: vessel.id, vesselName: 'Nordic Aurora' }, metadata: { userId: null, correlationId: 'crash', occurredAt: new Date().toISOString() } }],
        { expected: 'any' },
      );
      expect((await send('POST', '/api/vessels', manager, { ...form, imoNumber: '9445887' })).statusCode).toBe(201);
    });
  });

  const long = (n: number) => 'a'.repeat(n);
  const emailOfLength = (n: number) => `${'m'.repeat(n - '@example.com'.length)}@example.com`;
  const badInputs: [string, Record<string, unknown>, string, string][] = [
    ['vessel name missing', { vesselName: undefined }, 'vesselName', 'Vessel name is required'],
    ['vessel name blank', { vesselName: '   ' }, 'vesselName', 'Vessel name is required'],
    ['vessel name too long', { vesselName: long(256) }, 'vesselName', 'Vessel name must not exceed 255 characters'],
    ['IMO too short', { imoNumber: '907472' }, 'imoNumber', 'IMO number must be at least 7 characters'],
    ['IMO too long', { imoNumber: '9'.repeat(21) }, 'imoNumber', 'IMO number must not exceed 20 characters'],
    ['IMO lowercase', { imoNumber: 'imo9074729' }, 'imoNumber', 'IMO number must contain only uppercase letters and numbers'],
    ['flag state unknown', { flagState: 'FRANCE' }, 'flagState', 'Please select a valid flag state'],
    ['crew size 0', { crewSizeCategory: 0 }, 'crewSizeCategory', 'Crew size must be at least 1'],
    ['crew size 1001', { crewSizeCategory: 1001 }, 'crewSizeCategory', 'Crew size must not exceed 1000'],
    ['contact name too long', { contactName: long(256) }, 'contactName', 'Contact name must not exceed 255 characters'],
    ['phone too long', { contactPhone: '1'.repeat(21) }, 'contactPhone', 'Phone number must not exceed 20 characters'],
    ['phone with letters', { contactPhone: 'call me' }, 'contactPhone', 'Phone number contains invalid characters'],
    ['contact email invalid', { contactEmail: 'nope' }, 'contactEmail', 'Please enter a valid email address'],
    ['contact email too long', { contactEmail: emailOfLength(256) }, 'contactEmail', 'Email must not exceed 255 characters'],
    ['fleet too long', { fleet: long(256) }, 'fleet', 'Fleet name must not exceed 255 characters'],
    ['company too long', { ownershipCompany: long(256) }, 'ownershipCompany', 'Company name must not exceed 255 characters'],
    ['ownership email invalid', { ownershipContactEmail: 'ops@' }, 'ownershipContactEmail', 'Please enter a valid email address'],
    ['ownership email too long', { ownershipContactEmail: emailOfLength(256) }, 'ownershipContactEmail', 'Email must not exceed 255 characters'],
    ['vessel type unknown', { vesselType: 'SUBMARINE' }, 'vesselType', 'Please select a valid vessel type'],
    ['contract end before onboarding', { onboardingDate: '2025-06-01', contractEndDate: '2025-05-01' }, 'contractEndDate', 'Contract end date must be after onboarding date'],
  ];

  describe.each(['POST', 'PUT'] as const)('%s with a bad field', (method) => {
    let target: string;
    beforeAll(async () => {
      target = method === 'POST' ? '/api/vessels' : `/api/vessels/${(await createVessel({ imoNumber: method === 'PUT' ? '9488255' : '9643702' })).id}`;
    });

    it.each(badInputs)('%s → 400 "%s" on %s, nothing appended', async (_name, change, field, message) => {
      const before = (await t.allEvents()).length;
      const response = await send(method, target, manager, { ...form, imoNumber: '9779410', ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
      expect((await t.allEvents()).length).toBe(before);
    });
  });

  it('answers every field message at once, the first as the message', async () => {
    const response = await send('POST', '/api/vessels', manager, { vesselName: '', imoNumber: 'x', flagState: 'X', crewSizeCategory: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Vessel name is required',
      fieldErrors: {
        vesselName: 'Vessel name is required',
        imoNumber: 'IMO number must be at least 7 characters',
        flagState: 'Please select a valid flag state',
        crewSizeCategory: 'Crew size must be at least 1',
      },
    });
  });

  it('treats a missing or non-object body as an empty form', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/vessels', headers: { cookie: manager } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.vesselName).toBe('Vessel name is required');
  });

  it('answers malformed JSON with a 400 JSON message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vessels',
      headers: { cookie: manager, 'content-type': 'application/json' },
      payload: '{"vesselName":',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });

  const routes = [
    ['GET', '/api/vessels'],
    ['GET', '/api/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11'],
    ['POST', '/api/vessels'],
    ['PUT', '/api/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11'],
    ['DELETE', '/api/vessels/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11'],
  ] as const;

  it.each(routes)('%s %s answers 401 {"message":"Unauthorized"} when logged out', async (method, url) => {
    const response = await send(method, url, undefined, method === 'POST' || method === 'PUT' ? form : undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
  });

  it.each(routes)('%s %s answers 403 to a captain and to a pending account, appending nothing', async (method, url) => {
    const before = (await t.allEvents()).length;
    for (const cookie of [captain, pending]) {
      const response = await send(method, url, cookie, method === 'POST' || method === 'PUT' ? { ...form, imoNumber: '9255048' } : undefined);
      expect(response.statusCode).toBe(403);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await t.allEvents()).length).toBe(before);
  });
});
