/**
 * Catch-up throughput of the projection runner, from empty read models to the end of a log, for
 * two mixes (bench/lib/histories.ts), each in a fresh database:
 * - vessel_edits: 200,000 events of a vessel registry edited over and over (vessels created,
 *   edited 3-15 times, sometimes deleted; accounts and their mails): few rows per event needed,
 *   many if a vessel edit rewrote the vessel's chest;
 * - stock: 601,000 events, the reads bench's fleet (1,000 vessels, each created and stocked with
 *   600 batches in one append).
 *
 * 1. The log is seeded in bulk (multi-row INSERTs of ~5,000 events per transaction) straight into
 *    the adapter's `events` table, with the hash chain computed by the adapter's own `chainHash`,
 *    so every row is what an append writes (checked with verifyStream on a sample of streams).
 * 2. Timed: a projection runner starts from empty read models and catches up to the end of the log
 *    (start → waitFor(last position)): `projection.catchup.<mix>_events_per_s` (goal ≥ 20,000).
 *    The rows it wrote (inserted, updated, deleted: PostgreSQL's table statistics) are printed, per
 *    event.
 * 3. Timed: the rows the runner produced are bulk-inserted into tables of the same shape
 *    (`LIKE ... INCLUDING ALL`: same columns, keys and indexes), in one transaction, as multi-row
 *    INSERTs of 5,000 rows per statement: the cost of just writing the final rows.
 *    `projection.catchup.<mix>_ratio_vs_bulk_insert` = bulk insert time / runner catch-up time, so
 *    HIGHER IS BETTER: 1.0 would mean replaying the whole history costs no more than loading its
 *    end result.
 *
 * Run: npm run bench -- catchup   (BENCH_SCALE=0.1 for a quick run at a tenth of the sizes;
 * BENCH_MIXES=stock to run one mix; BENCH_BATCH to vary the runner's batch size, BENCH_CONCURRENCY
 * its projection transactions open at once)
 */
import { createPostgresEventStore, guardPool, withPoolClient } from '@medchest/eventstore';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { allProjections, createProjectionRunner, createReadModelDb, migrateReadModels } from '@medchest/projections';
import { streamIdOf } from '@medchest/projections/testing/events';
import pg from 'pg';
import { databaseCpuSampler } from './lib/cpu';
import { BENCH_SCALE, describeMix, scaled, seedLog, stockHistory, vesselEditsHistory, type Planned } from './lib/histories';
import { recordFigure } from './lib/results';

/** Default: the runner's own default batch size. */
const BATCH_SIZE = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
/** Default: the runner's own. */
const CONCURRENCY = process.env.BENCH_CONCURRENCY ? Number(process.env.BENCH_CONCURRENCY) : undefined;
const BULK_CHUNK = 5_000;
const GOAL_EVENTS_PER_S = 20_000;

const MIXES: Record<string, () => Planned[]> = {
  vessel_edits: () => vesselEditsHistory(scaled(200_000)),
  stock: () => stockHistory(scaled(1_000), 600),
};

/** Every table a projection owns: the end result a replay produces. */
const READ_MODEL_TABLES = [...new Set(allProjections.flatMap((p) => p.tables))];

/** Rows inserted, updated and deleted in the read-model tables so far (PostgreSQL's statistics). */
async function rowsWritten(pool: pg.Pool): Promise<number> {
  await pool.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await pool.query<{ n: string }>(
    'SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text AS n FROM pg_stat_user_tables WHERE relname = ANY($1)',
    [READ_MODEL_TABLES],
  );
  return Number(rows[0].n);
}

async function runMix(mix: string, plan: () => Planned[]): Promise<void> {
  console.error(`\n-- ${mix}`);
  const database = await createTestDatabase(`bench_catchup_${mix}`);
  const store = createPostgresEventStore({ connectionString: database.url });
  let db = createReadModelDb(database.url);
  // Without error listeners, a connection of this pool dropped by the server (restart, a
  // terminated backend) while idle or checked out is an uncaught 'error' that kills the process
  // (it once did: the dump of a PoolClient, then exit 1). Now it is logged; the query rejects.
  const pool = guardPool(new pg.Pool({ connectionString: database.url, max: 4 }), (error) =>
    console.error(`bench connection lost: ${error.message}`),
  );
  try {
    await store.init();
    await migrateReadModels(db);

    let t = performance.now();
    const planned = plan();
    const last = await seedLog(pool, planned, Date.UTC(2022, 0, 1));
    const events = planned.length;
    console.error(`seeded ${events} events in ${((performance.now() - t) / 1000).toFixed(1)} s: ${describeMix(planned)}`);

    // The seeded rows are what the adapter writes: their hash chains verify.
    for (const p of planned.slice(0, 2000).filter((_, i) => i % 200 === 0)) {
      const report = await store.verifyStream(streamIdOf(p.event));
      if (!report.ok) throw new Error(`seeded stream ${streamIdOf(p.event)} does not verify: ${report.reason}`);
    }

    // --- the runner catching up from nothing --------------------------------------------------
    const writtenBefore = await rowsWritten(pool);
    const runner = createProjectionRunner({ db, store, batchSize: BATCH_SIZE, applyConcurrency: CONCURRENCY });
    // CPU as well as wall: on this shared machine the wall time moves with everyone else's load.
    const pgCpu = databaseCpuSampler(pool);
    const nodeCpu = process.cpuUsage();
    t = performance.now();
    await runner.start();
    const reached = await runner.waitFor(last, 60 * 60_000);
    const runnerSeconds = (performance.now() - t) / 1000;
    const nodeCpuSeconds = ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(nodeCpu));
    const pgCpuSeconds = (await pgCpu.stop()) / 1000;
    await runner.stop();
    if (!reached) throw new Error('the runner did not reach the end of the log');
    // Its connections closed, so their table statistics are flushed.
    await db.destroy();
    db = createReadModelDb(database.url);
    const written = (await rowsWritten(pool)) - writtenBefore;

    // --- the same rows, bulk-inserted ---------------------------------------------------------
    const resulting: Record<string, Record<string, unknown>[]> = {};
    let totalRows = 0;
    /** Each table's stored columns: its generated ones (0094) PostgreSQL writes itself, as for the runner. */
    const columns: Record<string, string> = {};
    for (const table of READ_MODEL_TABLES) {
      await pool.query(`CREATE TABLE bulk_${table} (LIKE ${table} INCLUDING ALL)`);
      const { rows: stored } = await pool.query<{ list: string }>(
        `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS list FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
        [table],
      );
      columns[table] = stored[0].list;
      // Rows as JSON text: what a loader would hand PostgreSQL (timestamps and dates exact).
      const { rows: tableRows } = await pool.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
      resulting[table] = tableRows.map((r) => r.row);
      totalRows += tableRows.length;
    }
    await pool.query('CHECKPOINT');
    t = performance.now();
    await withPoolClient(pool, async (client) => {
      await client.query('BEGIN');
      for (const table of READ_MODEL_TABLES) {
        for (let i = 0; i < resulting[table].length; i += BULK_CHUNK) {
          await client.query(`INSERT INTO bulk_${table} (${columns[table]}) SELECT ${columns[table]} FROM jsonb_populate_recordset(NULL::bulk_${table}, $1::jsonb)`, [
            JSON.stringify(resulting[table].slice(i, i + BULK_CHUNK)),
          ]);
        }
      }
      await client.query('COMMIT');
    });
    const bulkSeconds = (performance.now() - t) / 1000;

    // Same rows: a sanity check that the baseline loaded what the runner produced.
    for (const table of READ_MODEL_TABLES) {
      const { rows: diff } = await pool.query(
        // Rows as jsonb: a json column (vessel_history.changes) has no equality operator for EXCEPT.
        `SELECT count(*)::int AS n FROM ((SELECT to_jsonb(a) FROM ${table} a EXCEPT SELECT to_jsonb(b) FROM bulk_${table} b)
           UNION ALL (SELECT to_jsonb(b) FROM bulk_${table} b EXCEPT SELECT to_jsonb(a) FROM ${table} a)) d`,
      );
      if (diff[0].n !== 0) throw new Error(`bulk copy of ${table} differs from the runner's rows`);
    }
    console.error(
      `runner: ${events} events in ${runnerSeconds.toFixed(2)} s (batch ${BATCH_SIZE ?? 'default'}, concurrency ${CONCURRENCY ?? 'default'}), ${written} rows written (${(written / events).toFixed(2)} per event); ` +
        `bulk insert of the resulting ${totalRows} rows: ${bulkSeconds.toFixed(2)} s`,
    );
    if (BENCH_SCALE !== 1) console.error(`(BENCH_SCALE=${BENCH_SCALE}: not the reported size)`);
    recordFigure(`projection.catchup.${mix}_events_per_s`, events / runnerSeconds, 'events/s', { atLeast: GOAL_EVENTS_PER_S });
    console.error(`runner CPU: PostgreSQL ${pgCpuSeconds.toFixed(1)} s + node ${nodeCpuSeconds.toFixed(1)} s (${((pgCpuSeconds + nodeCpuSeconds) * 1e6 / events).toFixed(0)} us per event)`);
    recordFigure(`projection.catchup.${mix}_cpu_us_per_event`, ((pgCpuSeconds + nodeCpuSeconds) * 1e6) / events, 'us (PostgreSQL + node)');
    recordFigure(`projection.catchup.${mix}_rows_written_per_event`, written / events, 'rows');
    // bulk insert time / runner catch-up time: higher is better (1.0 = replay costs what loading the result costs).
    recordFigure(`projection.catchup.${mix}_ratio_vs_bulk_insert`, bulkSeconds / runnerSeconds, 'x');
  } finally {
    // Every pool on the database closed (each step even if one before it failed) before the drop,
    // whose WITH (FORCE) would terminate any connection still open; the drop runs regardless.
    const closing = await Promise.allSettled([pool.end(), db.destroy(), store.close()]);
    await database.drop();
    for (const step of closing) if (step.status === 'rejected') console.error('closing a connection pool failed:', step.reason);
  }
}

const only = process.env.BENCH_MIXES?.split(',');
for (const [mix, plan] of Object.entries(MIXES)) {
  if (!only || only.includes(mix)) await runMix(mix, plan);
}
