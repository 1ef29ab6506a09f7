import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, type WebBuild } from './testing/webBuild';

/**
 * Issue 14: what the fleet app's pages load before their first paint, in gzip bytes of
 * JavaScript, from the real production build's manifest. A page's first paint needs the entry
 * (index.html) and, for a page loaded on demand, its own chunk; signed-in pages also server state,
 * the auth gate and the frame (src/signedInRoutes.tsx, the AppShell).
 */
const KB = 1024;
const FIRST_PAGE_GOAL = 100 * KB;
const ANY_PAGE_BUDGET = 180 * KB;
const SHELL = 'src/components/layout/AppShell.tsx';
/** The signed-in side of the router: server state (react-query), the auth gate (router.tsx). */
const SIGNED_IN = 'src/signedInRoutes.tsx';
const LOGIN = 'src/features/auth/LoginPage.tsx';
/** Server state: the landing and login pages paint without it (it loads right after). */
const SERVER_STATE = /\/query-/;
const FLEET_SCREENS = /\/(DashboardPage|VesselsPage|VesselDetailPage|InventoryOverviewPage|CompliancePage|AppShell)-/;

let build: WebBuild;

beforeAll(() => {
  build = buildWeb();
}, 180_000);

afterAll(() => build?.close());

describe('the fleet app bundle', () => {
  it('paints the landing page with at most 100 KB gzip of JavaScript, without the fleet screens or server state', () => {
    expect(build.javascriptBeforePaint('index.html')).toBeLessThanOrEqual(FIRST_PAGE_GOAL);
    const files = build.loadedBeforePaint('index.html');
    expect(files.filter((file) => FLEET_SCREENS.test(file) || SERVER_STATE.test(file))).toEqual([]);
  });

  it('paints the login page with at most 100 KB gzip of JavaScript, without the fleet screens or server state', () => {
    expect(build.javascriptBeforePaint('index.html', LOGIN)).toBeLessThanOrEqual(FIRST_PAGE_GOAL);
    const files = build.loadedBeforePaint('index.html', LOGIN);
    expect(files.filter((file) => FLEET_SCREENS.test(file) || SERVER_STATE.test(file))).toEqual([]);
  });

  it('loads every fleet screen on demand, and at most 180 KB gzip before any page paints', () => {
    const pages = build.lazyChunks().filter((key) => key !== SHELL && key !== SIGNED_IN);
    // Every screen of the router is its own chunk, not a part of the first bundle.
    expect(pages.length).toBeGreaterThanOrEqual(20);
    // The server state the first pages go without is where the signed-in pages get it.
    expect(build.loadedBeforePaint(SIGNED_IN).filter((file) => SERVER_STATE.test(file))).toHaveLength(1);
    for (const page of pages) {
      // Counted as a signed-in page (server state, the gate and the frame) even for the public ones.
      const bytes = build.javascriptBeforePaint('index.html', SIGNED_IN, SHELL, page);
      expect(bytes, page).toBeLessThanOrEqual(ANY_PAGE_BUDGET);
    }
  });
});
