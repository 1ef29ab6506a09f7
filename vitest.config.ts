import { configDefaults, defineConfig } from 'vitest/config';

// One vitest run covers every workspace: pure unit tests (*.test.ts) and tests against the real
// PostgreSQL, Redis and SMTP (*.int.test.ts). Browser tests are Playwright's (e2e/).
// The EventStoreDB contract run (*.esdb.int.test.ts) is included only when EVENTSTORE_URL names a
// server: there is none on a developer's machine or in CI, and a skipped suite proves nothing.
export default defineConfig({
  test: {
    include: ['{domain,eventstore,projections,command-api,workers,web,app}/src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...(process.env.EVENTSTORE_URL ? [] : ['**/*.esdb.int.test.ts'])],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
