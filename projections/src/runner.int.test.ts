import { ALL_VESSELS } from '@medchest/domain';
import { createPostgresEventStore, type PostgresEventStore } from '@medchest/eventstore/postgres/index';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyBatch } from './apply';
import { CheckpointMovedError, readCheckpoints } from './checkpoints/checkpoints';
import { createReadModelDb } from './db';
import { LOCK_NAMESPACE } from './locks';
import { MembersFailedError } from './following/logFollower';
import { createProjectionRunner, type ProjectionRunner } from './runner';
import { appendDomainEvent, createFakeLog, vesselDetails } from './testing/events';
import { createReadModelTestDb, resetReadModels, type ReadModelTestDb } from './testing/db';
import { getVessel, listVessels } from './vessels/queries';
import { listActivities } from './activity/queries';
import { allProjections } from './all';
import { waitForProjections } from './wait';
import { vesselsProjection } from './vessels/project';
import { activityProjection } from './activity/project';
import type { Projection } from './projection';

let t: ReadModelTestDb;
let store: PostgresEventStore;
const running: ProjectionRunner[] = [];
const extraDbs: ReturnType<typeof createReadModelDb>[] = [];

beforeAll(async () => {
  t = await createReadModelTestDb('proj_runner');
  store = createPostgresEventStore({ connectionString: t.url, follow: { pollIntervalMs: 100 } });
  await store.init();
});
afterAll(async () => {
  for (const r of running) await r.stop();
  for (const db of extraDbs) await db.destroy();
  await store?.close();
  await t?.close();
});
beforeEach(async () => {
  for (const r of running.splice(0)) await r.stop();
  // Each test starts from an empty log and empty read models (the log is append-only row by row;
  // emptying a test database's table is not an append).
  await sql`TRUNCATE events`.execute(t.db);
  await resetReadModels(t.db);
});

let n = 0;
const vesselId = () => `e0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const createVessel = (id = vesselId(), name = `MV Runner ${n}`) =>
  appendDomainEvent(store, { type: 'VesselCreated', data: { vesselId: id, details: vesselDetails({ vesselName: name }) } });

function runner(
  options: { db?: ReturnType<typeof createReadModelDb>; batchSize?: number; applyConcurrency?: number; projections?: Projection[]; onError?: (e: unknown) => void } = {},
) {
  const r = createProjectionRunner({
    db: options.db ?? t.db,
    store,
    batchSize: options.batchSize,
    applyConcurrency: options.applyConcurrency,
    projections: options.projections,
    takeoverIntervalMs: 50,
    onError: options.onError ?? (() => {}),
  });
  running.push(r);
  return r;
}

/** A second process's connection pool on the same database. */
function otherProcessDb() {
  const db = createReadModelDb(t.url);
  extraDbs.push(db);
  return db;
}

async function heldLocks(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_locks
     WHERE locktype = 'advisory' AND classid = ${LOCK_NAMESPACE}::oid AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(t.db);
  return Number(rows[0].n);
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('projection runner', () => {
  it('a command that waits for its position then finds its vessel in the list (read-your-writes)', async () => {
    const r = runner();
    await r.start();
    const id = vesselId();
    const { position } = await createVessel(id, 'MV Read Your Writes');
    expect(await r.waitFor(position, 5000)).toBe(true);
    expect((await getVessel(t.db, id))?.vesselName).toBe('MV Read Your Writes');
    const stored = await readCheckpoints(t.db, allProjections.map((p) => p.name));
    for (const p of allProjections) expect(stored.get(p.name)).toEqual(position);
  });

  it('catches up from its checkpoint after a restart, applying nothing twice', async () => {
    const first = runner({ batchSize: 3 });
    await first.start();
    let last = await createVessel();
    for (let i = 0; i < 6; i++) last = await createVessel();
    expect(await first.waitFor(last.position, 5000)).toBe(true);
    await first.stop();

    for (let i = 0; i < 5; i++) last = await createVessel();
    const second = runner({ batchSize: 3 });
    await second.start();
    expect(await second.waitFor(last.position, 5000)).toBe(true);
    expect(await listVessels(t.db, ALL_VESSELS)).toHaveLength(12);
    expect(await listActivities(t.db, { limit: 100 })).toHaveLength(12);
  });

  it('answers false when the projections do not get there in time', async () => {
    const r = runner();
    await r.start();
    const { position } = await createVessel();
    const beyond = { commit: position.commit + 1_000_000n, event: position.event + 1_000_000n };
    const started = Date.now();
    expect(await r.waitFor(beyond, 150)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('runs each projection in exactly one process; a standby takes over when the active one stops', async () => {
    const a = runner();
    await a.start();
    const b = runner({ db: otherProcessDb() });
    await b.start();
    expect(a.activeProjections()).toEqual(allProjections.map((p) => p.name));
    expect(b.activeProjections()).toEqual([]);
    // Give the standby a few takeover attempts: it must keep failing while the active one lives.
    await new Promise((r) => setTimeout(r, 200));
    expect(b.activeProjections()).toEqual([]);
    expect(await heldLocks()).toBe(allProjections.length);

    // The standby's waitFor follows the active process through the checkpoint rows.
    const before = await createVessel();
    expect(await b.waitFor(before.position, 5000)).toBe(true);

    await a.stop();
    await until(() => b.activeProjections().length === allProjections.length);
    const id = vesselId();
    const after = await createVessel(id);
    expect(await b.waitFor(after.position, 5000)).toBe(true);
    expect(await getVessel(t.db, id)).toBeDefined();
  });

  it('when its lock connection dies it lets go, and a standby (or itself) carries on without losing events', async () => {
    const a = runner();
    await a.start();
    await until(() => a.activeProjections().length > 0);
    // Kill the session that holds the projections' advisory locks, as a network cut would.
    // (Only in this test's database: other test files run runners of their own.)
    await sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
       WHERE locktype = 'advisory' AND classid = ${LOCK_NAMESPACE}::oid AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(t.db);
    const id = vesselId();
    const { position } = await createVessel(id);
    expect(await a.waitFor(position, 8000)).toBe(true);
    expect(await getVessel(t.db, id)).toBeDefined();
    // It noticed: the locks are really held again (by a new session), not just believed held.
    await until(async () => (await heldLocks()) === allProjections.length);
    expect(a.activeProjections()).toHaveLength(allProjections.length);
  });

  it('waitForProjections sees progress made by a runner in another process, and gives up at its timeout', async () => {
    const r = runner({ db: otherProcessDb() });
    await r.start();
    const { position } = await createVessel();
    expect(await waitForProjections(t.db, position, { timeoutMs: 5000 })).toBe(true);
    const beyond = { commit: position.commit + 1_000_000n, event: 0n };
    expect(await waitForProjections(t.db, beyond, { timeoutMs: 100 })).toBe(false);
  });

  it('rolls a batch back when its checkpoint was moved by someone else (no double writes)', async () => {
    const log = createFakeLog();
    const id = vesselId();
    const event = log.record({ type: 'VesselCreated', data: { vesselId: id, details: vesselDetails() } });
    await t.project([]);
    // This runner believes the projection is further along than the row says.
    const stale = new Map([[vesselsProjection.name, { commit: 5n, event: 5n }]]);
    await t.db
      .insertInto('follower_checkpoints')
      .values({ name: vesselsProjection.name, kind: 'projection', commit_position: 1n, event_position: 1n })
      .onConflict((oc) => oc.column('name').doUpdateSet({ commit_position: 1n, event_position: 1n }))
      .execute();
    const failed = await applyBatch(t.db, [vesselsProjection], stale, [event]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(MembersFailedError);
    expect((failed as MembersFailedError).failures.get(vesselsProjection.name)).toBeInstanceOf(CheckpointMovedError);
    expect(await getVessel(t.db, id)).toBeUndefined();
    expect(stale.get(vesselsProjection.name)).toEqual({ commit: 5n, event: 5n });
  });

  it('a batch that fails is reported and retried from the committed checkpoint until it goes through', async () => {
    let attempts = 0;
    const errors: unknown[] = [];
    const flaky: Projection = {
      ...vesselsProjection,
      async apply(trx, events) {
        attempts++;
        await vesselsProjection.apply(trx, events);
        // The rows above are rolled back with the batch.
        if (attempts <= 2) throw new Error('database hiccup');
      },
    };
    const r = runner({ projections: [flaky], onError: (e) => errors.push(e) });
    await r.start();
    const id = vesselId();
    const { position } = await createVessel(id);
    expect(await r.waitFor(position, 8000)).toBe(true);
    expect(attempts).toBe(3);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database hiccup', 'database hiccup']);
    expect(await getVessel(t.db, id)).toBeDefined();
  });

  it('a read model added later catches up on the whole log while the others carry on where they were', async () => {
    const first = runner({ projections: [vesselsProjection] });
    await first.start();
    let last = await createVessel();
    last = await createVessel();
    expect(await first.waitFor(last.position, 5000)).toBe(true);
    await first.stop();
    expect(await listActivities(t.db)).toHaveLength(0);

    last = await createVessel();
    const both = runner({ projections: [vesselsProjection, activityProjection] });
    await both.start();
    expect(await both.waitFor(last.position, 5000)).toBe(true);
    expect(await listActivities(t.db)).toHaveLength(3);
    expect(await listVessels(t.db, ALL_VESSELS)).toHaveLength(3);
  });
});

describe('projections applied side by side, each with its own checkpoint', () => {
  // Generous waits (they answer as soon as reached): on the shared cluster, a long transaction of
  // another database holds the log's read horizon back for a while now and then.

  /** A projection that fails while `failing` is set, counting the events it was handed. */
  function failingWhile(base: Projection, state: { failing: boolean; handed: number }): Projection {
    return {
      ...base,
      async apply(trx, events) {
        if (state.failing) throw new Error(`${base.name} is broken`);
        state.handed += events.length;
        await base.apply(trx, events);
      },
    };
  }

  /** A projection whose apply waits for `gate` before writing. */
  function heldBy(base: Projection, gate: Promise<void>): Projection {
    return {
      ...base,
      async apply(trx, events) {
        await gate;
        await base.apply(trx, events);
      },
    };
  }

  it('a batch that fails for one read model is stored for the others, and only the failed one is told to retry', async () => {
    const log = createFakeLog();
    const events = [1, 2].map(() => log.record({ type: 'VesselCreated', data: { vesselId: vesselId(), details: vesselDetails() } }));
    await t.project([]);
    const names = [vesselsProjection.name, activityProjection.name];
    const checkpoints = await readCheckpoints(t.db, names);
    const start = checkpoints.get(activityProjection.name);
    const broken = failingWhile(activityProjection, { failing: true, handed: 0 });
    const failed = await applyBatch(t.db, [vesselsProjection, broken], checkpoints, events).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(MembersFailedError);
    expect([...(failed as MembersFailedError).failures.keys()]).toEqual([activityProjection.name]);
    // The vessels committed with their checkpoint; the activity feed kept neither rows nor a move.
    expect(await listVessels(t.db, ALL_VESSELS)).toHaveLength(2);
    expect(await listActivities(t.db)).toHaveLength(0);
    const last = events[1].position;
    expect(checkpoints.get(vesselsProjection.name)).toEqual(last);
    expect(checkpoints.get(activityProjection.name)).toEqual(start);
    expect(await readCheckpoints(t.db, names)).toEqual(checkpoints);
  });

  it('one failing read model does not hold back the others, and is retried from its own checkpoint without the others applying anything twice', async () => {
    const vessels = { failing: false, handed: 0 };
    const activity = { failing: true, handed: 0 };
    const errors: unknown[] = [];
    const r = runner({
      batchSize: 2,
      projections: [failingWhile(vesselsProjection, vessels), failingWhile(activityProjection, activity)],
      onError: (e) => errors.push(e),
    });
    await r.start();
    let last = await createVessel();
    for (let i = 0; i < 4; i++) last = await createVessel();
    // The vessel list gets there while the activity feed keeps failing.
    expect(await r.waitFor(last.position, 20_000, [vesselsProjection.name])).toBe(true);
    expect(await listVessels(t.db, ALL_VESSELS)).toHaveLength(5);
    expect(await r.waitFor(last.position, 200, [activityProjection.name])).toBe(false);
    expect(await listActivities(t.db)).toHaveLength(0);
    expect(new Set(errors.map((e) => (e as Error).message))).toEqual(new Set(['activity is broken']));

    activity.failing = false;
    expect(await r.waitFor(last.position, 30_000)).toBe(true);
    expect(await listActivities(t.db, { limit: 100 })).toHaveLength(5);
    // Each event handed to each read model exactly once, restarts included.
    expect(vessels.handed).toBe(5);
    expect(activity.handed).toBe(5);
  });

  it('a waiter wakes as soon as the read models it waits for have committed, not before the last of them', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const r = runner({ projections: [vesselsProjection, heldBy(activityProjection, gate)] });
    await r.start();
    const id = vesselId();
    const { position } = await createVessel(id);
    let all = false;
    const waitingForAll = r.waitFor(position, 30_000).then((reached) => (all = reached));
    expect(await r.waitFor(position, 20_000, [vesselsProjection.name])).toBe(true);
    expect(await getVessel(t.db, id)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(all).toBe(false);
    open();
    expect(await waitingForAll).toBe(true);
    expect(await listActivities(t.db)).toHaveLength(1);
  });

  it('the read models a caller waits for are applied first', async () => {
    const started: string[] = [];
    const recorded = (base: Projection): Projection => ({
      ...base,
      async apply(trx, events) {
        started.push(base.name);
        await base.apply(trx, events);
      },
    });
    // One transaction at a time, the feed listed first: only the waiter puts the vessel list before it.
    const r = runner({ applyConcurrency: 1, projections: [recorded(activityProjection), recorded(vesselsProjection)] });
    await r.start();
    const { position } = await createVessel();
    expect(await r.waitFor(position, 20_000, [vesselsProjection.name])).toBe(true);
    expect(await r.waitFor(position, 20_000)).toBe(true);
    expect(started).toEqual([vesselsProjection.name, activityProjection.name]);
  });

  it('following live, what is appended while a batch is being stored comes in the next batch, all of it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const batches: number[] = [];
    const counting: Projection = {
      ...vesselsProjection,
      async apply(trx, events) {
        batches.push(events.length);
        if (batches.length === 1) await gate;
        await vesselsProjection.apply(trx, events);
      },
    };
    const r = runner({ projections: [counting] });
    await r.start();
    await createVessel();
    await until(() => batches.length === 1);
    let last = await createVessel();
    for (let i = 0; i < 2; i++) last = await createVessel();
    // Time enough for a read of the log meanwhile (woken by each append): the first batch is still being stored.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(batches).toEqual([1]);
    open();
    expect(await r.waitFor(last.position, 20_000)).toBe(true);
    // Read once the first was stored: one batch of the three, not the one that came first and then the rest.
    expect(batches).toEqual([1, 3]);
    expect(await listVessels(t.db, ALL_VESSELS)).toHaveLength(4);
  });
});
