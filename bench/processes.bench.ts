/**
 * Beyond one process (issue 14): command and append throughput with one and with two product
 * processes on one database.
 *
 * Two real product processes (app/src/main.ts, as `npm start` runs it; app/src/testing/
 * productProcess.ts) on one fresh database and Redis prefix, each on its own port. One of them holds
 * the followers (read models and reactors); the other answers its commands' read-your-writes by
 * following the first one's checkpoints. CLIENTS closed-loop clients sign in as the demo fleet
 * manager and send Add Vessel (POST /api/vessels, which answers once the read models it names show
 * the vessel), either all to the first process ("one") or half to each ("two"), in alternating
 * slices (one two two one, BENCH_ROUNDS times), so that both see the same background load of this
 * shared 2-core machine:
 *   - processes.{one,two}.commands_per_s: Add Vessel answered 201 per second;
 *   - processes.{one,two}.appended_events_per_s: events the log grew by per second meanwhile
 *     (every event the commands appended, counted in the events table);
 *   - processes.{one,two}.command_p50_ms: a command's time to its answer;
 *   - processes.two_vs_one: the ratio of the two command rates.
 * The second process adds CPU-bound work on the same two cores as PostgreSQL and the first, so on
 * this machine it is not expected to double anything: the figure says what it costs or gains.
 *
 * Run: npx tsx bench/processes.bench.ts   (BENCH_CLIENTS, BENCH_ROUNDS, BENCH_SLICE_MS)
 */
import { randomInt } from 'node:crypto';
import { imoCheckDigit } from '@medchest/domain';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import pg from 'pg';
import { guardPool } from '@medchest/eventstore';
import { demoLogin, startProductProcess, type ProductProcess } from '../app/src/testing/productProcess';
import { percentile } from './lib/httpLoad';
import { recordFigure } from './lib/results';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 3_000);

let imoSerial = randomInt(100_000, 800_000);
function vesselBody(n: number) {
  const firstSix = String((imoSerial += 1));
  return {
    vesselName: `Bench Process Vessel ${n}`,
    imoNumber: `${firstSix}${imoCheckDigit(firstSix)}`,
    flagState: 'PANAMA',
    crewSizeCategory: 20,
    vesselType: 'BULK_CARRIER',
    fleet: 'Bench Fleet',
  };
}

interface Tally {
  commands: number;
  events: number;
  seconds: number;
  latencies: number[];
}

const newTally = (): Tally => ({ commands: 0, events: 0, seconds: 0, latencies: [] });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_processes');
  const pool = guardPool(new pg.Pool({ connectionString: database.url, max: 1 }));
  const products: ProductProcess[] = [];
  try {
    products.push(await startProductProcess('bench-product-1', database.url));
    products.push(await startProductProcess('bench-product-2', database.url));
    const targets = await Promise.all(products.map(async (product) => ({ base: product.base, cookie: await demoLogin(product.base) })));
    const logSize = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0].n);

    let sent = 0;
    /** CLIENTS closed loops for `ms`, client i on targets[i % processes]. */
    async function slice(processes: number, ms: number, tally: Tally): Promise<void> {
      const eventsBefore = await logSize();
      const started = performance.now();
      const deadline = started + ms;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          const target = targets[client % processes];
          while (performance.now() < deadline) {
            const body = vesselBody((sent += 1));
            const at = performance.now();
            const response = await fetch(`${target.base}/api/vessels`, {
              method: 'POST',
              headers: { cookie: target.cookie, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            const answer = (await response.json()) as { imoNumber?: string };
            if (response.status !== 201 || answer.imoNumber !== body.imoNumber) throw new Error(`Add Vessel answered ${response.status}: ${JSON.stringify(answer)}`);
            tally.latencies.push(performance.now() - at);
            tally.commands += 1;
          }
        }),
      );
      tally.seconds += (performance.now() - started) / 1_000;
      tally.events += (await logSize()) - eventsBefore;
    }

    // Warm up both processes (connections, JIT, prepared statements).
    await slice(2, 2_000, newTally());

    const rates = { one: [] as number[], two: [] as number[] };
    const appends = { one: [] as number[], two: [] as number[] };
    const latencies = { one: [] as number[], two: [] as number[] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const one = newTally();
      const two = newTally();
      await slice(1, SLICE_MS, one);
      await slice(2, SLICE_MS, two);
      await slice(2, SLICE_MS, two);
      await slice(1, SLICE_MS, one);
      for (const [key, tally] of [['one', one], ['two', two]] as const) {
        rates[key].push(tally.commands / tally.seconds);
        appends[key].push(tally.events / tally.seconds);
        latencies[key].push(...tally.latencies);
      }
      console.error(
        `round ${round}: one process ${rates.one[round - 1].toFixed(0)} commands/s (${appends.one[round - 1].toFixed(0)} events/s), ` +
          `two ${rates.two[round - 1].toFixed(0)} commands/s (${appends.two[round - 1].toFixed(0)} events/s)`,
      );
    }
    for (const key of ['one', 'two'] as const) {
      recordFigure(`processes.${key}.commands_per_s`, median(rates[key]), `Add Vessel/s (${CLIENTS} clients)`);
      recordFigure(`processes.${key}.appended_events_per_s`, median(appends[key]), 'events/s');
      latencies[key].sort((a, b) => a - b);
      recordFigure(`processes.${key}.command_p50_ms`, percentile(latencies[key], 0.5), 'ms');
    }
    recordFigure('processes.two_vs_one', median(rates.two.map((rate, i) => rate / rates.one[i])), 'x');
  } finally {
    await Promise.allSettled(products.map((product) => product.stop()));
    await pool.end();
    await database.drop();
  }
}

await main();
