import { isoToday, medicalProfileOf, ALL_VESSELS } from '@medchest/domain';
import { addDays, format } from 'date-fns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelDb } from './db';
import { listFleetCompliance } from './fleet-compliance/queries';
import { textBytes } from './keptWithinBytes';
import { createReadCache, createScopedReadCache } from './readCache';
import { requiredItems, stockingEvents } from './testing/chest';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from './testing/db';
import { createFakeLog, vesselDetails } from './testing/events';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_read_cache');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const A = 'c0000000-0000-4000-8000-000000000001';
const B = 'c0000000-0000-4000-8000-000000000002';
const TODAY = isoToday(new Date());
const day = (n: number) => format(addDays(new Date(`${TODAY}T12:00:00Z`), n), 'yyyy-MM-dd');
const details = vesselDetails({ crewSizeCategory: 22 });
const profile = medicalProfileOf(details);

/** The fleet compliance answer through a cache, counting the computations. */
function fleetCompliance() {
  const cache = createReadCache<string>(t.db, ['fleet-compliance', 'medical-chest']);
  const counter = { computed: 0 };
  const get = async (today = TODAY) =>
    JSON.parse(
      await cache.get({ today }, async () => {
        counter.computed += 1;
        return JSON.stringify(await listFleetCompliance(t.db, today, ALL_VESSELS));
      }),
    ) as { id: string; complianceStatus: string }[];
  return { get, counter };
}

/** Vessel A fully stocked, with its first required item expiring in 70 days: Compliant until day 10. */
function stockedVessel(log = createFakeLog()) {
  const [first] = requiredItems(profile);
  return [
    log.record({ type: 'VesselCreated', data: { vesselId: A, details } }),
    ...stockingEvents(A, profile, { expiryDate: day(700), except: [first.scaleId] }).map((e) => log.record(e)),
    log.record({ type: 'BatchAdded', data: { batchId: 'x', vesselId: A, scaleId: first.scaleId, batchNumber: 1, quantity: first.amount, expiryDate: day(70) } }),
  ];
}

describe('the read cache of fleet-wide answers', () => {
  it('serves the kept answer while nothing moves, and computes again once a projection it reads commits', async () => {
    const log = createFakeLog();
    await t.project(stockedVessel(log));
    const { get, counter } = fleetCompliance();
    expect(await get()).toEqual([expect.objectContaining({ id: A, complianceStatus: 'Compliant' })]);
    expect(await get()).toHaveLength(1);
    expect(counter.computed).toBe(1);

    await t.project([log.record({ type: 'VesselCreated', data: { vesselId: B, details: { ...details, vesselName: 'Baltic Trader', imoNumber: '9321483' } } })]);
    expect((await get()).map((v) => v.id)).toEqual([B, A]);
    expect(counter.computed).toBe(2);
  });

  it('keeps serving the kept answer when a batch changes only other read models', async () => {
    const log = createFakeLog();
    await t.project(stockedVessel(log));
    const { get, counter } = fleetCompliance();
    await get();
    // Every projection is handed the batch and every checkpoint moves past it, but only the users
    // and activity read models take a registration: the fleet compliance rows are as they were.
    const userId = 'c0000000-0000-4000-8000-0000000000bb';
    await t.project([
      log.record({ type: 'UserRegistered', data: { userId, email: 'fm@medchest.example', firstName: 'Fay', lastName: 'Manager', role: 'fleet_manager', status: 'active', source: 'admin' } }),
    ]);
    expect(await get()).toHaveLength(1);
    expect(counter.computed).toBe(1);
  });

  it('answers a new day afresh, with the chests whose day has come evaluated for it', async () => {
    await t.project(stockedVessel());
    const { get, counter } = fleetCompliance();
    expect((await get())[0].complianceStatus).toBe('Compliant');
    expect((await get(day(10)))[0].complianceStatus).toBe('Expiring Soon');
    expect((await get(day(71)))[0].complianceStatus).toBe('Critical');
    expect(await get(day(71))).toHaveLength(1);
    expect(counter.computed).toBe(3);
  });

  it('answers a chest whose day has come at once, even while another transaction holds it, and keeps that answer', async () => {
    await t.project(stockedVessel());
    const { get, counter } = fleetCompliance();
    const other = createReadModelDb(t.url, { maxConnections: 1 });
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    try {
      const holding = other.transaction().execute(async (trx) => {
        await trx.selectFrom('chest_vessels').select('vessel_id').where('vessel_id', '=', A).forUpdate().execute();
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isLocked;
      // The read evaluates the chest for the day in memory: neither blocked nor answering the old day's status.
      expect((await get(day(10)))[0].complianceStatus).toBe('Expiring Soon');
      expect((await get(day(10)))[0].complianceStatus).toBe('Expiring Soon');
      expect(counter.computed).toBe(1);
      release();
      await holding;
      expect((await get(day(10)))[0].complianceStatus).toBe('Expiring Soon');
      expect(await get(day(10))).toHaveLength(1);
      expect(counter.computed).toBe(1);
    } finally {
      release?.();
      await other.destroy();
    }
  });

  it('sees a rebuild of the read models even when it ends at the same log position', async () => {
    const events = stockedVessel();
    await t.project(events);
    const { get, counter } = fleetCompliance();
    await get();
    // Emptied and replayed to the same position (as rebuildReadModels does), but with A missing.
    await resetReadModels(t.db);
    await t.project(events.filter((e) => e.type !== 'VesselCreated'));
    expect(await get()).toEqual([]);
    expect(counter.computed).toBe(2);
  });

  it('concurrent reads that miss share one computation', async () => {
    await t.project(stockedVessel());
    const { get, counter } = fleetCompliance();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get()));
    expect(answers.every((a) => a.length === 1 && a[0].id === A)).toBe(true);
    expect(counter.computed).toBe(1);
  });
});

describe('the read cache per scope', () => {
  it('keeps answers within its byte budget, the least recently asked dropped first', async () => {
    await t.project(stockedVessel());
    // Room for two answers of 100 characters (300 + 200 bytes each), not three.
    const cache = createScopedReadCache<string>(t.db, ['fleet-compliance'], { bytesOf: textBytes, maxBytes: 1_200 });
    const computed: string[] = [];
    const ask = (userId: string) =>
      cache.get({ kind: 'assigned', userId }, { today: TODAY }, async () => {
        computed.push(userId);
        return userId.padEnd(100, '.');
      });
    for (const user of ['u1', 'u2', 'u1', 'u3']) await ask(user); // u2 is then the least recently asked
    expect(cache.kept()).toEqual({ size: 2, bytes: 1_000 });
    await ask('u1');
    await ask('u3');
    expect(computed).toEqual(['u1', 'u2', 'u3']);
    await ask('u2');
    expect(computed).toEqual(['u1', 'u2', 'u3', 'u2']);
  });
});
