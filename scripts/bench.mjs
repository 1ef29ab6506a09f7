// `npm run bench`: runs every bench/*.bench.ts in turn (alphabetically) with tsx. Each prints its
// figures as `name: value unit` and merges them into bench/results/latest.json. One benchmark
// failing does not stop the others; the exit code says whether all of them passed.
// Benchmarks run one at a time because each measures throughput on the same machine.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure-deps.mjs';

ensureDependencies();

const benchDir = join(root, 'bench');
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
if (files.length === 0) {
  console.error('No bench/*.bench.ts files found.');
  process.exit(1);
}

const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const failed = [];
for (const file of files) {
  console.log(`\n== ${file}`);
  const result = spawnSync(tsx, [join('bench', file)], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed.push(`${file} (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
}

console.log(`\nFigures written to ${join('bench', 'results', 'latest.json')}`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
