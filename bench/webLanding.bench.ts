/**
 * Issue 14, "the web, delivered like a product": the landing page as a first-time visitor on a
 * slow mobile connection gets it. The production build (made fresh into a folder of its own, or
 * BENCH_WEB_DIST to measure another build) served by the product's own static serving, opened in
 * Chromium (/usr/bin/chromium) with an empty cache under the Fast 3G profile (150 ms latency,
 * 1.6 Mbps down, 750 Kbps up, through CDP Network.emulateNetworkConditions). Figures: the bytes
 * over the wire until the page is loaded, and its first contentful paint (goal ≤ 2 s); the median
 * of five visits, each in a fresh browser context.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startTestApp } from '@medchest/command-api/testing/harness';
import { recordFigure } from './lib/results';

const VISITS = 5;
const GOAL_FCP_MS = 2000;
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let builtHere: string | undefined;
let webDist = process.env.BENCH_WEB_DIST;
if (!webDist) {
  builtHere = mkdtempSync(path.join(tmpdir(), 'medchest-bench-web-'));
  execFileSync('npx', ['vite', 'build', 'web', '--logLevel', 'error', '--outDir', builtHere, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  webDist = builtHere;
}

const t = await startTestApp('bench_web', { webDist });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const visit = async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      let bytes = 0;
      // Bytes as they crossed the wire (headers and compressed bodies), every request of the visit.
      cdp.on('Network.loadingFinished', (event) => {
        bytes += event.encodedDataLength;
      });
      await page.goto(`${base}/`, { waitUntil: 'load' });
      // The landing page's heading is its content: the page is what the visitor came for.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Evaluated in the page (a string: this script is typed for Node, not the DOM).
      const fcp = (await page.evaluate(`new Promise((resolve) => new PerformanceObserver((list) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(entry.startTime);
      }).observe({ type: 'paint', buffered: true }))`)) as number;
      return { bytes, fcp };
    } finally {
      await context.close();
    }
  };

  await visit(); // warm-up: the server's first answers (file handles, JIT)
  const visits = [];
  for (let i = 0; i < VISITS; i++) visits.push(await visit());
  const fcp = median(visits.map((v) => v.fcp));
  recordFigure('web.landing_bytes_over_wire_kb', median(visits.map((v) => v.bytes)) / 1024, 'KB (cold cache, everything until load; median of 5)');
  recordFigure('web.landing_fcp_fast3g_ms', fcp, `ms (first contentful paint, Fast 3G, cold cache; median of 5; goal ≤ ${GOAL_FCP_MS})`);
  console.log(`first contentful paint goal ≤ ${GOAL_FCP_MS} ms ${fcp <= GOAL_FCP_MS ? 'MET' : 'NOT met'} (${Math.round(fcp)} ms)`);
} finally {
  await browser.close();
  await t.close();
  if (builtHere) rmSync(builtHere, { recursive: true, force: true });
}
