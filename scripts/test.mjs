// `npm test`: the whole suite. Installs what is missing (npm packages; Debian's chromium for the
// browser tests when it can), checks PostgreSQL and Redis, typechecks, lints, builds the web app, runs
// vitest (unit + tests against the real PostgreSQL/Redis/SMTP) and Playwright (Chromium), and
// ends with one line summed over every runner: `N passed, N failed` (`, N skipped` if any).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure-deps.mjs';
import { checkServices } from './services.mjs';
import { buildWebIfStale } from './web-build.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Debian's chromium for the browser tests (apt-get install chromium)...");
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
        stdio: 'inherit',
      });
    } catch {
      // Reported below.
    }
  }
  if (existsSync(CHROMIUM)) return true;
  console.error(`Browser tests need Debian's chromium at ${CHROMIUM}: run \`sudo apt-get install chromium\`.`);
  return false;
}

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

ensureDependencies();
const problems = await checkServices();
const haveChromium = ensureChromium();
if (problems.length > 0 || !haveChromium) {
  for (const problem of problems) console.error(problem);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const resultsDir = join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

// Typechecking is a check like any test: a type error fails the run.
console.log('\n== typecheck (tsc -b) ==');
if (run('npx', ['tsc', '-b']) === 0) totals.passed += 1;
else totals.failed += 1;

// So is the linter (ESLint: TypeScript, React hooks, the layer table's import boundaries):
// any error or warning fails the run.
console.log('\n== lint (eslint) ==');
if (run('npx', ['eslint', '.', '--max-warnings', '0']) === 0) totals.passed += 1;
else totals.failed += 1;

console.log('\n== unit and integration tests (vitest) ==');
const vitestJson = join(resultsDir, 'vitest.json');
const vitestCode = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A file that fails to load has no failing test but must still fail the run.
  if (vitestCode !== 0 && vitest.numFailedTests === 0) totals.failed += Math.max(1, vitest.numFailedTestSuites ?? 1);
} else {
  totals.failed += 1;
}

console.log('\n== browser tests (Playwright, Chromium) ==');
buildWebIfStale();
const playwrightJson = join(resultsDir, 'playwright.json');
const playwrightCode = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
const playwright = readJson(playwrightJson);
if (playwright?.stats) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = playwright.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  if (playwrightCode !== 0 && unexpected === 0) totals.failed += 1;
} else {
  totals.failed += 1;
}

const summary = `${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : '');
console.log(`\n${summary}`);
process.exit(totals.failed > 0 ? 1 : 0);
