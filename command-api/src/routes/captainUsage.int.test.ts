import { isoToday } from '@medchest/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * Issue 12, usage (the medical log) from the captain portal: POST /api/captain/usage on the
 * session's own vessel. It lowers the stock, shows in the activity log as usage_tracked, never
 * takes a batch below zero, never reaches another vessel, and a re-sent entry counts once.
 */

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await startTestApp('api_captain_usage');
  ({ manager } = await t.sessionsForEveryRole());
});

afterAll(async () => {
  await t?.close();
});

type Batch = { id: string; quantityOnBoard: number; version: number };

/** A vessel with one batch of `quantity` units of IMGS01, and its captain's session. */
async function vesselWithCaptain(quantity: number): Promise<{ vesselId: string; batch: Batch; captain: string }> {
  const vesselId = await t.createVessel(manager);
  const imported = await t.send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
    fileName: 'chest.csv',
    items: [{ scaleId: 'IMGS01', productName: 'Paracetamol 500', quantityOnBoard: quantity, batchNumber: 1, expiryDate: '2030-01-31' }],
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const [batch] = (await t.send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as Batch[];
  return { vesselId, batch, captain: await t.captainOf(vesselId) };
}

const streamOf = async (vesselId: string) => (await t.allEvents()).filter((e) => e.streamId === `inventory-${vesselId}`);
const entry = (batchId: string, quantityUsed: number, extra: object = {}) => ({
  batchId,
  quantityUsed,
  reason: 'Burn dressing',
  crewMemberName: 'J. Smith',
  usageDate: '2026-01-15',
  ...extra,
});

describe('POST /api/captain/usage', () => {
  it('lowers the stock of the captain’s vessel and shows as usage_tracked with quantityUsed, reason and quantityRemaining', async () => {
    const { vesselId, batch, captain } = await vesselWithCaptain(30);
    const recorded = await t.send('POST', '/api/captain/usage', captain, entry(batch.id, 4));
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ id: batch.id, quantityOnBoard: 26 });

    const [after] = (await t.send('GET', `/api/vessels/${vesselId}/inventory`, captain)).json() as Batch[];
    expect(after.quantityOnBoard).toBe(26);
    expect(after.version).toBeGreaterThan(batch.version);

    const used = (await streamOf(vesselId)).filter((e) => e.type === 'BatchUsageRecorded');
    expect(used.map((e) => e.data)).toEqual([
      expect.objectContaining({ batchId: batch.id, quantityUsed: 4, quantityRemaining: 26, reason: 'Burn dressing', crewMemberName: 'J. Smith', usageDate: '2026-01-15' }),
    ]);

    const activity = await t.send('GET', `/api/dashboard/all-activities?vesselId=${vesselId}&limit=50`, manager);
    const line = (activity.json() as { activityType: string; metadata: Record<string, unknown> }[]).find((l) => l.activityType === 'usage_tracked');
    expect(line?.metadata).toMatchObject({ quantityUsed: 4, reason: 'Burn dressing', quantityRemaining: 26 });

    // The chest is evaluated again: the requirement row counts what is left.
    const rows = (await t.send('GET', `/api/vessels/${vesselId}/volume-requirements`, captain)).json() as { scaleId: string; actualQuantity: number }[];
    expect(rows.find((row) => row.scaleId === 'IMGS01')?.actualQuantity).toBe(26);
  });

  it('refuses more than is on board with 400 on quantityUsed and appends nothing', async () => {
    const { vesselId, batch, captain } = await vesselWithCaptain(5);
    const before = (await streamOf(vesselId)).length;
    const refused = await t.send('POST', '/api/captain/usage', captain, entry(batch.id, 6));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Quantity used cannot be more than the 5 on board',
      fieldErrors: { quantityUsed: 'Quantity used cannot be more than the 5 on board' },
    });
    expect((await streamOf(vesselId)).length).toBe(before);
  });

  it('names every bad field at once, the batch included, and appends nothing', async () => {
    const { vesselId, captain } = await vesselWithCaptain(5);
    const before = (await streamOf(vesselId)).length;
    const refused = await t.send('POST', '/api/captain/usage', captain, { reason: ' ', usageDate: '2026-01-15' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      batchId: 'Please select the batch used',
      quantityUsed: 'Quantity used is required',
      reason: 'Reason is required',
    });
    expect((await streamOf(vesselId)).length).toBe(before);
  });

  it('does not reach a batch of another vessel: 404, nothing appended', async () => {
    const mine = await vesselWithCaptain(5);
    const other = await vesselWithCaptain(5);
    const before = (await t.allEvents()).length;
    const refused = await t.send('POST', '/api/captain/usage', mine.captain, entry(other.batch.id, 1));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Batch not found');
    expect((await t.allEvents()).length).toBe(before);
  });

  it('records an entry the device sends again (its answer lost) once, by its changeId', async () => {
    const { vesselId, batch, captain } = await vesselWithCaptain(5);
    const first = await t.send('POST', '/api/captain/usage', captain, entry(batch.id, 5, { changeId: 'device-change-1' }));
    const again = await t.send('POST', '/api/captain/usage', captain, entry(batch.id, 5, { changeId: 'device-change-1' }));
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toMatchObject({ id: batch.id, quantityOnBoard: 0 });
    expect((await streamOf(vesselId)).filter((e) => e.type === 'BatchUsageRecorded')).toHaveLength(1);
  });

  it('is the captain’s: a fleet manager is refused with 403', async () => {
    const { batch } = await vesselWithCaptain(5);
    expect((await t.send('POST', '/api/captain/usage', manager, entry(batch.id, 1))).statusCode).toBe(403);
  });
});

describe('GET /api/captain/usage/recent', () => {
  it('answers the vessel’s usage of the last 90 days, latest use first, and nothing of another vessel', async () => {
    const { batch, captain } = await vesselWithCaptain(50);
    const other = await vesselWithCaptain(50);
    expect((await t.send('GET', '/api/captain/usage/recent', captain)).json()).toEqual([]);

    const day = (daysAgo: number) => isoToday(new Date(Date.now() - daysAgo * 86_400_000));
    for (const [quantityUsed, usageDate, crewMemberName] of [
      [2, day(100), 'Too long ago'],
      [3, day(89), 'A. Bosun'],
      [4, day(0), ''],
    ] as const) {
      const recorded = await t.send('POST', '/api/captain/usage', captain, entry(batch.id, quantityUsed, { usageDate, crewMemberName }));
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    expect((await t.send('POST', '/api/captain/usage', other.captain, entry(other.batch.id, 7, { usageDate: day(1) }))).statusCode).toBe(201);

    const recent = await t.send('GET', '/api/captain/usage/recent', captain);
    expect(recent.statusCode).toBe(200);
    expect(recent.json()).toEqual([
      { id: expect.any(String), scaleId: 'IMGS01', quantityUsed: 4, reason: 'Burn dressing', crewMemberName: null, usageDate: day(0) },
      { id: expect.any(String), scaleId: 'IMGS01', quantityUsed: 3, reason: 'Burn dressing', crewMemberName: 'A. Bosun', usageDate: day(89) },
    ]);
  });
});
