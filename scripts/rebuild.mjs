// `npm run rebuild`: installs what is missing, then replays the event log into fresh read models
// (app/src/rebuild.ts) with the product's V8 options.
import { spawnSync } from 'node:child_process';
import { ensureDependencies, root } from './ensure-deps.mjs';
import { withProductNodeOptions } from './node-options.mjs';

ensureDependencies();
const result = spawnSync(process.execPath, ['--import', 'tsx', 'app/src/rebuild.ts'], { cwd: root, stdio: 'inherit', env: withProductNodeOptions() });
process.exit(result.status ?? 1);
