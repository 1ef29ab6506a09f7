// The product as the browser tests see it: a fresh database every run (dropped first), the demo
// fleet seeded by the app itself, on E2E_PORT. Mails are recorded, not delivered.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { root } from './ensure-deps.mjs';

const server = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/medchest');
const databaseUrl = new URL(server);
databaseUrl.pathname = '/medchest_e2e';
const admin = new URL(server);
admin.pathname = '/postgres';

const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query('DROP DATABASE IF EXISTS medchest_e2e WITH (FORCE)');
await client.end();

const env = { ...process.env, DATABASE_URL: databaseUrl.toString() };
delete env.SMTP_URL;
delete env.EVENTSTORE_URL;
const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
