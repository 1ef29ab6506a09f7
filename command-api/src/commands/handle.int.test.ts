import { inventoryStreamId, NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS, vesselStreamId, type VesselDetails } from '@medchest/domain';
import { ConcurrencyError, type EventStore } from '@medchest/eventstore';
import { MAX_ATTEMPTS } from '@medchest/eventstore/commands/handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { startTestApp, type TestApp } from '../testing/harness';
import { recordChestChanges, recordUsage } from './inventory';
import { READ_MODELS, vessels } from './streams';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('api_handle');
});

afterAll(async () => {
  await t?.close();
});

const details = (crew: number): VesselDetails => ({
  vesselName: 'Race Tester',
  imoNumber: '9399167',
  flagState: 'LIBERIA',
  crewSizeCategory: crew,
  ...NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
});
const context = () => ({ userId: null, correlationId: 'handle-test', now: new Date() });
const waitForVessels = { readModels: [READ_MODELS.vessels] };

/**
 * The real store, except that before each of the first `times` appends to `streamId` another
 * writer (a real command) gets in first: the interleaving a busy system produces by chance.
 */
function storeWithRival(store: EventStore, vesselId: string, times: number): EventStore {
  let rivals = 0;
  return {
    ...store,
    async appendToStream(streamId, events, options) {
      if (streamId === vesselStreamId(vesselId) && rivals < times) {
        rivals++;
        await vessels.handle(t.deps, vesselId, { type: 'UpdateVessel', vesselId, details: details(100 + rivals) }, context());
      }
      return store.appendToStream(streamId, events, options);
    },
  };
}

async function createOne(imoNumber = '9399167'): Promise<string> {
  const vesselId = newId();
  await vessels.handle(t.deps, vesselId, { type: 'CreateVessel', vesselId, details: { ...details(20), imoNumber } }, context());
  return vesselId;
}

describe('command handling', () => {
  it('re-decides on a concurrency conflict and appends on the fresh revision', async () => {
    const vesselId = await createOne();
    const deps = { ...t.deps, store: storeWithRival(t.store, vesselId, 1) };
    const result = await vessels.handle(deps, vesselId, { type: 'UpdateVessel', vesselId, details: details(33) }, context(), waitForVessels);
    expect(result.events).toHaveLength(1);
    expect(result.readModelsCaughtUp).toBe(true);
    const stream = await t.store.readStream(vesselStreamId(vesselId));
    expect(stream.map((e) => (e.data as { details: VesselDetails }).details.crewSizeCategory)).toEqual([20, 101, 33]);
  });

  it(`gives up with a conflict after ${MAX_ATTEMPTS} lost races, appending nothing of its own`, async () => {
    const vesselId = await createOne();
    const deps = { ...t.deps, store: storeWithRival(t.store, vesselId, MAX_ATTEMPTS) };
    await expect(
      vessels.handle(deps, vesselId, { type: 'UpdateVessel', vesselId, details: details(33) }, context()),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'This record was changed by someone else at the same time. Please try again.' });
    const stream = await t.store.readStream(vesselStreamId(vesselId));
    expect(stream).toHaveLength(1 + MAX_ATTEMPTS);
    expect(stream.some((e) => (e.data as { details: VesselDetails }).details.crewSizeCategory === 33)).toBe(false);
  });

  it('waits only for the read models the command names', async () => {
    const vesselId = await createOne();
    const asked: (readonly string[] | undefined)[] = [];
    const deps = { ...t.deps, waitFor: async (...args: Parameters<TestApp['runner']['waitFor']>) => (asked.push(args[2]), t.runner.waitFor(...args)) };
    await vessels.handle(deps, vesselId, { type: 'UpdateVessel', vesselId, details: details(40) }, context(), waitForVessels);
    await vessels.handle(deps, vesselId, { type: 'UpdateVessel', vesselId, details: details(41) }, context());
    expect(asked).toEqual([[READ_MODELS.vessels]]);
  });

  it('stamps every event with the command metadata, its time from the command (no clock of its own)', async () => {
    const vesselId = newId();
    const now = new Date('2025-01-02T03:04:05.000Z');
    await vessels.handle(t.deps, vesselId, { type: 'CreateVessel', vesselId, details: { ...details(20), imoNumber: '9074729' } }, { userId: null, correlationId: 'stamp', now });
    const [event] = await t.store.readStream(vesselStreamId(vesselId));
    expect(event.metadata).toEqual({ userId: null, correlationId: 'stamp', occurredAt: '2025-01-02T03:04:05.000Z' });
  });

  it('answers a racing pair of HTTP edits: both succeed, each re-decided on the latest state', async () => {
    // An admin: the vessel is created outside any fleet manager's assignments.
    await t.createUser('racer@fleet.example', 'racer-pass', 'admin');
    const cookie = await t.login('racer@fleet.example', 'racer-pass');
    const vesselId = await createOne('9581277');
    const edit = (crew: number) =>
      t.app.inject({ method: 'PUT', url: `/api/vessels/${vesselId}`, headers: { cookie }, payload: { ...details(crew), imoNumber: '9581277' } });
    const answers = await Promise.all([edit(21), edit(22), edit(23)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const stream = await t.store.readStream(vesselStreamId(vesselId));
    expect(stream.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
  });

  it('is what ConcurrencyError looks like from this store (the type the handler retries on)', async () => {
    const vesselId = await createOne();
    await expect(
      t.store.appendToStream(vesselStreamId(vesselId), [{ type: 'VesselDeleted', version: 1, data: { vesselId, vesselName: 'x' }, metadata: { userId: null, correlationId: 'x', occurredAt: new Date().toISOString() } }], { expected: 'no_stream' }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });
});

describe('a run of commands on one stream (handleAll, the chest changes of recordChestChanges)', () => {
  const at = (iso: string, userId: string | null = null) => ({ userId, correlationId: `run-${iso}`, now: new Date(iso) });
  let admin: string;
  beforeAll(async () => {
    await t.createUser('run-admin@fleet.example', 'run-admin-pass', 'admin');
    admin = await t.login('run-admin@fleet.example', 'run-admin-pass');
  });

  it('decides each change on the state the earlier ones leave, appends them in one go, each with its own metadata and business time', async () => {
    const { vesselId, batchId } = await t.createVesselWithBatch(admin);
    const before = (await t.allEvents()).length;
    const { position } = await recordChestChanges(t.deps, vesselId, [
      { kind: 'usage', batchId, body: { quantityUsed: 5, reason: 'Headache', usageDate: '2025-04-01' }, context: at('2025-04-01T09:00:00.000Z') },
      { kind: 'quantity', batchId, body: { quantityOnBoard: 15, reason: 'count', note: 'Monthly count' }, context: at('2025-05-01T09:00:00.000Z', 'someone') },
      { kind: 'usage', batchId, body: { quantityUsed: 15, reason: 'Burn', usageDate: '2025-05-02' }, context: at('2025-05-03T10:00:00.000Z') },
    ]);
    const appended = (await t.allEvents()).slice(before);
    expect(appended.map((e) => [e.type, e.metadata.occurredAt, e.metadata.userId])).toEqual([
      ['BatchUsageRecorded', '2025-04-01T09:00:00.000Z', null],
      ['BatchAdjusted', '2025-05-01T09:00:00.000Z', 'someone'],
      ['BatchUsageRecorded', '2025-05-03T10:00:00.000Z', null],
    ]);
    // The second usage was decided after the count: 15 on board, all of it used.
    expect(appended[2].data).toMatchObject({ previousQuantity: 15, quantityRemaining: 0 });
    // One transaction; the log position answered is the last event's.
    expect(new Set(appended.map((e) => e.position.commit)).size).toBe(1);
    expect(position).toEqual(appended[2].position);
    // Appended today, about those days.
    for (const e of appended) expect(Date.now() - e.recordedAt.getTime()).toBeLessThan(60_000);
  });

  it('re-reads and re-decides the whole run when another writer got in first', async () => {
    const { vesselId, batchId } = await t.createVesselWithBatch(admin);
    let rivals = 0;
    const store: EventStore = {
      ...t.store,
      async appendToStream(streamId, events, options) {
        if (streamId === inventoryStreamId(vesselId) && rivals++ === 0) {
          await recordUsage(t.deps, vesselId, batchId, { quantityUsed: 3, reason: 'Rival', usageDate: '2025-03-01' }, at('2025-03-01T08:00:00.000Z'));
        }
        return t.store.appendToStream(streamId, events, options);
      },
    };
    await recordChestChanges({ ...t.deps, store }, vesselId, [
      { kind: 'usage', batchId, body: { quantityUsed: 2, reason: 'Mine', usageDate: '2025-04-01' }, context: at('2025-04-01T09:00:00.000Z') },
    ]);
    const stream = await t.store.readStream(inventoryStreamId(vesselId));
    expect(stream.slice(-2).map((e) => [e.type, (e.data as { reason: string }).reason, (e.data as { quantityRemaining: number }).quantityRemaining])).toEqual([
      ['BatchUsageRecorded', 'Rival', 17],
      ['BatchUsageRecorded', 'Mine', 15],
    ]);
  });

  it('records none of them when one is refused, with the refusal its route would answer', async () => {
    const { vesselId, batchId } = await t.createVesselWithBatch(admin);
    const before = (await t.allEvents()).length;
    await expect(
      recordChestChanges(t.deps, vesselId, [
        { kind: 'usage', batchId, body: { quantityUsed: 5, reason: 'Headache', usageDate: '2025-04-01' }, context: at('2025-04-01T09:00:00.000Z') },
        { kind: 'usage', batchId, body: { quantityUsed: 16, reason: 'Too much', usageDate: '2025-04-02' }, context: at('2025-04-02T09:00:00.000Z') },
      ]),
    ).rejects.toMatchObject({ kind: 'validation', message: 'Quantity used cannot be more than the 15 on board' });
    // A usage on a day after its own business date is refused as in the future, like the route's.
    await expect(
      recordChestChanges(t.deps, vesselId, [{ kind: 'usage', batchId, body: { quantityUsed: 1, reason: 'Later', usageDate: '2025-04-03' }, context: at('2025-04-02T09:00:00.000Z') }]),
    ).rejects.toMatchObject({ kind: 'validation', message: 'Usage date cannot be in the future' });
    expect((await t.allEvents()).length).toBe(before);
  });
});

describe('an unexpected failure', () => {
  it('answers 500 with a generic message, never the internal error, and appends nothing', async () => {
    const { buildApp } = await import('../app');
    const { createPgSessionStore } = await import('../auth/sessions');
    const sessions = createPgSessionStore({ connectionString: t.databaseUrl });
    const broken: EventStore = {
      ...t.store,
      readStream: async () => {
        throw new Error('disk on fire at /var/lib/postgresql');
      },
    };
    const app = await buildApp({ store: broken, db: t.db, waitFor: t.runner.waitFor, sessions, webDist: false });
    try {
      await t.createUser('broken@fleet.example', 'broken-pass', 'fleet_manager');
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'broken@fleet.example', password: 'broken-pass' } });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const before = (await t.allEvents()).length;
      const response = await app.inject({
        method: 'POST',
        url: '/api/vessels',
        headers: { cookie },
        payload: { vesselName: 'Doomed', imoNumber: '9213791', flagState: 'PANAMA', crewSizeCategory: 10 },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      expect(response.body).not.toContain('disk on fire');
      expect((await t.allEvents()).length).toBe(before);
    } finally {
      await app.close();
      await sessions.close();
    }
  });
});
