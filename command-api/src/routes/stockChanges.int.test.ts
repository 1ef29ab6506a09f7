import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * Issue 16, point 1: no stock change is lost. Over real HTTP (the app listening on a port, 50
 * clients at once) against PostgreSQL: usage is a difference that never conflicts; an absolute
 * count carries the version it was read at and a stale one answers 409 with the batch as it is now.
 */

let t: TestApp;
let manager: string;
let base: string;

beforeAll(async () => {
  t = await startTestApp('api_stock_changes');
  ({ manager } = await t.sessionsForEveryRole());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
});

type Batch = { id: string; quantityOnBoard: number; version: number };

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { cookie: manager, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A vessel of its own with one batch of `quantity` units of IMGS01. */
async function batchOf(quantity: number): Promise<{ vesselId: string; batch: Batch }> {
  const vesselId = await t.createVessel(manager);
  const imported = await call('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, {
    fileName: 'chest.csv',
    items: [{ scaleId: 'IMGS01', productName: 'Paracetamol 500', quantityOnBoard: quantity, batchNumber: 1, expiryDate: '2030-01-31' }],
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const [batch] = (await call('GET', `/api/vessels/${vesselId}/inventory`)).body as Batch[];
  return { vesselId, batch };
}

const streamOf = async (vesselId: string) => (await t.allEvents()).filter((e) => e.streamId === `inventory-${vesselId}`);
const usage = (quantityUsed: number, extra: object = {}) => ({ quantityUsed, reason: 'Headache', usageDate: '2026-01-15', ...extra });

describe('usage recorded on a batch', () => {
  it('50 clients each recording a usage of 1 on a batch of 1000 at once: all recorded, 950 left, 50 events', async () => {
    const { vesselId, batch } = await batchOf(1000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', `/api/vessels/${vesselId}/inventory/${batch.id}/usage`, usage(1, { crewMemberName: `Crew ${i}` }))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    // Each answer is the batch as its own usage left it: 999 down to 950, each figure once.
    expect(answers.map((a) => a.body.quantityOnBoard).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => 950 + i));

    const [after] = (await call('GET', `/api/vessels/${vesselId}/inventory`)).body as Batch[];
    expect(after.quantityOnBoard).toBe(950);
    const used = (await streamOf(vesselId)).filter((e) => e.type === 'BatchUsageRecorded');
    expect(used).toHaveLength(50);
    expect(new Set(used.map((e) => (e.data as { crewMemberName: string }).crewMemberName)).size).toBe(50);
    expect(after.version).toBe(Number(used.at(-1)!.revision));
  }, 60_000);

  it('refuses more than is on board with a clear 400 on quantityUsed, appending nothing', async () => {
    const { vesselId, batch } = await batchOf(5);
    const before = (await streamOf(vesselId)).length;
    const refused = await call('POST', `/api/vessels/${vesselId}/inventory/${batch.id}/usage`, usage(6));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'Quantity used cannot be more than the 5 on board',
      fieldErrors: { quantityUsed: 'Quantity used cannot be more than the 5 on board' },
    });
    expect((await streamOf(vesselId)).length).toBe(before);
    // Everything on board may be used: down to 0, never below.
    expect((await call('POST', `/api/vessels/${vesselId}/inventory/${batch.id}/usage`, usage(5))).body.quantityOnBoard).toBe(0);
    expect((await call('POST', `/api/vessels/${vesselId}/inventory/${batch.id}/usage`, usage(1))).status).toBe(400);
  });

  it.each([
    [{ reason: 'Headache', usageDate: '2026-01-15' }, 'quantityUsed', 'Quantity used is required'],
    [usage(0), 'quantityUsed', 'Quantity used must be at least 1'],
    [usage(1.5), 'quantityUsed', 'Quantity used must be a whole number'],
    [usage(1, { reason: '  ' }), 'reason', 'Reason is required'],
    [usage(1, { usageDate: '2026-02-30' }), 'usageDate', 'Please enter a valid usage date'],
    [usage(1, { usageDate: '2099-01-01' }), 'usageDate', 'Usage date cannot be in the future'],
  ])('answers 400 for %j, naming the field, appending nothing', async (body, field, message) => {
    const { vesselId, batch } = await batchOf(10);
    const before = (await streamOf(vesselId)).length;
    const refused = await call('POST', `/api/vessels/${vesselId}/inventory/${batch.id}/usage`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors[field]).toBe(message);
    expect((await streamOf(vesselId)).length).toBe(before);
  });

  it('shows in the activity log as usage_tracked with quantityUsed, reason and quantityRemaining, and in the vessel history', async () => {
    const { vesselId, batch } = await batchOf(30);
    const recorded = await call('POST', `/api/vessels/${vesselId}/inventory/${batch.id}/usage`, usage(4, { reason: 'Burn dressing', crewMemberName: 'J. Smith' }));
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ id: batch.id, quantityOnBoard: 26 });

    const activity = await call('GET', `/api/dashboard/all-activities?vesselId=${vesselId}&limit=50`);
    expect(activity.status).toBe(200);
    const lines = activity.body as {
      activityType: string;
      description: string;
      metadata: Record<string, unknown>;
    }[];
    const line = lines.find((l) => l.activityType === 'usage_tracked');
    expect(line).toBeDefined();
    expect(line!.metadata).toMatchObject({ quantityUsed: 4, reason: 'Burn dressing', quantityRemaining: 26, crewMemberName: 'J. Smith', usageDate: '2026-01-15' });
    expect(line!.description).toBe('4 of IMGS01 batch 1 used by J. Smith (Burn dressing); 26 remaining');

    const history = await call('GET', `/api/vessels/${vesselId}/history`);
    expect(history.status).toBe(200);
    const entry = (history.body as { type: string; summary: string; changes: object[] }[]).find((e) => e.type === 'BatchUsageRecorded');
    expect(entry).toMatchObject({
      summary: 'IMGS01 batch 1: 4 used on 2026-01-15 by J. Smith (Burn dressing)',
      changes: [{ field: 'IMGS01 batch 1 quantity', before: 30, after: 26 }],
    });
  });
});

describe('an absolute count with the version it was read at', () => {
  it('50 counts sent at the same version: exactly one 200, 49 × 409 with the quantity and version now on record', async () => {
    const { vesselId, batch } = await batchOf(1000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, { quantityOnBoard: 900 + i, reason: 'count', version: batch.version }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const stale = answers.filter((a) => a.status === 409);
    expect(ok).toHaveLength(1);
    expect(stale).toHaveLength(49);
    const winner = ok[0].body as Batch;
    expect(winner.version).toBeGreaterThan(batch.version);
    for (const answer of stale) {
      expect(answer.body.batch).toEqual({ id: batch.id, quantityOnBoard: winner.quantityOnBoard, version: winner.version });
      expect(answer.body.message).toBe(
        `This batch was changed by someone else while you were editing: it now has ${winner.quantityOnBoard} on board. Check the new quantity and enter your change again.`,
      );
    }
    expect((await streamOf(vesselId)).filter((e) => e.type === 'BatchAdjusted')).toHaveLength(1);

    // Redone against the figure now on record, the count is taken.
    const redo = await call('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, { quantityOnBoard: 880, version: winner.version });
    expect(redo.status).toBe(200);
    expect(redo.body).toMatchObject({ quantityOnBoard: 880 });
  }, 60_000);

  it('a usage recorded meanwhile makes an earlier-read count stale; a usage never is', async () => {
    const { vesselId, batch } = await batchOf(20);
    expect((await call('POST', `/api/vessels/${vesselId}/inventory/${batch.id}/usage`, usage(2))).status).toBe(201);
    const stale = await call('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, { quantityOnBoard: 15, version: batch.version });
    expect(stale.status).toBe(409);
    expect(stale.body.batch).toMatchObject({ quantityOnBoard: 18 });
    expect((await streamOf(vesselId)).filter((e) => e.type === 'BatchAdjusted')).toHaveLength(0);
  });

  it('records a count equal to the figure on record, sent with a reason, as a stock-take; without a reason, nothing', async () => {
    const { vesselId, batch } = await batchOf(12);
    const confirmed = await call('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, { quantityOnBoard: 12, reason: 'count', version: batch.version });
    expect(confirmed.status).toBe(200);
    const adjusted = (await streamOf(vesselId)).filter((e) => e.type === 'BatchAdjusted');
    expect(adjusted.map((e) => e.data)).toEqual([
      expect.objectContaining({ previousQuantity: 12, newQuantity: 12, reason: 'count' }),
    ]);
    expect(confirmed.body.version).toBe(Number(adjusted[0].revision));

    const unchanged = await call('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, { quantityOnBoard: 12, version: confirmed.body.version });
    expect(unchanged.status).toBe(200);
    expect((await streamOf(vesselId)).filter((e) => e.type === 'BatchAdjusted')).toHaveLength(1);
  });

  it('answers 400 for a version that is not a whole number', async () => {
    const { vesselId, batch } = await batchOf(12);
    const refused = await call('PATCH', `/api/vessels/${vesselId}/inventory/${batch.id}`, { quantityOnBoard: 3, version: 'latest' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ version: 'Version must be the batch version last read' });
  });
});
