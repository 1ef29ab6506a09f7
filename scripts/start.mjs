// `npm start`: installs what is missing, builds the web app when its sources changed, checks that
// PostgreSQL and Redis answer, then runs the whole product in one process (app/src/main.ts):
// migrations, the demo fleet (seeded once), projections, workers and the API on PORT (5000).
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './ensure-deps.mjs';
import { buildWebIfStale } from './web-build.mjs';
import { checkServices } from './services.mjs';
import { withProductNodeOptions } from './node-options.mjs';

ensureDependencies();
const problems = await checkServices();
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
buildWebIfStale();

const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], { cwd: root, stdio: 'inherit', env: withProductNodeOptions() });
// Ctrl-C reaches the child through the terminal's process group; the child shuts down cleanly
// and this wrapper exits with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
