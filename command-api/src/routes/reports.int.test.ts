import { AUDIT_REPORT_NAME, compliancePercentage, isoToday } from '@medchest/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let manager: string;
let admin: string;
let captain: string;
let pending: string;

beforeAll(async () => {
  t = await startTestApp('api_reports');
  ({ manager, admin, captain, pending } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

const send: TestApp['send'] = (...args) => t.send(...args);

const addDays = (days: number) => isoToday(new Date(Date.now() + days * 86_400_000));

const createVessel = () => t.createVessel(manager, { flagState: 'LIBERIA', fleet: 'Audit Fleet' });

/**
 * Stock every required item of the vessel at its required quantity, expiring in 400 days; the
 * first `shortOf` items get one less than required (Low where the requirement is above 1), the last
 * `expiringSoon` items expire in 30 days instead.
 */
async function stock(vesselId: string, options: { shortOf?: number; expiringSoon?: number } = {}): Promise<void> {
  const rows = (await send('GET', `/api/vessels/${vesselId}/volume-requirements`, manager)).json() as {
    scaleId: string;
    requiredQuantity: number | null;
    complianceStatus: string;
  }[];
  const required = rows.filter((r) => r.requiredQuantity !== null && r.requiredQuantity > 0 && r.complianceStatus !== 'not_required');
  expect(required.length).toBeGreaterThan(10);
  const items = required.map((r, i) => {
    const quantity = Math.ceil(r.requiredQuantity!);
    const short = i < (options.shortOf ?? 0);
    const soon = i >= required.length - (options.expiringSoon ?? 0);
    return {
      scaleId: r.scaleId,
      quantityOnBoard: short ? Math.max(1, quantity - 1) : quantity,
      expiryDate: addDays(soon ? 30 : 400),
      batchNumber: 1,
    };
  });
  const imported = await send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, { fileName: 'audit.csv', items });
  expect(imported.statusCode).toBe(200);
  expect(imported.json()).toMatchObject({ errorCount: 0 });
}

type Report = {
  id: string;
  name: string;
  generatedAt: string;
  data: {
    reportType: string;
    generatedAt: string;
    summary: Record<string, number>;
    vessels: { id: string; complianceStatus: string; criticalItems: number; lowStockItems: number; expiringItems: number }[];
  };
};

describe('POST /api/reports/audit', () => {
  let compliantId: string;
  let expiringId: string;
  let lowId: string;
  let emptyId: string;

  beforeAll(async () => {
    [compliantId, expiringId, lowId, emptyId] = [await createVessel(), await createVessel(), await createVessel(), await createVessel()];
    await stock(compliantId);
    await stock(expiringId, { expiringSoon: 2 });
    await stock(lowId, { shortOf: 40 });
  });

  it('answers a report whose summary agrees with the dashboard stats and whose rows are the fleet compliance items', async () => {
    const stats = (await send('GET', '/api/dashboard/stats', manager)).json() as Record<string, number>;
    const fleet = (await send('GET', '/api/dashboard/fleet-compliance', manager)).json() as Record<string, unknown>[];
    const response = await send('POST', '/api/reports/audit', manager);
    expect(response.statusCode).toBe(201);
    const report = response.json() as Report;

    expect(report.name).toBe(AUDIT_REPORT_NAME);
    expect(report.data.reportType).toBe('audit');
    expect(report.data.generatedAt).toBe(report.generatedAt);
    expect(Math.abs(Date.parse(report.generatedAt) - Date.now())).toBeLessThan(60_000);
    expect(report.data.summary).toEqual({
      totalVessels: stats.totalVessels,
      compliantVessels: stats.compliantVessels,
      criticalAlerts: stats.criticalAlerts,
      expiringItems: stats.expiringItems,
      compliancePercentage: compliancePercentage(stats.compliantVessels, stats.totalVessels),
    });
    expect(report.data.vessels).toEqual(fleet);

    // The fleet this test made shows each status, so the figures are not trivially equal.
    const status = (id: string) => report.data.vessels.find((v) => v.id === id)?.complianceStatus;
    expect([status(compliantId), status(expiringId), status(lowId), status(emptyId)]).toEqual([
      'Compliant',
      'Expiring Soon',
      'Non-Compliant',
      'Critical',
    ]);
    expect(report.data.summary).toMatchObject({ totalVessels: 4, compliantVessels: 1, compliancePercentage: 25 });
    expect(report.data.summary.criticalAlerts).toBeGreaterThan(0);
    expect(report.data.summary.expiringItems).toBe(2);
  });

  it('records the generation as one AuditReportGenerated event on its own stream, by the caller', async () => {
    const before = (await t.allEvents()).length;
    const response = await send('POST', '/api/reports/audit', admin);
    expect(response.statusCode).toBe(201);
    const report = response.json() as Report;
    const events = (await t.allEvents()).slice(before);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.type).toBe('AuditReportGenerated');
    expect(event.streamId).toBe(`report-${report.id}`);
    expect(event.data).toEqual({
      reportId: report.id,
      name: report.name,
      generatedAt: report.generatedAt,
      summary: report.data.summary,
      vessels: report.data.vessels,
    });
    const me = (await send('GET', '/api/auth/user', admin)).json() as { id: string };
    expect(event.metadata.userId).toBe(me.id);
    expect(response.headers['x-medchest-log-position']).toBe(`${event.position.commit}.${event.position.event}`);
  });

  it('gives every generation a report of its own, and ignores whatever body is sent', async () => {
    const first = (await send('POST', '/api/reports/audit', manager, { reportType: 'nonsense', vesselIds: ['x'] })).json() as Report;
    const second = (await send('POST', '/api/reports/audit', manager)).json() as Report;
    expect(first.id).not.toBe(second.id);
    expect(first.data.summary).toEqual(second.data.summary);
  });

  it('answers 401 logged out and 403 for a captain or a pending account, and records nothing', async () => {
    const before = (await t.allEvents()).length;
    const loggedOut = await send('POST', '/api/reports/audit');
    expect(loggedOut.statusCode).toBe(401);
    expect(loggedOut.json()).toEqual({ message: 'Unauthorized' });
    expect((await send('POST', '/api/reports/audit', captain)).statusCode).toBe(403);
    const pendingAnswer = await send('POST', '/api/reports/audit', pending);
    expect(pendingAnswer.statusCode).toBe(403);
    expect(pendingAnswer.json().message).toMatch(/pending approval/i);
    expect((await t.allEvents()).length).toBe(before);
  });
});

describe('POST /api/reports/audit on an empty fleet', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await startTestApp('api_reports_empty');
  });
  afterAll(async () => {
    await empty?.close();
  });

  it('answers a report of no vessels at 0 %', async () => {
    await empty.createUser('solo@fleet.example', 'solo-pass', 'fleet_manager');
    const cookie = await empty.login('solo@fleet.example', 'solo-pass');
    const response = await empty.app.inject({ method: 'POST', url: '/api/reports/audit', headers: { cookie } });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Report).data).toMatchObject({
      summary: { totalVessels: 0, compliantVessels: 0, criticalAlerts: 0, expiringItems: 0, compliancePercentage: 0 },
      vessels: [],
    });
  });
});
