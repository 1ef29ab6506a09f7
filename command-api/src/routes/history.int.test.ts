import { chainHash, type RecordedEvent } from '@medchest/eventstore';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * A vessel's history over HTTP: the timeline (what, who, when, before and after), its filters, and
 * Verify history, which must catch an event altered in the database, even one whose stream was
 * re-hashed afterwards, while the vessels nobody touched still verify.
 */

let t: TestApp;
let manager: string;
let captain: string;
let tampered: string;
let rehashed: string;
let untouched: string;
let sqlClient: pg.Client;

type Entry = { eventId: string; type: string; summary: string; changes: { field: string; before: unknown; after: unknown }[]; occurredAt: string; user: { firstName: string | null } | null; revision: string; streamId: string };
type Verification = { verified: boolean; events: number; streams: number; since: string | null; firstBroken: null | { streamId: string; revision: string; eventId: string | null; type: string | null; reason: string } };

const history = async (vesselId: string, query = '', cookie = manager) => {
  const response = await t.send('GET', `/api/vessels/${vesselId}/history${query}`, cookie);
  return { response, entries: response.statusCode === 200 ? (response.json() as Entry[]) : [], total: Number(response.headers['x-total-count']) };
};
const verify = async (vesselId: string) => {
  const response = await t.send('GET', `/api/vessels/${vesselId}/history/verify`, manager);
  expect(response.statusCode).toBe(200);
  return response.json() as Verification;
};

/** Rewrite one event's data in SQL, behind the append-only trigger's back (as a superuser could). */
async function rewriteData(eventId: string, change: (data: Record<string, unknown>) => Record<string, unknown>) {
  const { rows } = await sqlClient.query<{ data: Record<string, unknown> }>('SELECT data FROM events WHERE event_id = $1', [eventId]);
  await sqlClient.query("SET session_replication_role = 'replica'");
  await sqlClient.query('UPDATE events SET data = $2 WHERE event_id = $1', [eventId, JSON.stringify(change(rows[0].data))]);
  await sqlClient.query("SET session_replication_role = 'origin'");
}

/** Recompute and store the hash chain of a whole stream, as an attacker covering their tracks would. */
async function rehashStream(streamId: string) {
  const events = await t.store.readStream(streamId);
  let previous = '';
  await sqlClient.query("SET session_replication_role = 'replica'");
  for (const event of events) {
    previous = chainHash(previous, event);
    await sqlClient.query('UPDATE events SET hash = $2 WHERE event_id = $1', [event.id, previous]);
  }
  await sqlClient.query("SET session_replication_role = 'origin'");
}

async function importAndCount(vesselId: string) {
  const imported = await t.send('POST', `/api/vessels/${vesselId}/inventory/bulk-import`, manager, {
    fileName: 'chest.csv',
    items: [
      { scaleId: 'IMGS01', quantityOnBoard: 40, batchNumber: 1, expiryDate: '2030-01-01' },
      { scaleId: 'IMGS02', quantityOnBoard: 10, batchNumber: 1 },
    ],
  });
  expect(imported.statusCode).toBe(200);
  // On this shared 2-core machine the read models may lag past the command's bounded wait.
  let first: { id: string; scaleId: string } | undefined;
  for (let attempt = 0; attempt < 50 && !first; attempt++) {
    const batches = (await t.send('GET', `/api/vessels/${vesselId}/inventory`, manager)).json() as { id: string; scaleId: string }[];
    first = batches.find((b) => b.scaleId === 'IMGS01');
    if (!first) await new Promise((r) => setTimeout(r, 200));
  }
  if (!first) throw new Error('the imported batch never showed');
  expect((await t.send('PATCH', `/api/vessels/${vesselId}/inventory/${first.id}`, manager, { quantityOnBoard: 35, reason: 'usage' })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp('api_history');
  const cookies = await t.sessionsForEveryRole();
  manager = cookies.manager;
  captain = cookies.captain;
  tampered = await t.createVessel(manager, { vesselName: 'Tampered Tide', fleet: 'North' });
  rehashed = await t.createVessel(manager, { vesselName: 'Rehashed Reef' });
  untouched = await t.createVessel(manager, { vesselName: 'Untouched Union' });
  const edit = await t.send('PUT', `/api/vessels/${tampered}`, manager, { vesselName: 'Tampered Tide', imoNumber: 'TST00001', flagState: 'LIBERIA', crewSizeCategory: 25, fleet: 'South' });
  expect(edit.statusCode).toBe(200);
  for (const id of [tampered, rehashed, untouched]) await importAndCount(id);
  sqlClient = new pg.Client({ connectionString: t.databaseUrl });
  await sqlClient.connect();
});

afterAll(async () => {
  await sqlClient?.end();
  await t?.close();
});

describe('vessel history API', () => {
  it('answers the timeline newest first: what, who, when, and the values before and after', async () => {
    const { response, entries, total } = await history(tampered);
    expect(response.statusCode).toBe(200);
    expect(entries.map((e) => e.type)).toEqual([
      'BatchAdjusted',
      'InventoryImported',
      'BatchAdded',
      'BatchAdded',
      'VesselUpdated',
      'VesselCreated',
      'VesselImoClaimed',
    ]);
    expect(total).toBe(entries.length);
    const [usage] = entries;
    expect(usage.type).toBe('BatchAdjusted');
    expect(usage.summary).toBe('IMGS01 batch 1: Used on board');
    expect(usage.changes).toEqual([{ field: 'IMGS01 batch 1 quantity', before: 40, after: 35 }]);
    expect(usage.user).not.toBeNull();
    const update = entries.find((e) => e.type === 'VesselUpdated')!;
    expect(update.summary).toBe('Changed: Flag state, Crew size, Fleet');
    expect(update.changes).toEqual([
      { field: 'Flag state', before: 'PANAMA', after: 'LIBERIA' },
      { field: 'Crew size', before: 20, after: 25 },
      { field: 'Fleet', before: 'North', after: 'South' },
    ]);
    // Newest first.
    const times = entries.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by event type and by day, and pages with the cursor', async () => {
    const added = await history(tampered, '?type=BatchAdded');
    expect(added.entries.map((e) => e.summary).sort()).toEqual(['IMGS01 batch 1: 40 on board, expiring 2030-01-01', 'IMGS02 batch 1: 10 on board']);
    expect(added.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(tampered, `?from=${today}&to=${today}`)).total).toBe((await history(tampered)).total);
    expect((await history(tampered, '?to=2020-01-01')).entries).toEqual([]);
    const all = (await history(tampered)).entries.map((e) => e.eventId);
    const first = await history(tampered, '?limit=4');
    expect(first.entries.map((e) => e.eventId)).toEqual(all.slice(0, 4));
    const next = await history(tampered, `?limit=4&before=${first.response.headers['x-next-cursor']}`);
    expect(next.entries.map((e) => e.eventId)).toEqual(all.slice(4, 8));
  });

  it.each([
    ['?type=ShipSank', 'Please select a valid event type'],
    ['?from=2026-02-30', 'Please enter a valid date'],
    ['?from=2026-03-02&to=2026-03-01', 'The start date must not be after the end date'],
  ])('answers 400 for %s', async (query, message) => {
    const { response } = await history(tampered, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('answers 404 for a vessel that does not exist, 403 for a captain', async () => {
    expect((await history('00000000-0000-4000-8000-000000000000')).response.statusCode).toBe(404);
    expect((await history('not-a-uuid')).response.statusCode).toBe(404);
    expect((await t.send('GET', '/api/vessels/00000000-0000-4000-8000-000000000000/history/verify', manager)).statusCode).toBe(404);
    expect((await history(tampered, '', captain)).response.statusCode).toBe(403);
  });

  it('verifies an untouched history: every event of every stream of the vessel', async () => {
    const result = await verify(untouched);
    const streams = ['vessel-', 'inventory-'].map((p) => `${p}${untouched}`);
    let events = 0;
    for (const s of streams) events += (await t.store.readStream(s)).length;
    events += (await t.store.readStream('vessel-imo-TST00003')).length;
    expect(result).toMatchObject({ verified: true, events, firstBroken: null });
    expect(result.since).not.toBeNull();
  });

  it('names the event altered in the database; the vessels nobody touched still verify', async () => {
    const inventory: RecordedEvent[] = await t.store.readStream(`inventory-${tampered}`);
    const victim = inventory.find((e) => e.type === 'BatchAdded')!;
    await rewriteData(victim.id, (data) => ({ ...data, quantity: 400 }));
    const result = await verify(tampered);
    expect(result.verified).toBe(false);
    expect(result.firstBroken).toEqual({
      streamId: `inventory-${tampered}`,
      revision: victim.revision.toString(),
      eventId: victim.id,
      type: 'BatchAdded',
      occurredAt: victim.metadata.occurredAt,
      reason: 'its content does not match its recorded hash',
    });
    expect((await verify(untouched)).verified).toBe(true);
    expect((await verify(rehashed)).verified).toBe(true);
  });

  it('still fails a stream rewritten and re-hashed in SQL after its head was signed', async () => {
    // The verification above signed the heads of this vessel's streams.
    const inventory = await t.store.readStream(`inventory-${rehashed}`);
    const victim = inventory.find((e) => e.type === 'BatchAdjusted')!;
    await rewriteData(victim.id, (data) => ({ ...data, newQuantity: 39 }));
    await rehashStream(`inventory-${rehashed}`);
    // The plain chain holds again ...
    expect((await t.store.verifyStream(`inventory-${rehashed}`)).ok).toBe(true);
    // ... but not against the signed head.
    const result = await verify(rehashed);
    expect(result.verified).toBe(false);
    expect(result.firstBroken).toMatchObject({
      streamId: `inventory-${rehashed}`,
      reason: 'the history up to here differs from the one signed earlier',
    });
    expect((await verify(untouched)).verified).toBe(true);
  });

  it('refuses a checkpoint whose signature does not hold', async () => {
    await sqlClient.query("UPDATE history_checkpoints SET hash = repeat('0', 64) WHERE stream_id = $1", [`vessel-${untouched}`]);
    const result = await verify(untouched);
    expect(result.verified).toBe(false);
    expect(result.firstBroken).toMatchObject({ streamId: `vessel-${untouched}`, reason: 'its signed checkpoint does not carry a valid signature' });
  });
});
