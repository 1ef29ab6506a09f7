import type { AppendResult } from '@medchest/eventstore';
import { createPostgresEventStore, type PostgresEventStore } from '@medchest/eventstore/postgres/index';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityProjection } from './activity/project';
import { allProjections } from './all';
import { readCheckpoints } from './checkpoints/checkpoints';
import type { ReadModelDb } from './db';
import type { Projection } from './projection';
import { createProjectionRunner } from './runner';
import { createReadModelTestDb, resetReadModels, snapshotReadModels, type ReadModelTestDb } from './testing/db';
import { appendDomainEvent, vesselDetails } from './testing/events';

let t: ReadModelTestDb;
let store: PostgresEventStore;
let last: AppendResult;

const id = (kind: string, n: number) => `${kind}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  t = await createReadModelTestDb('proj_empty_catchup');
  store = createPostgresEventStore({ connectionString: t.url, follow: { pollIntervalMs: 100 } });
  await store.init();
  // Users, vessels created, renamed and deleted, chests stocked and imported into: ~60 events,
  // a dozen batches of 5, feeding every read model that has deferred indexes.
  for (let n = 1; n <= 3; n++) {
    const userId = id('a', n);
    last = await appendDomainEvent(store, {
      type: 'UserRegistered',
      data: { userId, email: `user${n}@example.com`, firstName: `F${n}`, role: 'fleet_manager', status: 'pending', source: 'signup' },
    });
    last = await appendDomainEvent(store, { type: 'UserApproved', data: { userId, email: `user${n}@example.com` } });
  }
  for (let n = 1; n <= 10; n++) {
    const vesselId = id('b', n);
    const by = { userId: id('a', (n % 3) + 1) };
    last = await appendDomainEvent(store, { type: 'VesselCreated', data: { vesselId, details: vesselDetails({ vesselName: `Vessel ${n}`, imoNumber: `90000${10 + n}` }) } }, by);
    last = await appendDomainEvent(store, { type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ vesselName: `Vessel ${n} renamed` }) } }, by);
    for (let k = 1; k <= 2; k++) {
      last = await appendDomainEvent(
        store,
        { type: 'BatchAdded', data: { batchId: id('c', n * 10 + k), vesselId, scaleId: `IMGS0${k}`, batchNumber: k, quantity: 10 * k, expiryDate: `2026-0${k}-15` } },
        by,
      );
    }
    last = await appendDomainEvent(
      store,
      { type: 'InventoryImported', data: { vesselId, importId: id('d', n), fileName: `v${n}.csv`, source: 'csv', successCount: 2, errorCount: 0, errors: [] } },
      by,
    );
    if (n % 4 === 0) last = await appendDomainEvent(store, { type: 'VesselDeleted', data: { vesselId, vesselName: `Vessel ${n} renamed` } }, by);
  }
});
afterAll(async () => {
  await store?.close();
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

/** Every index of the read models' tables, by name, with its definition. */
async function indexes(db: Kysely<ReadModelDb>): Promise<Record<string, string>> {
  const tables = [...new Set(allProjections.flatMap((p) => p.tables))];
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY(${tables}::text[])`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
}

async function droppedIndexes(): Promise<string[]> {
  return (await t.db.selectFrom('dropped_indexes').select('index_name').orderBy('index_name').execute()).map((r) => r.index_name);
}

/** The projections, the activity feed's handler noting whether its trigram index is there at each batch. */
function watchingSearchIndex(seen: boolean[], before?: (call: number) => Promise<void>): Projection[] {
  const watched: Projection = {
    ...activityProjection,
    async apply(trx, events) {
      await before?.(seen.length + 1);
      const { rows } = await sql<{ found: boolean }>`SELECT to_regclass('activities_search_idx') IS NOT NULL AS found`.execute(trx);
      seen.push(rows[0].found);
      await activityProjection.apply(trx, events);
    },
  };
  return allProjections.map((p) => (p === activityProjection ? watched : p));
}

/** Runs a projection runner until it has caught up with the log, checks `whenCaughtUp` (if any) before stopping it. */
async function catchUp(
  options: { batchSize: number; projections?: Projection[]; onError?: (error: unknown) => void },
  whenCaughtUp?: () => Promise<void>,
): Promise<void> {
  const runner = createProjectionRunner({ db: t.db, store, onError: () => {}, ...options });
  await runner.start();
  try {
    expect(await runner.waitFor(last.position, 60_000)).toBe(true);
    await whenCaughtUp?.();
  } finally {
    await runner.stop();
  }
}

/** The rows and indexes a catch-up with every index in place ends with: the log in one batch short of full. */
async function normalCatchup() {
  await catchUp({ batchSize: 10_000 });
  expect(await droppedIndexes()).toEqual([]);
  const rows = await snapshotReadModels(t.db);
  await resetReadModels(t.db);
  return rows;
}

describe('a catch-up from empty read models', () => {
  it('goes without the indexes only reads use, builds them before it counts as caught up, and ends with every index and the same rows', async () => {
    const allIndexes = await indexes(t.db);
    expect(allIndexes).toHaveProperty('activities_search_idx');
    const expected = await normalCatchup();
    expect(expected.activities.length).toBeGreaterThan(20);

    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await catchUp({ batchSize: 5, projections: watchingSearchIndex(seen), onError: (e) => errors.push(e) }, async () => {
      // As soon as it counts as caught up: every index there, none left to build.
      expect(await indexes(t.db)).toEqual(allIndexes);
      expect(await droppedIndexes()).toEqual([]);
    });
    expect(errors).toEqual([]);
    // Without the trigram index while catching up, with it for the last batch.
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.slice(0, -1)).toEqual(seen.slice(0, -1).map(() => false));
    expect(seen.at(-1)).toBe(true);
    expect(await snapshotReadModels(t.db)).toEqual(expected);
  });

  it('keeps its indexes when the read model has rows, however far behind', async () => {
    // A read model with rows is read in earnest: a backlog does not take its indexes away. Here the
    // rows stay and the checkpoints go back to the start of the log (handlers are idempotent).
    await catchUp({ batchSize: 10_000 });
    const expected = await snapshotReadModels(t.db);
    await t.db.deleteFrom('follower_checkpoints').execute();

    const seen: boolean[] = [];
    await catchUp({ batchSize: 5, projections: watchingSearchIndex(seen) });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((found) => found)).toBe(true);
    expect(await snapshotReadModels(t.db)).toEqual(expected);
  });

  it('stopped in the middle (as by a crash), leaves its dropped indexes to the next start, which builds them again', async () => {
    const allIndexes = await indexes(t.db);
    const expected = await normalCatchup();

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reachedThird!: () => void;
    const third = new Promise<void>((r) => (reachedThird = r));
    const seen: boolean[] = [];
    const first = createProjectionRunner({
      db: t.db,
      store,
      batchSize: 5,
      onError: () => {},
      projections: watchingSearchIndex(seen, async (call) => {
        if (call !== 3) return;
        reachedThird();
        await gate;
      }),
    });
    await first.start();
    await third;
    // Stopped while its third batch is under way (the batch read meanwhile may still be applied):
    // nothing is built again, as stop does no clean-up: the state a killed process leaves.
    const stopping = first.stop();
    release();
    await stopping;
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((found) => !found)).toBe(true);
    expect(await droppedIndexes()).toEqual(expect.arrayContaining(['activities_search_idx', 'vessels_name_idx']));
    expect(await indexes(t.db)).not.toHaveProperty('activities_search_idx');
    const stoppedAt = (await readCheckpoints(t.db, [activityProjection.name])).get(activityProjection.name)!;
    expect(stoppedAt.event).toBeLessThan(last.position.event);

    const again: boolean[] = [];
    await catchUp({ batchSize: 5, projections: watchingSearchIndex(again) });
    // Built again before its first batch; the tables have rows now, so not dropped again.
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((found) => found)).toBe(true);
    expect(await indexes(t.db)).toEqual(allIndexes);
    expect(await droppedIndexes()).toEqual([]);
    expect(await snapshotReadModels(t.db)).toEqual(expected);
  });
});
