import { FLAG_STATES, certificateBadge, isValidImoNumber, VESSEL_TYPES, contractEndTone } from '@medchest/domain';
import { listVessels } from '@medchest/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdForEmail } from '../ids';
import { startTestApp, type TestApp } from '../testing/harness';
import { DEMO_VESSEL_COUNT, demoVesselId, seedDemo } from './demo';

let t: TestApp;
const today = '2026-03-10';

beforeAll(async () => {
  t = await startTestApp('api_seed');
});

afterAll(async () => {
  await t?.close();
});

describe('demo seed', () => {
  it('seeds 31 vessels and two accounts as events, through the vessel and user commands', async () => {
    const report = await seedDemo(t.deps, { today });
    expect(report).toEqual({ usersCreated: 2, vesselsCreated: 31 });
    const events = await t.allEvents();
    expect(events.filter((e) => e.type === 'VesselCreated')).toHaveLength(31);
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(2);
    expect(events.every((e) => e.metadata.userId === null && e.metadata.correlationId.startsWith('seed-'))).toBe(true);
  });

  it('gives a realistic fleet: valid IMO numbers, several fleets and owners, every flag and type, crews 12-40', async () => {
    const vessels = await listVessels(t.db);
    expect(vessels).toHaveLength(DEMO_VESSEL_COUNT);
    for (const v of vessels) expect(isValidImoNumber(v.imoNumber), `${v.vesselName} ${v.imoNumber}`).toBe(true);
    expect(new Set(vessels.map((v) => v.imoNumber)).size).toBe(31);
    expect(new Set(vessels.map((v) => v.vesselName)).size).toBe(31);
    expect(new Set(vessels.map((v) => v.fleet)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(vessels.map((v) => v.ownershipCompany)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(vessels.map((v) => v.flagState))).toEqual(new Set(FLAG_STATES));
    expect(new Set(vessels.map((v) => v.vesselType))).toEqual(new Set(VESSEL_TYPES));
    const crews = vessels.map((v) => v.crewSizeCategory);
    expect(Math.min(...crews)).toBe(12);
    expect(Math.max(...crews)).toBe(40);
    for (const v of vessels) expect(v.id).toBe(demoVesselId(v.imoNumber));
  });

  it('spreads contract end dates so past, within-90-days and later colourings all appear', async () => {
    const vessels = await listVessels(t.db);
    const day = new Date(`${today}T00:00:00Z`);
    const tones = vessels.map((v) => contractEndTone(v.contractEndDate, day));
    expect(tones.filter((x) => x === 'past').length).toBeGreaterThanOrEqual(3);
    expect(tones.filter((x) => x === 'soon').length).toBeGreaterThanOrEqual(3);
    expect(tones.filter((x) => x === 'normal').length).toBeGreaterThanOrEqual(3);
    for (const v of vessels) {
      expect(v.onboardingDate).not.toBeNull();
      expect(v.onboardingDate! < v.contractEndDate!).toBe(true);
    }
  });

  it('records certificates so the dashboard shows every expiry badge: Expired, Critical, Expiring Soon, Active, Not Set', async () => {
    const vessels = await listVessels(t.db);
    const day = new Date(`${today}T00:00:00Z`);
    const badges = vessels.map((v) => certificateBadge(v.medicalChestCertificateExpiry, day).badge);
    for (const badge of ['Expired', 'Critical', 'Expiring Soon', 'Active', 'Not Set'] as const) {
      expect(badges.filter((b) => b === badge).length, badge).toBeGreaterThanOrEqual(2);
    }
    // Certificates are events like any other, and most of the fleet is in good standing.
    expect((await t.allEvents()).filter((e) => e.type === 'CertificateRecorded')).toHaveLength(28);
    expect(badges.filter((b) => b === 'Active').length).toBeGreaterThan(vessels.length / 2);
    for (const v of vessels.filter((x) => x.medicalChestCertificateExpiry)) expect(v.certificateIssuer).toBeTruthy();
  });

  it('is idempotent: a second run appends nothing, and a demo vessel a user deleted stays deleted', async () => {
    const [first] = await listVessels(t.db);
    const manager = await t.login('demo@medchest.example', 'medchest-demo');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/vessels/${first.id}`, headers: { cookie: manager } });
    expect(deleted.statusCode).toBe(200);
    const before = (await t.allEvents()).length;

    const report = await seedDemo(t.deps, { today: '2026-09-01' });
    expect(report).toEqual({ usersCreated: 0, vesselsCreated: 0 });
    expect((await t.allEvents()).length).toBe(before);
    expect(await listVessels(t.db)).toHaveLength(30);
  });

  it('stores a demo account\'s password again if it was registered but its credential never stored', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('DELETE FROM api_credentials WHERE user_id = $1', [userIdForEmail('demo@medchest.example')]);
    } finally {
      await client.end();
    }
    const login = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@medchest.example', password: 'medchest-demo' } });
    expect((await login()).statusCode).toBe(401);
    const before = (await t.allEvents()).length;
    expect(await seedDemo(t.deps, { today })).toEqual({ usersCreated: 0, vesselsCreated: 0 });
    expect((await t.allEvents()).length).toBe(before);
    expect((await login()).statusCode).toBe(200);
  });

  it('seeds the admin account, which can log in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@medchest.example', password: 'medchest-admin' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'admin', status: 'active' });
  });
});
