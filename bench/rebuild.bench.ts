/**
 * Rebuild of every read model from a log of 1,000,000 events of a realistic year (goal ≤ 60 s).
 *
 * The year is the demo's (bench/lib/demoYear.ts): the demo fleet's twelve months, seeded through
 * the product's commands into a scratch database, copied fleet by fleet to a million events
 * (about 2,000 vessels: chests imported, usage, monthly and yearly counts, certificates, orders).
 *
 * 1. The log is seeded in bulk straight into the adapter's `events` table (valid hash chains).
 * 2. Timed: rebuildReadModels (every projection, every stream's hash chain verified on the way,
 *    fresh tables swapped in): `projection.rebuild_year_1m_s`, and the same as events per second;
 *    and the CPU it took, this process's and the database's (its backends): on a shared 2-core
 *    machine the wall time moves with everyone's load, CPU seconds much less.
 *
 * 3. With BENCH_PER_READ_MODEL=1, what each read model costs a rebuild (issue 14: decide, per read
 *    model, what its cost per event may be): the same log rebuilt again with no read model (the
 *    log read, decoded and its chains verified: what every rebuild pays), then with each read
 *    model alone; each one's CPU per event of the log over that of the log alone,
 *    `projection.rebuild_alone.<read model>.cpu_us_per_event`, most expensive first: where a
 *    rebuild's CPU goes, and so which read model's writes to make cheaper first. Each run alone
 *    also pays a rebuild's fixed costs (fresh tables, their indexes, the swap) once more, so the
 *    parts add up to more than the whole rebuild's CPU (both are printed).
 *
 * Run: npm run bench -- rebuild   (BENCH_SCALE=0.1 for a quick run at a tenth of the size;
 * BENCH_DEMO_EVENTS=<file> keeps the demo's events in a file, to replay the same log again;
 * BENCH_BATCH, BENCH_CONCURRENCY and BENCH_AHEAD vary the rebuild's batch size, read models written at once
 * and batches a read model may run ahead of the slowest; BENCH_PER_READ_MODEL=1 adds step 3)
 */
import { createPostgresEventStore, guardPool } from '@medchest/eventstore';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { allProjections, createReadModelDb, migrateReadModels, rebuildReadModels, type Projection } from '@medchest/projections';
import pg from 'pg';
import { demoYearEvents, demoYearHistory } from './lib/demoYear';
import { databaseCpuSampler } from './lib/cpu';
import { BENCH_SCALE, describeMix, scaled, seedLog, waitUntilReadable } from './lib/histories';
import { recordFigure } from './lib/results';

const EVENTS = scaled(1_000_000);
const GOAL_S = 60;
/** Default: the rebuild's own. */
const BATCH_SIZE = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
const CONCURRENCY = process.env.BENCH_CONCURRENCY ? Number(process.env.BENCH_CONCURRENCY) : undefined;
const AHEAD = process.env.BENCH_AHEAD ? Number(process.env.BENCH_AHEAD) : undefined;
const PER_READ_MODEL = process.env.BENCH_PER_READ_MODEL === '1';

let t = performance.now();
const demo = await demoYearEvents();
const { planned, start, copies } = demoYearHistory(demo, EVENTS);
console.error(`the demo's year: ${demo.length} events in ${((performance.now() - t) / 1000).toFixed(1)} s, copied ${copies} times`);

const database = await createTestDatabase('bench_rebuild');
const store = createPostgresEventStore({ connectionString: database.url });
const db = createReadModelDb(database.url);
const pool = guardPool(new pg.Pool({ connectionString: database.url, max: 2 }), (error) => console.error(`bench connection lost: ${error.message}`));
/**
 * A rebuild of these read models from the whole log, timed. CPU as well as wall: the machine is
 * shared. The database's: every backend serving this database, polled while the rebuild runs (the
 * same sampler as the catch-up bench), so its lock connection and a parallel index build's workers
 * count although they exit before the end.
 */
async function timedRebuild(projections: readonly Projection[]) {
  const pgCpu = databaseCpuSampler(pool);
  const nodeBefore = process.cpuUsage();
  const t = performance.now();
  let result: Awaited<ReturnType<typeof rebuildReadModels>>;
  let pgCpuMs: number;
  try {
    result = await rebuildReadModels({ db, store, projections, batchSize: BATCH_SIZE, concurrency: CONCURRENCY, batchesAhead: AHEAD });
  } finally {
    // Stopped before the pool it polls on can be closed, even if the rebuild failed.
    pgCpuMs = await pgCpu.stop();
  }
  const seconds = (performance.now() - t) / 1000;
  const nodeCpu = process.cpuUsage(nodeBefore);
  return { result, seconds, nodeCpuS: (nodeCpu.user + nodeCpu.system) / 1e6, pgCpuS: pgCpuMs / 1000 };
}

try {
  await store.init();
  await migrateReadModels(db);
  t = performance.now();
  const last = await seedLog(pool, planned, start);
  console.error(`seeded ${planned.length} events in ${((performance.now() - t) / 1000).toFixed(1)} s: ${describeMix(planned)}`);
  await waitUntilReadable(pool, planned.length);

  const { result, seconds, nodeCpuS, pgCpuS } = await timedRebuild(allProjections);
  console.error(`rebuild CPU: node ${nodeCpuS.toFixed(1)} s, PostgreSQL backends ${pgCpuS.toFixed(1)} s`);
  if (result.events !== planned.length || result.position.commit !== last.commit || result.position.event !== last.event) {
    throw new Error(`the rebuild read ${result.events} events, up to ${result.position.commit}/${result.position.event}`);
  }
  const { rows } = await pool.query<{ vessels: number; batches: number; activities: number }>(
    'SELECT (SELECT count(*) FROM vessels)::int AS vessels, (SELECT count(*) FROM inventory_batches)::int AS batches, (SELECT count(*) FROM activities)::int AS activities',
  );
  console.error(`rebuilt ${result.events} events in ${seconds.toFixed(1)} s (batch ${BATCH_SIZE ?? 'default'}, concurrency ${CONCURRENCY ?? 'default'}): ${rows[0].vessels} vessels, ${rows[0].batches} batches, ${rows[0].activities} activity lines`);
  if (BENCH_SCALE !== 1) console.error(`(BENCH_SCALE=${BENCH_SCALE}: not the reported size)`);
  recordFigure('projection.rebuild_year_1m_s', seconds, 's', { atMost: GOAL_S });
  recordFigure('projection.rebuild_year_events_per_s', result.events / seconds, 'events/s');
  recordFigure('projection.rebuild_year_node_cpu_s', nodeCpuS, 's');
  recordFigure('projection.rebuild_year_postgres_cpu_s', pgCpuS, 's');

  if (PER_READ_MODEL) {
    const perEvent = (run: { nodeCpuS: number; pgCpuS: number }) => ((run.nodeCpuS + run.pgCpuS) * 1e6) / result.events;
    const logOnly = await timedRebuild([]);
    recordFigure('projection.rebuild_alone.log_only.cpu_us_per_event', perEvent(logOnly), 'us (node + PostgreSQL: the log read, decoded, its chains verified)');
    const alone: { name: string; usOverLog: number; seconds: number }[] = [];
    for (const projection of allProjections) {
      const run = await timedRebuild([projection]);
      alone.push({ name: projection.name, usOverLog: perEvent(run) - perEvent(logOnly), seconds: run.seconds });
    }
    for (const { name, usOverLog, seconds } of alone.sort((a, b) => b.usOverLog - a.usOverLog)) {
      recordFigure(`projection.rebuild_alone.${name}.cpu_us_per_event`, usOverLog, `us over the log alone (${seconds.toFixed(1)} s alone)`);
    }
    const parts = perEvent(logOnly) + alone.reduce((sum, run) => sum + run.usOverLog, 0);
    console.error(`the log alone and each read model's part: ${parts.toFixed(0)} us per event in all; the whole rebuild above took ${perEvent({ nodeCpuS, pgCpuS }).toFixed(0)} us`);
  }
} finally {
  const closing = await Promise.allSettled([pool.end(), db.destroy(), store.close()]);
  await database.drop();
  for (const step of closing) if (step.status === 'rejected') console.error('closing a connection pool failed:', step.reason);
}
