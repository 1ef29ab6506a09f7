// `npm run bench`: runs every bench/*.bench.ts in turn (alphabetically) with tsx. Each prints its
// figures as `name: value unit` and merges them into bench/results/latest.json. One benchmark
// failing does not stop the others; the exit code says whether all of them passed.
// Benchmarks run one at a time because each measures throughput on the same machine.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure-deps.mjs';
import { withProductNodeOptions } from './node-options.mjs';

ensureDependencies();

const benchDir = join(root, 'bench');
// `npm run bench -- web reads` runs only the benchmarks whose file name contains one of the words.
const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();
if (files.length === 0) {
  console.error(only.length ? `No bench/*.bench.ts file matches ${only.join(', ')}.` : 'No bench/*.bench.ts files found.');
  process.exit(1);
}

const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const failed = [];
const startedAt = new Date().toISOString();
for (const file of files) {
  console.log(`\n== ${file}`);
  const result = spawnSync(tsx, [join('bench', file)], { cwd: root, stdio: 'inherit', env: withProductNodeOptions() });
  if (result.status !== 0) failed.push(`${file} (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
}

// The verdict in one place: every figure of this run that has a goal, MET or NOT met.
const resultsFile = join(benchDir, 'results', 'latest.json');
let figures = {};
try {
  figures = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch {
  // No benchmark recorded a figure (all failed early): nothing to summarise.
}
const withGoals = Object.entries(figures).filter(([, f]) => f.goal && f.measuredAt >= startedAt);
if (withGoals.length > 0) {
  console.log('\n== Goals');
  for (const [name, f] of withGoals) {
    const goal = 'atMost' in f.goal ? `≤ ${f.goal.atMost}` : `≥ ${f.goal.atLeast}`;
    console.log(`${f.met ? 'MET    ' : 'NOT met'}  ${name}: ${f.value} ${f.unit} (goal ${goal})`);
  }
  const met = withGoals.filter(([, f]) => f.met).length;
  console.log(`${met} of ${withGoals.length} goals met`);
}
console.log(`\nFigures written to ${join('bench', 'results', 'latest.json')}`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
