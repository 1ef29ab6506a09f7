/**
 * Append throughput of the PostgreSQL event store against a plain single-row INSERT.
 *
 * 8 concurrent writers, one event per append, each writer on its own streams with the exact
 * expected revision (as command handlers append), against the same 8 writers doing a plain
 * single-row INSERT of the same row into a table with the same columns and the same indexes
 * (primary key (transaction_id, position), unique (stream_id, revision)), through a pool of the same
 * size, serialising the event's data and metadata to JSON per row as any application would.
 * What the INSERT does not do that every append must by contract, and so what the ratio is made of:
 * the append returns each event's log position (RETURNING transaction_id/position: a row
 * description and a data row per statement), writes data and metadata as canonical JSON and hashes
 * each event onto the previous one (hash.ts). Measured side by side on this 2-core machine under
 * load, CPU per row (client + server) of 8 writers: INSERT 225-277 µs, the same INSERT with that
 * RETURNING 14-31 µs more (+6..12%, four runs), and chaining the rows in JavaScript 7 µs more
 * (canonical JSON and sha256: 9 µs against JSON.stringify's 2). The baseline is left without them:
 * it is the floor an event store is held to. What the store does that the INSERT does not: appends
 * that arrive while its one INSERT of appends is on its way wait and share the next one (group
 * commit, eventstore/src/postgres/appendGroups.ts), as the product's appends do; the writers of the
 * baseline each send their own.
 *
 * Both run in the same process on the same fresh database. The machine is shared (other test runs,
 * builds), and its background load changes from second to second, so the two are measured in short
 * alternating slices, append-insert-insert-append, several per round: whatever the background does
 * during a round, both see it alike. Rates are the medians over the rounds; the ratio is the median
 * of the per-round ratios.
 *
 * Then the same rounds again with a follower of the log in another process (bench/lib/
 * followerProcess.ts: the product's follower mechanism, from the head of the log, moving its
 * checkpoint per batch): `append.with_follower_ratio_vs_insert` (goal ≥ 0.95) is what appending
 * costs while it is followed, with the follower paced as the product paces followers nobody waits
 * on (FOLLOWER_READ_INTERVAL_MS.reactor); and once more with a follower that reads as soon as it is
 * woken, as the projections do, for comparison. The bench fails unless each follower received every
 * event appended while it ran, up to the last (`append.followed_events_received`).
 * Throughput on this shared machine moves with everyone else's load, so each follower phase also
 * says what following cost in CPU against what appending cost (`append.follower_cpu_vs_append_cpu`:
 * the follower's process, its connections' server processes and the NOTIFYs sent to it, over this
 * process in append slices and the appends' server processes), a figure the load moves much less.
 */
import { fork } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresEventStore, guardPool } from '@medchest/eventstore';
import { listenerApplicationName, NOTIFIER_APPLICATION_NAME } from '@medchest/eventstore/postgres/notifications';
import { lastCommittedPosition } from '@medchest/eventstore/postgres/index';
import { eventsTableDdl } from '@medchest/eventstore/postgres/schema';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { createReadModelDb, FOLLOWER_READ_INTERVAL_MS, migrateReadModels } from '@medchest/projections';
import { FOLLOWER_NAME, type FollowerReport } from './lib/followerReport';
import { backendPids, cpuMeter } from './lib/cpu';
import { recordFigure } from './lib/results';

const WRITERS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
/** Each round: SLICES_PER_ROUND slices of each kind, SLICE_MS long, in ABBA order. */
const SLICES_PER_ROUND = 4;
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 400);
const POOL_SIZE = 10;
/** application_name of the appends' connections. */
const APPEND_CONNECTIONS = 'bench-append';
/** Appends per stream before a writer moves on to a new stream (a vessel's history, say). */
const EVENTS_PER_STREAM = 20;

const data = {
  vesselId: randomUUID(),
  name: 'MV Northern Aurora',
  imo: '9074729',
  flagState: 'Malta',
  type: 'Bulk Carrier',
  crewSize: 24,
  fleet: 'North Atlantic',
  company: 'Aurora Shipping Ltd',
  contractEndDate: '2026-11-30',
};
const metadata = { userId: randomUUID(), correlationId: randomUUID(), occurredAt: new Date().toISOString() };

interface Tally {
  operations: number;
  seconds: number;
}

/** Run `write` in WRITERS concurrent loops for `ms`, adding what was done to `tally`. */
async function measure(ms: number, tally: Tally, write: (writer: number, n: number) => Promise<void>): Promise<void> {
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        await write(writer, n);
        tally.operations += 1;
      }
    }),
  );
  tally.seconds += (performance.now() - started) / 1_000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** bench/lib/followerProcess.ts in a child process, started once it follows. */
async function startFollowerProcess(databaseUrl: string, readIntervalMs: number) {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'lib', 'followerProcess.ts'), [databaseUrl, String(readIntervalMs)], {
    // BENCH_FOLLOWER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the follower too.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_FOLLOWER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    // Its connections carry the follower's name (application_name), for the CPU accounting.
    env: { ...process.env, PGAPPNAME: FOLLOWER_NAME },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(String(message)))));
    void exited.then(() => reject(new Error('the follower process exited before it started')));
  });
  return {
    pid: child.pid!,
    report: () =>
      new Promise<FollowerReport>((resolve) => {
        child.once('message', (message) => resolve(message as FollowerReport));
        child.send('report');
      }),
    async stop() {
      child.send('stop');
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_append');
  // A connection lost while idle or checked out (the drop at the end ends any still closing) must
  // not be an uncaught 'error': the pools and each of their clients get a listener. The appends'
  // connections are named, so that their server processes' CPU can be told apart. Both pools keep
  // their connections while idle (idleTimeoutMillis 0): the server processes whose CPU a follower
  // phase counts are looked up as it begins, and pg's default of 10 s closed them during the read
  // models' migration or the follower's start, so that appending's server CPU was counted as 0.
  const appendPool = guardPool(
    new pg.Pool({ connectionString: database.url, max: POOL_SIZE, application_name: APPEND_CONNECTIONS, idleTimeoutMillis: 0 }),
  );
  const store = createPostgresEventStore({ connectionString: database.url, pool: appendPool });
  const baseline = guardPool(new pg.Pool({ connectionString: database.url, max: POOL_SIZE, idleTimeoutMillis: 0 }));
  const readModels = createReadModelDb(database.url, { maxConnections: 2 });
  try {
    await store.init();
    await baseline.query(eventsTableDdl('insert_baseline'));

    // Every slice writes to new streams, so each writer's streams are its own and start empty;
    // a writer moves to a new stream every EVENTS_PER_STREAM events.
    let slice = 0;
    /** This process's CPU spent in append slices (hashing, JSON, the pg client), ms. */
    let appendClientCpuMs = 0;
    const appendSlice = async (ms: number, tally: Tally) => {
      const tag = `s${(slice += 1)}`;
      const next = new Map<string, bigint>();
      const cpuBefore = process.cpuUsage();
      await measure(ms, tally, async (writer, n) => {
        const stream = `vessel-${tag}-w${writer}-${Math.floor(n / EVENTS_PER_STREAM)}`;
        const expected = next.get(stream) ?? 'no_stream';
        const result = await store.appendToStream(stream, [{ type: 'VesselUpdated', version: 1, data, metadata }], { expected });
        next.set(stream, result.nextExpectedRevision);
      });
      const cpu = process.cpuUsage(cpuBefore);
      appendClientCpuMs += (cpu.user + cpu.system) / 1_000;
    };
    // A plain table has no chain; the column is filled with a value of the same size.
    const hash = createHash('sha256').update('baseline').digest('hex');
    const insertSlice = (ms: number, tally: Tally) => {
      const tag = `s${(slice += 1)}`;
      return measure(ms, tally, async (writer, n) => {
        const stream = `vessel-${tag}-w${writer}-${Math.floor(n / EVENTS_PER_STREAM)}`;
        await baseline.query({
          name: 'baseline_insert',
          text: `INSERT INTO insert_baseline (stream_id, revision, event_id, type, version, data, metadata, hash)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          values: [stream, n % EVENTS_PER_STREAM, randomUUID(), 'VesselUpdated', 1, JSON.stringify(data), JSON.stringify(metadata), hash],
        });
      });
    };

    // Warm up connections, prepared statements and caches.
    await appendSlice(1_000, { operations: 0, seconds: 0 });
    await insertSlice(1_000, { operations: 0, seconds: 0 });

    const appends: number[] = [];
    const inserts: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const append: Tally = { operations: 0, seconds: 0 };
      const insert: Tally = { operations: 0, seconds: 0 };
      for (let i = 0; i < SLICES_PER_ROUND / 2; i += 1) {
        await appendSlice(SLICE_MS, append);
        await insertSlice(SLICE_MS, insert);
        await insertSlice(SLICE_MS, insert);
        await appendSlice(SLICE_MS, append);
      }
      appends.push(append.operations / append.seconds);
      inserts.push(insert.operations / insert.seconds);
      const [a, b] = [appends[appends.length - 1], inserts[inserts.length - 1]];
      console.error(`round ${round}: append ${a.toFixed(0)}/s, insert ${b.toFixed(0)}/s, ratio ${(a / b).toFixed(3)}`);
    }

    recordFigure('append.events_per_s', median(appends), 'events/s');
    recordFigure('insert.rows_per_s', median(inserts), 'rows/s');
    recordFigure('append.ratio_vs_insert', median(appends.map((rate, i) => rate / inserts[i])), 'x');

    // With a follower in another process: the product's follower mechanism, receiving every event
    // appended from here on (it starts at the head of the log) and moving its checkpoint per batch.
    // Appends then also wake it (coalesced NOTIFYs) and it reads them back while the writers write.
    await migrateReadModels(readModels);
    const followed = async (label: string, readIntervalMs: number) => {
      const head = await lastCommittedPosition(baseline);
      if (!head) throw new Error('the log is empty');
      await baseline.query(
        `INSERT INTO follower_checkpoints (name, kind, commit_position, event_position) VALUES ($1, 'reactor', $2, $3)
         ON CONFLICT (name) DO UPDATE SET commit_position = excluded.commit_position, event_position = excluded.event_position`,
        [FOLLOWER_NAME, head.commit.toString(), head.event.toString()],
      );
      const follower = await startFollowerProcess(database.url, readIntervalMs);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1_200)); // let the writers see the listener
        // What following costs in CPU (its process, its connections' server processes, its
        // listener's), against what appending costs (this process in append slices, and the
        // appends' server processes): load on the machine moves throughput, much less CPU per event.
        // The NOTIFYs that wake it are sent from here, on a connection of their own: its cost too.
        const followerProcessCpu = cpuMeter([follower.pid]);
        const followerServerCpu = cpuMeter(await backendPids(baseline, [FOLLOWER_NAME, listenerApplicationName(readIntervalMs)]));
        const notifierCpu = cpuMeter(await backendPids(baseline, [NOTIFIER_APPLICATION_NAME]));
        const appendServerCpu = cpuMeter(await backendPids(baseline, [APPEND_CONNECTIONS]));
        const appendClientCpuBefore = appendClientCpuMs;
        let appended = 0;
        const appends: number[] = [];
        const inserts: number[] = [];
        for (let round = 1; round <= ROUNDS; round += 1) {
          const append: Tally = { operations: 0, seconds: 0 };
          const insert: Tally = { operations: 0, seconds: 0 };
          for (let i = 0; i < SLICES_PER_ROUND / 2; i += 1) {
            await appendSlice(SLICE_MS, append);
            await insertSlice(SLICE_MS, insert);
            await insertSlice(SLICE_MS, insert);
            await appendSlice(SLICE_MS, append);
          }
          appended += append.operations;
          appends.push(append.operations / append.seconds);
          inserts.push(insert.operations / insert.seconds);
          const [a, b] = [appends[round - 1], inserts[round - 1]];
          console.error(`round ${round} with ${label}: append ${a.toFixed(0)}/s, insert ${b.toFixed(0)}/s, ratio ${(a / b).toFixed(3)}`);
        }
        // It must have received every event appended while it ran, up to the last one.
        const tailPosition = await lastCommittedPosition(baseline);
        const tail = tailPosition ? `${tailPosition.commit}/${tailPosition.event}` : '';
        const deadline = Date.now() + 30_000;
        let report = await follower.report();
        while (report.last !== tail && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          report = await follower.report();
        }
        console.error(`${label} received ${report.received} of the ${appended} events appended while it ran, in ${report.batches} batches`);
        if (report.received !== appended || report.last !== tail) {
          throw new Error(`${label} received ${report.received} events up to ${report.last}; ${appended} were appended, up to ${tail}`);
        }
        const appendCpuMs = appendServerCpu.used() + appendClientCpuMs - appendClientCpuBefore;
        const following = { process: followerProcessCpu.used(), server: followerServerCpu.used(), notifies: notifierCpu.used() };
        console.error(
          `CPU: appending ${appendCpuMs.toFixed(0)} ms (${(appendClientCpuMs - appendClientCpuBefore).toFixed(0)} here); following ` +
            `${following.process} ms in its process, ${following.server} ms in its server processes, ${following.notifies} ms sending NOTIFYs`,
        );
        return {
          appended,
          report,
          rate: median(appends),
          ratio: median(appends.map((rate, i) => rate / inserts[i])),
          followerCpuShare: (following.process + following.server + following.notifies) / appendCpuMs,
        };
      } finally {
        await follower.stop();
      }
    };

    // A follower paced as the product paces the followers nobody waits on (reactors)...
    const paced = await followed('a follower in another process', FOLLOWER_READ_INTERVAL_MS.reactor);
    recordFigure('append.followed_events_received', paced.report.received, `events (of ${paced.appended} appended)`, { atLeast: paced.appended });
    recordFigure('append.with_follower_events_per_s', paced.rate, 'events/s');
    recordFigure('append.with_follower_ratio_vs_insert', paced.ratio, `x (follower reads at most every ${FOLLOWER_READ_INTERVAL_MS.reactor} ms)`, { atLeast: 0.95 });
    recordFigure('append.with_follower_events_per_read', paced.report.received / Math.max(1, paced.report.batches), 'events');
    recordFigure('append.follower_cpu_vs_append_cpu', paced.followerCpuShare, 'x (CPU following the events took / CPU appending them took)');
    // ...and, for comparison, one reading as soon as woken, as the projections do.
    const eager = await followed('an unpaced follower in another process', FOLLOWER_READ_INTERVAL_MS.projection);
    recordFigure('append.with_unpaced_follower_ratio_vs_insert', eager.ratio, 'x (follower reads as soon as woken)');
    recordFigure('append.with_unpaced_follower_events_per_read', eager.report.received / Math.max(1, eager.report.batches), 'events');
    recordFigure('append.unpaced_follower_cpu_vs_append_cpu', eager.followerCpuShare, 'x');
  } finally {
    // Both pools closed (even if one fails) before the drop, whose WITH (FORCE) ends what is left.
    const closing = await Promise.allSettled([store.close().then(() => appendPool.end()), baseline.end(), readModels.destroy()]);
    await database.drop();
    for (const step of closing) if (step.status === 'rejected') console.error('closing a connection pool failed:', step.reason);
  }
}

await main();
