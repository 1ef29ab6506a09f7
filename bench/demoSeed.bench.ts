/**
 * "The first `npm start` stays quick": seeding the demo (accounts, 31 vessels and their year of
 * history through the product's commands, the demo's other people) into a fresh database, until
 * the read models have caught up, as app/src/server.ts does on a first start (and CI on every e2e
 * run). Median of a few runs, each on its own database; the events appended, for context.
 */
import { seedDemo, seedDemoPeople } from '@medchest/demo';
import { startTestApp } from '@medchest/command-api/testing/harness';
import { recordFigure } from './lib/results';

const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const times: number[] = [];
let events = 0;
for (let run = 0; run < RUNS; run++) {
  const t = await startTestApp('bench_demo_seed');
  try {
    const started = performance.now();
    await seedDemo(t.deps);
    await seedDemoPeople(t.deps);
    // Until every read model has projected the whole seed, however long the seed itself waited.
    await t.caughtUp();
    times.push(performance.now() - started);
    events = (await t.allEvents()).length;
  } finally {
    await t.close();
  }
}
recordFigure('demo_seed.first_start_ms', median(times), 'ms (demo seeded with its year, read models caught up)', { atMost: 10_000 });
recordFigure('demo_seed.events', events, 'events appended');
