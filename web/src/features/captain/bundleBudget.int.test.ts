import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, type WebBuild } from '../../testing/webBuild';

/**
 * Issue 12: a captain page loads at most 120 KB gzip of JavaScript before its first paint, shared
 * runtime included, and none of the fleet screens. Built fresh (the real production build, into a
 * folder of its own) and measured from Vite's manifest: the captain entry and every chunk it
 * imports statically.
 */
const BUDGET_BYTES = 120 * 1024;
let build: WebBuild;

beforeAll(() => {
  build = buildWeb();
}, 180_000);

afterAll(() => build?.close());

describe('the captain portal bundle', () => {
  it('loads at most 120 KB gzip of JavaScript before first paint, and no fleet screen', () => {
    const files = build.loadedBeforePaint('captain.html');
    expect(build.gzipBytes(files)).toBeLessThanOrEqual(BUDGET_BYTES);
    // The fleet app's own chunks (its entry, the router library, the server-state library) are not among them.
    const fleet = build.loadedBeforePaint('index.html').filter((file) => /\/(main|router|query)-/.test(file));
    expect(fleet.length).toBeGreaterThan(0);
    for (const file of fleet) expect(files).not.toContain(file);
    const html = readFileSync(path.join(build.outDir, 'captain.html'), 'utf8');
    expect(html).not.toMatch(/assets\/(main|router|query)-/);
  });
});
