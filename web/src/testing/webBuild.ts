import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The real production build of the web app, made fresh into a folder of its own, and what its
 * pages load before their first paint, read from Vite's manifest. Shared by the bundle budget
 * tests (the captain portal, issue 12; the fleet app's pages, issue 14).
 */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean; name?: string }>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type WebBuild = ReturnType<typeof buildWeb>;

export function buildWeb() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'medchest-web-'));
  execFileSync('npx', ['vite', 'build', 'web', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

  /**
   * The files a page needs before it can paint: its manifest entries (the HTML entry, and for a
   * page loaded on demand its own chunk) and every chunk they import statically, transitively.
   * Chunks imported dynamically (other pages) are not among them.
   */
  const loadedBeforePaint = (...entries: string[]): string[] => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const entry of entries) visit(entry);
    return [...seen].map((key) => manifest[key].file);
  };

  const gzipBytes = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length, 0);

  return {
    outDir,
    manifest,
    loadedBeforePaint,
    /** Bytes (gzip) of the JavaScript the given entries load before their first paint. */
    javascriptBeforePaint: (...entries: string[]) => gzipBytes(loadedBeforePaint(...entries).filter((file) => file.endsWith('.js'))),
    /**
     * Every page loaded on demand (React.lazy), by its source path as the manifest names it. Domain
     * modules a page imports at the moment of use (the CSV reader, ../domain/...) are not pages:
     * they load after the page has painted.
     */
    lazyChunks: () => Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && key.startsWith('src/')),
    gzipBytes,
    close: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
