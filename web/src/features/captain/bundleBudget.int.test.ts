import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 12: a captain page loads at most 120 KB gzip of JavaScript before its first paint, shared
 * runtime included, and none of the fleet screens. Built fresh (the real production build, into a
 * folder of its own) and measured from Vite's manifest: the captain entry and every chunk it
 * imports statically.
 */
const BUDGET_BYTES = 120 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let outDir: string;
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; name?: string }>;
let manifest: Manifest;

beforeAll(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'medchest-web-'));
  execFileSync('npx', ['vite', 'build', 'web', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

function loadedBeforePaint(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key].file);
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

describe('the captain portal bundle', () => {
  it('loads at most 120 KB gzip of JavaScript before first paint, and no fleet screen', () => {
    const files = loadedBeforePaint('captain.html');
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    // The fleet app's own chunks (its entry, the router library, the shared vendor chunk) are not among them.
    const fleet = loadedBeforePaint('index.html').filter((file) => /\/(main|router|vendor)-/.test(file));
    expect(fleet.length).toBeGreaterThan(0);
    for (const file of fleet) expect(files).not.toContain(file);
    const html = readFileSync(path.join(outDir, 'captain.html'), 'utf8');
    expect(html).not.toMatch(/assets\/(main|router|vendor)-/);
  });
});
