// Builds web/dist with Vite when it is missing or older than any web source or the shared domain
// code it imports, so `npm start` always serves the current screens without a manual build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './ensure-deps.mjs';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildWebIfStale({ force = false } = {}) {
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'domain', 'src')));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the web app (vite build)...');
  execSync('npx vite build web --logLevel warn', { cwd: root, stdio: 'inherit' });
}
