/**
 * Append throughput of the PostgreSQL event store against a plain single-row INSERT.
 *
 * 8 concurrent writers, one event per append, each writer on its own streams with the exact
 * expected revision (as command handlers append), against the same 8 writers doing a plain
 * single-row INSERT of the same row into a table with the same columns and the same indexes
 * (primary key (transaction_id, position), unique (stream_id, revision)), through a pool of the same
 * size, serialising the event's data and metadata to JSON per row as any application would.
 *
 * Both run in the same process on the same fresh database. The machine is shared (other test runs,
 * builds), and its background load changes from second to second, so the two are measured in short
 * alternating slices, append-insert-insert-append, several per round: whatever the background does
 * during a round, both see it alike. Rates are the medians over the rounds; the ratio is the median
 * of the per-round ratios.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPostgresEventStore, guardPool } from '@medchest/eventstore';
import { eventsTableDdl } from '@medchest/eventstore/postgres/schema';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { recordFigure } from './lib/results';

const WRITERS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
/** Each round: SLICES_PER_ROUND slices of each kind, SLICE_MS long, in ABBA order. */
const SLICES_PER_ROUND = 4;
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 400);
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

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_append');
  const store = createPostgresEventStore({ connectionString: database.url, poolSize: POOL_SIZE });
  // A connection lost while idle or checked out (the drop at the end ends any still closing) must
  // not be an uncaught 'error': the pool and each of its clients get a listener.
  const baseline = guardPool(new pg.Pool({ connectionString: database.url, max: POOL_SIZE }));
  try {
    await store.init();
    await baseline.query(eventsTableDdl('insert_baseline'));

    // Every slice writes to new streams, so each writer's streams are its own and start empty;
    // a writer moves to a new stream every EVENTS_PER_STREAM events.
    let slice = 0;
    const appendSlice = (ms: number, tally: Tally) => {
      const tag = `s${(slice += 1)}`;
      const next = new Map<string, bigint>();
      return measure(ms, tally, async (writer, n) => {
        const stream = `vessel-${tag}-w${writer}-${Math.floor(n / EVENTS_PER_STREAM)}`;
        const expected = next.get(stream) ?? 'no_stream';
        const result = await store.appendToStream(stream, [{ type: 'VesselUpdated', version: 1, data, metadata }], { expected });
        next.set(stream, result.nextExpectedRevision);
      });
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

    // For the record (not a figure): the cost of waking followers. With a follower in another
    // process, appends also send NOTIFYs (coalesced, at most one per 5 ms) and the follower wakes
    // and reads; it follows a prefix nothing is written to, so that its own reading of the events
    // does not count against the writers.
    const elsewhere = createPostgresEventStore({ connectionString: database.url });
    let followed = 0;
    const follower = elsewhere.subscribe({
      from: { commit: -1n, event: -1n },
      streamPrefixes: ['nothing-'],
      onEvents: async (events) => void (followed += events.length),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_200)); // let the writers see the listener
      const ratios: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const append: Tally = { operations: 0, seconds: 0 };
        const insert: Tally = { operations: 0, seconds: 0 };
        await appendSlice(SLICE_MS, append);
        await insertSlice(SLICE_MS, insert);
        await insertSlice(SLICE_MS, insert);
        await appendSlice(SLICE_MS, append);
        ratios.push(append.operations / append.seconds / (insert.operations / insert.seconds));
      }
      console.error(`with a follower woken in another process: ratio ${median(ratios).toFixed(3)} (${followed} events handed to it)`);
    } finally {
      await follower.stop();
      await elsewhere.close();
    }
  } finally {
    // Both pools closed (even if one fails) before the drop, whose WITH (FORCE) ends what is left.
    const closing = await Promise.allSettled([store.close(), baseline.end()]);
    await database.drop();
    for (const step of closing) if (step.status === 'rejected') console.error('closing a connection pool failed:', step.reason);
  }
}

await main();
