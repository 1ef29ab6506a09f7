/**
 * Issue 14, "the web, delivered like a product": the landing page as a first-time visitor on a
 * slow mobile connection gets it. The production build (made fresh into a folder of its own, or
 * BENCH_WEB_DIST to measure another build) served by the product's own static serving, opened in
 * Chromium (/usr/bin/chromium) with an empty cache under the Fast 3G profile (150 ms latency,
 * 1.6 Mbps down, 750 Kbps up, through CDP Network.emulateNetworkConditions). Figures: the bytes
 * over the wire until the page is loaded, and its first contentful paint (goal ≤ 2 s); the median
 * of five visits, each in a fresh browser context. The login page the same way (no goal of its own),
 * its visits alternated with the landing page's.
 */
import { chromium } from '@playwright/test';
import { startTestApp } from '@medchest/command-api/testing/harness';
import { CHROMIUM_LAUNCH } from '@medchest/web/testing/chromium';
import { buildWeb, type WebBuild } from '@medchest/web/testing/webBuild';
import { recordFigure } from './lib/results';

const VISITS = 5;
const GOAL_FCP_MS = 2000;
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const KB = 1024;
let build: WebBuild | undefined;
let webDist = process.env.BENCH_WEB_DIST;
if (!webDist) {
  build = buildWeb();
  webDist = build.outDir;
  // JavaScript (gzip) each page needs before its first paint, from the build's manifest; the
  // same reading as web/src/bundleBudget.int.test.ts, which holds the budgets.
  const shell = 'src/components/layout/AppShell.tsx';
  const signedIn = 'src/signedInRoutes.tsx';
  const pages = build.lazyChunks().filter((key) => key !== shell && key !== signedIn);
  const largest = Math.max(...pages.map((page) => build!.javascriptBeforePaint('index.html', signedIn, shell, page)));
  recordFigure('web.landing_js_before_paint_kb', build.javascriptBeforePaint('index.html') / KB, 'KB gzip', { atMost: 100 });
  recordFigure('web.login_js_before_paint_kb', build.javascriptBeforePaint('index.html', 'src/features/auth/LoginPage.tsx') / KB, 'KB gzip', { atMost: 100 });
  recordFigure('web.largest_page_js_before_paint_kb', largest / KB, 'KB gzip', { atMost: 180 });
}

const t = await startTestApp('bench_web', { webDist });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const visit = async (pathname: string) => {
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
      await page.goto(`${base}${pathname}`, { waitUntil: 'load' });
      // The page's heading is its content: the page is what the visitor came for.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Evaluated in the page (a string: this script is typed for Node, not the DOM).
      const fcp = (await page.evaluate(`new Promise((resolve) => new PerformanceObserver((list) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(entry.startTime);
      }).observe({ type: 'paint', buffered: true }))`)) as number;
      // The largest paint: the page itself, where the first contentful paint may be a loading message.
      const lcp = (await page.evaluate(`new Promise((resolve) => new PerformanceObserver((list) => {
        const entries = list.getEntries();
        if (entries.length) resolve(entries[entries.length - 1].startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true }))`)) as number;
      return { bytes, fcp, lcp };
    } finally {
      await context.close();
    }
  };

  await visit('/'); // warm-up: the server's first answers (file handles, JIT)
  // The landing page (the goal) and the login page, visits alternated so both see the same noise.
  const landing = [];
  const login = [];
  for (let i = 0; i < VISITS; i++) {
    landing.push(await visit('/'));
    login.push(await visit('/login'));
  }
  const fcp = median(landing.map((v) => v.fcp));
  recordFigure('web.landing_bytes_over_wire_kb', median(landing.map((v) => v.bytes)) / 1024, 'KB (cold cache, everything until load; median of 5)');
  recordFigure('web.landing_fcp_fast3g_ms', fcp, 'ms (first contentful paint, Fast 3G, cold cache; median of 5)', { atMost: GOAL_FCP_MS });
  recordFigure('web.landing_lcp_fast3g_ms', median(landing.map((v) => v.lcp)), 'ms (largest contentful paint, Fast 3G, cold cache; median of 5)');
  recordFigure('web.login_bytes_over_wire_kb', median(login.map((v) => v.bytes)) / 1024, 'KB (cold cache, everything until load; median of 5)');
  recordFigure('web.login_fcp_fast3g_ms', median(login.map((v) => v.fcp)), 'ms (first contentful paint of /login, Fast 3G, cold cache; median of 5)');
  recordFigure('web.login_lcp_fast3g_ms', median(login.map((v) => v.lcp)), 'ms (largest contentful paint of /login, Fast 3G, cold cache; median of 5)');
} finally {
  await browser.close();
  await t.close();
  build?.close();
}
