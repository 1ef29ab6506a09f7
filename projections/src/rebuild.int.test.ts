import { LOG_START } from '@medchest/eventstore';
import { createPostgresEventStore, type PostgresEventStore } from '@medchest/eventstore/postgres/index';
import { scaleImportedData } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allProjections } from './all';
import type { Projection } from './projection';
import { readCheckpoints } from './checkpoints/checkpoints';
import pg from 'pg';
import { HistoryBrokenError, REBUILD_SCHEMA, rebuildReadModels } from './rebuild';
import { sql } from 'kysely';
import { createProjectionRunner } from './runner';
import { createReadModelTestDb, snapshotReadModels, type ReadModelTestDb } from './testing/db';
import { appendDomainEvent, vesselDetails } from './testing/events';

let t: ReadModelTestDb;
let store: PostgresEventStore;

beforeAll(async () => {
  t = await createReadModelTestDb('proj_rebuild');
  store = createPostgresEventStore({ connectionString: t.url, follow: { pollIntervalMs: 100 } });
  await store.init();
});
afterAll(async () => {
  await store?.close();
  await t?.close();
});

const id = (kind: string, n: number) => `${kind}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A small but varied history: every event type, edits, deletions, profile changes, mails. */
async function writeHistory() {
  let last;
  for (let n = 1; n <= 4; n++) {
    const userId = id('a', n);
    last = await appendDomainEvent(store, {
      type: 'UserRegistered',
      data: { userId, email: `User${n}@Example.com`, firstName: `F${n}`, role: 'fleet_manager', status: 'pending', source: 'signup' },
    });
    if (n % 2 === 0) last = await appendDomainEvent(store, { type: 'UserApproved', data: { userId, email: `user${n}@example.com` } });
    if (n === 3) last = await appendDomainEvent(store, { type: 'UserProfileUpdated', data: { userId, lastName: 'L3', company: 'Acme' } });
  }
  for (let n = 1; n <= 12; n++) {
    const vesselId = id('b', n);
    const by = { userId: id('a', (n % 4) + 1) };
    last = await appendDomainEvent(store, { type: 'VesselCreated', data: { vesselId, details: vesselDetails({ vesselName: `Vessel ${n}`, imoNumber: `90000${10 + n}` }) } }, by);
    if (n % 3 === 0) {
      last = await appendDomainEvent(store, { type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ vesselName: `Vessel ${n} (renamed)`, fleet: undefined }) } }, by);
    }
    if (n % 4 === 0) last = await appendDomainEvent(store, { type: 'VesselDeleted', data: { vesselId, vesselName: `Vessel ${n}` } }, by);
  }
  // The medical chest of six live vessels: batches, an import, a count or a usage, a removal; then
  // one of them deleted, taking its batches (not its imports or feed lines) with it.
  for (const n of [1, 2, 3, 5, 6, 7]) {
    const vesselId = id('b', n);
    const by = { userId: id('a', (n % 4) + 1) };
    const batchId = (k: number) => id('c', n * 10 + k);
    for (let k = 1; k <= 3; k++) {
      last = await appendDomainEvent(
        store,
        {
          type: 'BatchAdded',
          data: { batchId: batchId(k), vesselId, scaleId: `IMGS0${k}`, batchNumber: k, quantity: 10 * k, expiryDate: `2026-0${k}-15`, productName: k === 2 ? 'Generic' : undefined },
        },
        by,
      );
    }
    last = await appendDomainEvent(
      store,
      { type: 'InventoryImported', data: { vesselId, importId: id('d', n), fileName: `v${n}.csv`, source: 'csv', successCount: 3, errorCount: 1, errors: ['Row 5: unknown scale id X'] } },
      by,
    );
    last = await appendDomainEvent(
      store,
      { type: 'BatchAdjusted', data: { batchId: batchId(2), vesselId, scaleId: 'IMGS02', previousQuantity: 20, newQuantity: 20 - n, reason: n % 2 === 0 ? 'usage' : 'count' } },
      by,
    );
    if (n === 3) last = await appendDomainEvent(store, { type: 'BatchRemoved', data: { batchId: batchId(1), vesselId, scaleId: 'IMGS01' } }, by);
  }
  last = await appendDomainEvent(store, { type: 'VesselDeleted', data: { vesselId: id('b', 7), vesselName: 'Vessel 7' } });
  // A flag state's scale imported and assigned to one vessel; another goes to it and back.
  const shipped = loadShippedScale();
  const flagScale = { id: 'flag-2026', name: 'Flag table', source: 'Circular', effectiveDate: '2026-01-01', items: shipped.items.slice(0, 12) };
  last = await appendDomainEvent(store, { type: 'ScaleImported', data: scaleImportedData(flagScale, 'b'.repeat(64)) });
  last = await appendDomainEvent(store, { type: 'VesselScaleAssigned', data: { vesselId: id('b', 2), scaleId: flagScale.id } });
  last = await appendDomainEvent(store, { type: 'VesselScaleAssigned', data: { vesselId: id('b', 5), scaleId: flagScale.id } });
  last = await appendDomainEvent(store, { type: 'VesselScaleAssigned', data: { vesselId: id('b', 5), scaleId: shipped.id } });
  last = await appendDomainEvent(store, {
    type: 'EmailDispatched',
    data: { messageId: 'm-1', to: 'user2@example.com', subject: 'Approved', template: 'account-approved', status: 'recorded', attempts: 1, causationEventId: 'x' },
  });
  return last!;
}

describe('rebuild', () => {
  it('throws the read models away, replays the log, and gives the very same rows', async () => {
    const last = await writeHistory();
    const runner = createProjectionRunner({ db: t.db, store, batchSize: 7, onError: () => {} });
    await runner.start();
    // A correctness test, not a timing one: a batch of 7 replays slowly on a loaded machine, and a
    // runner left running would spoil the cases after this one.
    try {
      expect(await runner.waitFor(last.position, 60_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    const before = await snapshotReadModels(t.db);
    expect(before.vessels).toHaveLength(8);
    expect(before.users).toHaveLength(4);
    // Vessel lines (created, renamed, deleted), per chest one import and one quantity line, and
    // one line per scale assignment.
    expect(before.activities).toHaveLength(12 + 4 + 4 + 6 + 6 + 3);
    expect(before.inventory_batches).toHaveLength(6 * 3 - 1 - 3);
    expect(before.inventory_imports).toHaveLength(6);
    expect(before.activity_batches).toHaveLength(18);
    expect(before.scales).toHaveLength(1);
    expect(before.chest_vessels).toHaveLength(8);
    // Only chests that have had a batch store their rows: vessel 2 follows the 12-item flag table,
    // vessels 1, 3, 5 and 6 the shipped scale; the three never stocked (9, 10, 11) store none.
    expect(before.volume_requirements).toHaveLength(12 + 4 * loadShippedScale().items.length);

    // Damage the read models the way a bug would; a rebuild must not care.
    await t.db.updateTable('vessels').set({ vessel_name: 'corrupted' }).execute();
    await t.db.deleteFrom('users').execute();
    await t.db.updateTable('inventory_batches').set({ quantity_on_board: 999 }).execute();
    await t.db.deleteFrom('activity_batches').execute();
    await t.db.updateTable('chest_vessels').set({ status: 'Compliant', scale_id: null }).execute();
    await t.db.deleteFrom('volume_requirements').where('position', '<', 5).execute();

    const result = await rebuildReadModels({ db: t.db, store, batchSize: 5 });
    expect(result.position).toEqual(last.position);
    expect(await snapshotReadModels(t.db)).toEqual(before);
    const checkpoints = await readCheckpoints(t.db, allProjections.map((p) => p.name));
    for (const p of allProjections) expect(checkpoints.get(p.name)).toEqual(last.position);
  });

  it('fills fresh tables while readers keep the old ones whole, swaps them in with the same keys, indexes and storage, and a rebuild that fails leaves everything as it was', async () => {
    const tables = [...new Set(allProjections.flatMap((p) => p.tables))];
    const schemaOf = async () =>
      (
        await sql<{ tablename: string; indexdef: string }>`
          SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY(${tables}::text[]) ORDER BY indexname`.execute(t.db)
      ).rows.concat(
        (await sql<{ tablename: string; indexdef: string }>`
          SELECT relname AS tablename, array_to_string(reloptions, ',') AS indexdef FROM pg_class
           WHERE relnamespace = current_schema()::regnamespace AND relname = ANY(${tables}::text[]) AND reloptions IS NOT NULL ORDER BY relname`.execute(t.db)).rows,
      );
    const shape = await schemaOf();
    expect(shape.some((i) => i.indexdef.includes('gin_trgm_ops'))).toBe(true);
    const good = await snapshotReadModels(t.db);
    await t.db.updateTable('vessels').set({ vessel_name: 'corrupted' }).execute();
    const damaged = await snapshotReadModels(t.db);
    const checkpoints = await readCheckpoints(t.db, allProjections.map((p) => p.name));

    // Midway through a rebuild (its third batch), a reader sees the live tables as they were.
    const seenMidway: unknown[] = [];
    let batches = 0;
    const watched = allProjections.map((p) =>
      p.name !== 'vessels'
        ? p
        : {
            ...p,
            async apply(...args: Parameters<typeof p.apply>) {
              if (++batches === 3) seenMidway.push(await snapshotReadModels(t.db));
              return p.apply(...args);
            },
          },
    );
    await rebuildReadModels({ db: t.db, store, batchSize: 5, projections: watched });
    expect(seenMidway).toEqual([damaged]);
    expect(await snapshotReadModels(t.db)).toEqual(good);
    expect(await schemaOf()).toEqual(shape);
    // Swapped in durable: no table, key or index of the schema a crash would empty.
    const unlogged = await sql<{ relname: string }>`
      SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relpersistence <> 'p' ORDER BY relname`.execute(t.db);
    expect(unlogged.rows).toEqual([]);

    // A rebuild that fails halfway changes nothing, and leaves no fresh tables behind.
    await t.db.updateTable('vessels').set({ vessel_name: 'corrupted' }).execute();
    const failing = allProjections.map((p) =>
      p.name !== 'activity'
        ? p
        : {
            ...p,
            async apply(...args: Parameters<typeof p.apply>) {
              if (++batches > 6) throw new Error('disk full');
              return p.apply(...args);
            },
          },
    );
    batches = 0;
    await expect(rebuildReadModels({ db: t.db, store, batchSize: 5, projections: failing })).rejects.toThrow('disk full');
    expect(await snapshotReadModels(t.db)).toEqual(damaged);
    expect(await readCheckpoints(t.db, allProjections.map((p) => p.name))).toEqual(checkpoints);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${REBUILD_SCHEMA}`.execute(t.db)).rows[0].n).toBe(0);
    await rebuildReadModels({ db: t.db, store });
    expect(await snapshotReadModels(t.db)).toEqual(good);
  });

  it('lets read models run ahead of a slow one, a bounded number of batches, each still given every event of its types once and in log order, with no more transactions open than allowed', async () => {
    const good = await snapshotReadModels(t.db);
    const log = await store.readAll({ from: LOG_START, maxCount: 10_000 });
    const batchOf = new Map(log.map((e, i) => [e.id, Math.floor(i / 5)]));
    const handed = new Map<string, string[]>();
    let open = 0;
    let mostOpen = 0;
    const counted = (p: Projection, work: (...args: Parameters<Projection['apply']>) => Promise<void>): Projection => ({
      ...p,
      async apply(...args) {
        mostOpen = Math.max(mostOpen, ++open);
        try {
          handed.set(p.name, [...(handed.get(p.name) ?? []), ...args[1].map((e) => e.id)]);
          await work(...args);
        } finally {
          open--;
        }
      },
    });
    // A slow read model of every event type (so every batch of 5 is one of its batches), and
    // activity watched for how far ahead of it it gets.
    let slowDone = 0;
    let mostAhead = 0;
    const slow = counted({ name: 'slow', eventTypes: [...new Set(allProjections.flatMap((p) => p.eventTypes))], tables: [], apply: async () => {} }, async () => {
      await new Promise((r) => setTimeout(r, 40));
      slowDone++;
    });
    const watched = allProjections.map((p) =>
      counted(p, async (trx, events) => {
        if (p.name === 'activity') mostAhead = Math.max(mostAhead, batchOf.get(events[0].id)! + 1 - slowDone);
        await p.apply(trx, events);
      }),
    );
    await rebuildReadModels({ db: t.db, store, batchSize: 5, projections: [slow, ...watched], concurrency: 3, batchesAhead: 2 });
    expect(await snapshotReadModels(t.db)).toEqual(good);
    expect(slowDone).toBe(Math.ceil(log.length / 5));
    for (const p of [slow, ...allProjections]) {
      const types = new Set<string>(p.eventTypes);
      expect(handed.get(p.name) ?? [], p.name).toEqual(log.filter((e) => types.has(e.type)).map((e) => e.id));
    }
    // Activity worked on the batch after the one the slow read model was on (with a barrier it
    // could not), never further: two batches allowed.
    expect(mostAhead).toBe(2);
    expect(mostOpen).toBeLessThanOrEqual(3);
    expect(mostOpen).toBeGreaterThan(1);
  });

  it('a read model failing while others ran ahead of it ends the rebuild with the live tables and checkpoints untouched', async () => {
    const good = await snapshotReadModels(t.db);
    const log = await store.readAll({ from: LOG_START, maxCount: 10_000 });
    const batchOf = new Map(log.map((e, i) => [e.id, Math.floor(i / 5)]));
    await t.db.updateTable('vessels').set({ vessel_name: 'corrupted' }).execute();
    const damaged = await snapshotReadModels(t.db);
    const checkpoints = await readCheckpoints(t.db, allProjections.map((p) => p.name));
    // A slow read model of every event type fails its third batch (number 2); activity, meanwhile,
    // has gone on to later ones (committed into the fresh tables).
    let slowBatches = 0;
    let activityFurthest = -1;
    const failing: Projection[] = [
      {
        name: 'slow',
        eventTypes: [...new Set(allProjections.flatMap((p) => p.eventTypes))],
        tables: [],
        async apply() {
          await new Promise((r) => setTimeout(r, 60));
          if (++slowBatches === 3) throw new Error('disk full');
        },
      },
      ...allProjections.map((p) =>
        p.name !== 'activity'
          ? p
          : {
              ...p,
              async apply(...args: Parameters<typeof p.apply>) {
                await p.apply(...args);
                activityFurthest = Math.max(activityFurthest, batchOf.get(args[1][0].id)!);
              },
            },
      ),
    ];
    await expect(rebuildReadModels({ db: t.db, store, batchSize: 5, projections: failing, batchesAhead: 3 })).rejects.toThrow('disk full');
    expect(activityFurthest).toBeGreaterThan(2);
    expect(await snapshotReadModels(t.db)).toEqual(damaged);
    expect(await readCheckpoints(t.db, allProjections.map((p) => p.name))).toEqual(checkpoints);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${REBUILD_SCHEMA}`.execute(t.db)).rows[0].n).toBe(0);
    await rebuildReadModels({ db: t.db, store });
    expect(await snapshotReadModels(t.db)).toEqual(good);
  });

  it('of no read model, reads and verifies the whole log and leaves every read model and checkpoint as it was', async () => {
    const names = allProjections.map((p) => p.name);
    const before = { rows: await snapshotReadModels(t.db), checkpoints: await readCheckpoints(t.db, names) };
    // An event no read model has: the rebuild must read it and still project nothing.
    const last = await appendDomainEvent(store, { type: 'VesselCreated', data: { vesselId: id('b', 99), details: vesselDetails({ vesselName: 'Vessel 99', imoNumber: '9000099' }) } });
    // The log hands out a commit only once no transaction begun before it (in any database of this
    // server, such as another test file's) can still commit: wait until it does, as a runner would.
    const log = await vi.waitFor(
      async () => {
        const events = await store.readAll({ from: LOG_START, maxCount: 100_000 });
        expect(events.at(-1)?.position).toEqual(last.position);
        return events;
      },
      { timeout: 30_000, interval: 50 },
    );
    const result = await rebuildReadModels({ db: t.db, store, projections: [] });
    expect(result.position).toEqual(last.position);
    expect(result.events).toBe(log.length);
    expect(await snapshotReadModels(t.db)).toEqual(before.rows);
    expect(await readCheckpoints(t.db, names)).toEqual(before.checkpoints);
  });

  it('refuses while a projection runner is running, rather than racing it', async () => {
    const runner = createProjectionRunner({ db: t.db, store, onError: () => {} });
    await runner.start();
    try {
      await expect(rebuildReadModels({ db: t.db, store, lockTimeoutMs: 200 })).rejects.toThrow(/Stop it and retry/);
    } finally {
      await runner.stop();
    }
    // Once it has stopped, the rebuild goes ahead.
    await expect(rebuildReadModels({ db: t.db, store, lockTimeoutMs: 200 })).resolves.toMatchObject({ events: expect.any(Number) });
  });

  it('verifies each stream before projecting it and stops naming the first that does not', async () => {
    const [victim] = await store.readStream(`vessel-${id('b', 5)}`);
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      // Behind the append-only trigger's back, as a database superuser could.
      await client.query("SET session_replication_role = 'replica'");
      await client.query(`UPDATE events SET data = jsonb_set(data, '{details,vesselName}', '"Forged"') WHERE event_id = $1`, [victim.id]);
      await client.query("SET session_replication_role = 'origin'");
      const error = await rebuildReadModels({ db: t.db, store, batchSize: 5 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HistoryBrokenError);
      // A rebuild of no read model still reads and verifies the whole log.
      await expect(rebuildReadModels({ db: t.db, store, projections: [] })).rejects.toBeInstanceOf(HistoryBrokenError);
      expect((error as Error).message).toBe(
        `Stream vessel-${id('b', 5)} does not verify at revision 0: its content does not match its recorded hash. The rebuild stopped before projecting it.`,
      );
      // The forged name never reached a read model.
      expect(await t.db.selectFrom('vessels').select('vessel_name').where('vessel_name', '=', 'Forged').execute()).toEqual([]);
    } finally {
      await client.query("SET session_replication_role = 'replica'");
      await client.query(`UPDATE events SET data = $2 WHERE event_id = $1`, [victim.id, JSON.stringify(victim.data)]);
      await client.query("SET session_replication_role = 'origin'");
      await client.end();
    }
    await expect(rebuildReadModels({ db: t.db, store })).resolves.toMatchObject({ events: expect.any(Number) });
  });
});
