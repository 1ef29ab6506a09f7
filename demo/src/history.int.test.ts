import { ALL_VESSELS, vesselStatus, type ItemStatus, type VesselStatus } from '@medchest/domain';
import { listVessels } from '@medchest/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@medchest/command-api/testing/harness';
import { addDays } from './fleet';
import { HISTORY_DAYS, RECOVERED_DELIVERED_DAYS_AGO, RECOVERED_EXPIRED_DAYS_AGO, RECOVERED_VESSEL_IMO } from './history/plan';
import { demoVesselId, seedDemo, seedDemoPeople } from './seed';

/**
 * The demo's past (issue 13, "a demo with a past"), over HTTP as the auditor and the fleet
 * manager see it: "as of" any day of the year on every demo vessel, a history that verifies, and
 * the vessel that went Critical and recovered.
 */

let t: TestApp;
const today = '2026-03-10';
let manager: string;
let harbour: string;
let seededAt: number;

beforeAll(async () => {
  // The app's clock on the seeding day, so "today" and "as of" are the days the demo was built for.
  t = await startTestApp('demo_history', { now: () => new Date(`${today}T12:00:00Z`) });
  seededAt = Date.now();
  await seedDemo(t.deps, { today });
  await seedDemoPeople(t.deps, { today });
  manager = await t.login('demo@medchest.example', 'medchest-demo');
  harbour = await t.login('harbour@medchest.example', 'medchest-harbour');
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

interface Row {
  scaleId: string;
  actualQuantity: number;
  complianceStatus: ItemStatus;
  expiringSoon: boolean;
}

/** The chest status of a vessel on a day, from the volume requirements the API answers for it. */
async function statusOn(vesselId: string, day: string | undefined, cookie = manager): Promise<VesselStatus> {
  const response = await get(`/api/vessels/${vesselId}/volume-requirements${day ? `?asOf=${day}` : ''}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json() as Row[];
  return vesselStatus(rows.map((r) => ({ status: r.complianceStatus, expiringSoonBatches: r.expiringSoon ? [r] : [] })));
}

describe('the demo with a past', () => {
  it('answers the chest as of any day of the past year on every demo vessel (and the day before the first joined: not in the fleet)', async () => {
    const vessels = [
      ...(await listVessels(t.db, ALL_VESSELS)).filter((v) => v.fleet !== 'Harbour Lines Fleet').map((v) => ({ id: v.id, cookie: manager })),
      ...(await listVessels(t.db, ALL_VESSELS)).filter((v) => v.fleet === 'Harbour Lines Fleet').map((v) => ({ id: v.id, cookie: harbour })),
    ];
    expect(vessels).toHaveLength(33);
    const days = [365, 330, 270, 182, 120, 60, 1].map((n) => addDays(today, -n));
    for (const { id, cookie } of vessels) {
      for (const day of days) {
        const response = await get(`/api/vessels/${id}/volume-requirements?asOf=${day}`, cookie);
        expect(response.statusCode, `${id} as of ${day}: ${response.body}`).toBe(200);
        expect((response.json() as Row[]).length).toBeGreaterThan(0);
      }
    }
    const before = addDays(today, -HISTORY_DAYS - 1);
    const response = await get(`/api/vessels/${vessels[0].id}/volume-requirements?asOf=${before}`, manager);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: `This vessel was not in the fleet on ${before}` });
  });

  it('shows each demo chest changing over the year: six months back is not today on most vessels', async () => {
    const sixMonthsBack = addDays(today, -182);
    let differing = 0;
    const vessels = (await listVessels(t.db, ALL_VESSELS)).filter((v) => v.fleet !== 'Harbour Lines Fleet');
    for (const v of vessels) {
      const then = (await get(`/api/vessels/${v.id}/volume-requirements?asOf=${sixMonthsBack}`, manager)).json() as Row[];
      const now = (await get(`/api/vessels/${v.id}/volume-requirements`, manager)).json() as Row[];
      const quantities = (rows: Row[]) => rows.map((r) => `${r.scaleId}:${r.actualQuantity}`).join(',');
      if (quantities(then) !== quantities(now)) differing++;
    }
    expect(differing).toBeGreaterThan(vessels.length / 2);
  });

  it('verifies the history of every demo vessel, unbroken since the day it joined', async () => {
    const events = await t.allEvents();
    for (const v of await listVessels(t.db, ALL_VESSELS)) {
      const cookie = v.fleet === 'Harbour Lines Fleet' ? harbour : manager;
      const response = await get(`/api/vessels/${v.id}/history/verify`, cookie);
      expect(response.statusCode).toBe(200);
      const verification = response.json() as { verified: boolean; events: number; since: string; firstBroken: unknown };
      expect(verification, v.vesselName).toMatchObject({ verified: true, firstBroken: null });
      // Every event of its vessel, inventory and order streams is checked.
      const own = events.filter((e) => [`vessel-${v.id}`, `inventory-${v.id}`].includes(e.streamId) || (e.streamId.startsWith('order-') && (e.data as { vesselId?: string }).vesselId === v.id));
      expect(verification.events, v.vesselName).toBeGreaterThanOrEqual(own.length);
      expect(verification.since.slice(0, 10) <= addDays(today, -HISTORY_DAYS + 5)).toBe(true);
    }
  });

  it('Polar Navigator went Critical about six months ago, when a medicine expired with nothing to replace it, and is Compliant now', async () => {
    const vesselId = demoVesselId(RECOVERED_VESSEL_IMO);
    expect(await statusOn(vesselId, undefined)).toBe('Compliant');
    expect(await statusOn(vesselId, addDays(today, -182))).toBe('Critical');
    // Critical from the day after the expiry until the day the replacement came on board.
    expect(await statusOn(vesselId, addDays(today, -RECOVERED_EXPIRED_DAYS_AGO + 1))).toBe('Critical');
    expect(await statusOn(vesselId, addDays(today, -RECOVERED_EXPIRED_DAYS_AGO))).not.toBe('Critical');
    expect(await statusOn(vesselId, addDays(today, -RECOVERED_DELIVERED_DAYS_AGO - 1))).toBe('Critical');
    expect(await statusOn(vesselId, addDays(today, -RECOVERED_DELIVERED_DAYS_AGO))).not.toBe('Critical');

    // The timeline tells it: the order delivered in between, on its business date.
    const window = `from=${addDays(today, -RECOVERED_EXPIRED_DAYS_AGO)}&to=${addDays(today, -RECOVERED_DELIVERED_DAYS_AGO)}`;
    const history = await get(`/api/vessels/${vesselId}/history?type=OrderItemsReceived&${window}`, manager);
    expect(history.statusCode).toBe(200);
    const entries = history.json() as { occurredAt: string }[];
    expect(entries).toHaveLength(1);
    expect(entries[0].occurredAt.slice(0, 10)).toBe(addDays(today, -RECOVERED_DELIVERED_DAYS_AGO));
  });

  it('dates every event by its business date, distinct from the day it was appended', async () => {
    const events = await t.allEvents();
    const occurred = events.map((e) => e.metadata.occurredAt.slice(0, 10));
    // The past spreads over the whole year; every event was appended by this test run.
    expect(occurred.reduce((a, b) => (a < b ? a : b))).toBe(addDays(today, -HISTORY_DAYS));
    expect(occurred.every((day) => day < today)).toBe(true);
    expect(new Set(occurred.map((day) => day.slice(0, 7))).size).toBeGreaterThanOrEqual(12);
    for (const e of events) expect(e.recordedAt.getTime()).toBeGreaterThanOrEqual(seededAt - 1000);
    // Each stream is in business-date order, which is what "as of" cuts it by.
    const byStream = new Map<string, string[]>();
    for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.metadata.occurredAt]);
    for (const [streamId, times] of byStream) expect(times, streamId).toEqual([...times].sort());
  });

  it('reports on a past period from that period: a compliance summary ending six months back shows Polar Navigator Critical', async () => {
    const vesselId = demoVesselId(RECOVERED_VESSEL_IMO);
    const to = addDays(today, -182);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generate',
      headers: { cookie: manager },
      payload: { reportType: 'compliance_summary', vesselIds: [vesselId], dateRange: 'custom', from: addDays(to, -30), to },
    });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json() as { data: { vessels: { vesselName: string; complianceStatus: VesselStatus }[] } };
    expect(report.data.vessels).toEqual([expect.objectContaining({ vesselName: 'Polar Navigator', complianceStatus: 'Critical' })]);
  });
});
