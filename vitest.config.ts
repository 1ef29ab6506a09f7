import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { chooseServiceSource } from './app/src/testing/services.ts';

// One vitest run covers every workspace: pure unit tests (*.test.ts) and tests against the real
// PostgreSQL, Redis and SMTP (*.int.test.ts). Browser tests are Playwright's (e2e/).
// Services: with a container engine, testcontainers starts PostgreSQL, Redis and KurrentDB for the
// run (app/src/testing/globalSetup.ts); without one, the local services are used. The EventStoreDB
// contract run (*.esdb.int.test.ts) is included when there is a server for it (a container, or
// EVENTSTORE_URL): a suite skipped for want of a server proves nothing, so it is left out instead.
export default defineConfig(async () => {
  const source = await chooseServiceSource();
  // The global setup runs in this same process: it reads the choice instead of asking again.
  process.env.MEDCHEST_TEST_SERVICES = source;
  const eventStoreAvailable = source === 'containers' || Boolean(process.env.EVENTSTORE_URL);
  return {
    test: {
      include: ['{domain,eventstore,projections,command-api,workers,demo,web,app}/src/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...(eventStoreAvailable ? [] : ['**/*.esdb.int.test.ts'])],
      globalSetup: ['./app/src/testing/globalSetup.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      pool: 'forks',
      // Files spend much of their time waiting on PostgreSQL, Redis or SMTP (one worker left a third
      // of the 2-core CI machine idle), so one worker per core instead of vitest's one less, and at
      // most four so the files' connection pools stay well inside PostgreSQL's 100. A worker keeps
      // its modules from one file to the next instead of loading Fastify, Kysely, pg and BullMQ
      // again for each: files share no state, as each has its own database and queue prefix and
      // undoes what it stubs. On the 2-core CI machine the run went from 419 s to 195 s (one
      // isolated worker against two sharing their modules).
      maxWorkers: Math.min(4, availableParallelism()),
      isolate: false,
    },
  };
});
