// Installs the project's npm dependencies when they are missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone with nothing run by hand first.
// Plain Node (no TypeScript): it runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('Installing dependencies (npm ci)...');
  try {
    execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  } catch {
    console.error('Could not install dependencies with `npm ci`: see the npm output above (is the npm registry reachable?).');
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies();
