import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace: pure unit tests (*.test.ts) and tests against the real
// PostgreSQL, Redis and SMTP (*.int.test.ts). Browser tests are Playwright's (e2e/).
export default defineConfig({
  test: {
    include: ['{domain,eventstore,projections,command-api,workers,web}/src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
