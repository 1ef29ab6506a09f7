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
import { seedDemo } from './seed';
import { addDays, demoCertificates } from './fleet';
import { startTestApp, type TestApp } from '@medchest/command-api/testing/harness';

let t: TestApp;
let manager: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp('demo_dashboard');
  await seedDemo(t.deps);
  await t.caughtUp();
  manager = await t.login('demo@medchest.example', 'medchest-demo');
  admin = await t.login('admin@medchest.example', 'medchest-admin');
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the dashboard over the demo fleet', () => {
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
    // The demo's year of history, the newest 50 by default: its last days, every one before today
    // (the business date of each line, not the day the seed ran), newest first.
    expect(items).toHaveLength(50);
    expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort().reverse());
    expect(items.every((i) => i.createdAt.slice(0, 10) < isoToday())).toBe(true);
    expect(items[0].createdAt.slice(0, 10) >= addDays(isoToday(), -7)).toBe(true);
    const five = await get('/api/dashboard/all-activities?limit=5', manager);
    expect(five.json()).toHaveLength(5);
  });
});
