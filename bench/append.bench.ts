/**
 * Append throughput of the PostgreSQL event store against a plain single-row INSERT.
 *
 * 8 concurrent writers, one event per append, each writer on its own streams with the exact
 * expected revision (as command handlers append), against the same 8 writers doing a plain
 * single-row INSERT of the same row into a table with the same columns and the same indexes
 * (primary key (transaction_id, position), unique (stream_id, revision)), through a pool of the same
 * size, serialising the event's data and metadata to JSON per row as any application would. Both
 * run in the same process on the same fresh database, in alternating rounds (append first, then
 * insert first, ...), so background load and table growth hit both alike. Rates are the medians of
 * the rounds; the ratio is the median of the per-round ratios, which is the figure least disturbed
 * by a machine that is busy with other work.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPostgresEventStore } from '@medchest/eventstore';
import { eventsTableDdl } from '@medchest/eventstore/postgres/schema';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { recordFigure } from './lib/results';

const WRITERS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2_500);
const POOL_SIZE = 10;
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

/** Run `write` in WRITERS concurrent loops for `ms`; returns operations per second. */
async function measure(ms: number, write: (writer: number, n: number) => Promise<void>): Promise<number> {
  let count = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        await write(writer, n);
        count += 1;
      }
    }),
  );
  return count / ((performance.now() - started) / 1_000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_append');
  const store = createPostgresEventStore({ connectionString: database.url, poolSize: POOL_SIZE });
  const baseline = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
  // Dropping the database at the end ends any connection still closing; that is not a failure.
  baseline.on('error', () => undefined);
  try {
    await store.init();
    await baseline.query(eventsTableDdl('insert_baseline'));

    // Each round uses new stream ids, so every writer's streams are its own and start empty.
    let round = 0;
    const appendRound = (ms: number) => {
      const tag = `r${(round += 1)}`;
      const next = new Map<string, bigint>();
      return measure(ms, async (writer, n) => {
        const stream = `vessel-${tag}-w${writer}-${Math.floor(n / EVENTS_PER_STREAM)}`;
        const expected = next.get(stream) ?? 'no_stream';
        const result = await store.appendToStream(stream, [{ type: 'VesselUpdated', version: 1, data, metadata }], { expected });
        next.set(stream, result.nextExpectedRevision);
      });
    };
    // A plain table has no chain; the column is filled with a value of the same size.
    const hash = createHash('sha256').update('baseline').digest('hex');
    const insertRound = (ms: number) => {
      const tag = `r${(round += 1)}`;
      return measure(ms, async (writer, n) => {
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
    await appendRound(1_000);
    await insertRound(1_000);

    const appends: number[] = [];
    const inserts: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternate which goes first so drift (autovacuum, checkpoints, table growth) hits both alike.
      if (i % 2 === 0) {
        appends.push(await appendRound(ROUND_MS));
        inserts.push(await insertRound(ROUND_MS));
      } else {
        inserts.push(await insertRound(ROUND_MS));
        appends.push(await appendRound(ROUND_MS));
      }
      console.error(`round ${i + 1}: append ${appends[i].toFixed(0)}/s, insert ${inserts[i].toFixed(0)}/s, ratio ${(appends[i] / inserts[i]).toFixed(3)}`);
    }

    recordFigure('append.events_per_s', median(appends), 'events/s');
    recordFigure('insert.rows_per_s', median(inserts), 'rows/s');
    recordFigure('append.ratio_vs_insert', median(appends.map((rate, i) => rate / inserts[i])), 'x');
  } finally {
    await store.close();
    await baseline.end();
    await database.drop();
  }
}

await main();
