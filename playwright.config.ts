import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '@medchest/web/testing/chromium';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the whole product
// started by scripts/e2e-server.mjs on its own port and its own fresh database.
const port = Number(process.env.E2E_PORT ?? 5199);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The specs share one server and its database; running them one after another keeps each
  // spec's expectations about the demo fleet simple and the 2-core machine responsive.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Not the
    // screencast: recording a frame of every paint made the suite a third slower on the 2-core CI
    // machine (5 specs: 125 s untraced, 187 s with frames, 143 s without), and the DOM snapshots
    // and the failure's screenshot already show the page.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // A known supplier-link key, so a test can make the link a supplier's mail would carry.
    env: { PORT: String(port), SUPPLIER_LINK_SECRET: 'e2e-supplier-link-key-not-secret' },
  },
});
