// The product as the browser tests see it: a fresh database every run (dropped first), the demo
// fleet seeded by the app itself, on E2E_PORT. Mails are delivered to a capture SMTP server in
// this process, which appends each to a file the specs read (e2e/support/mail.ts): the captain
// portal's sign-in code can only be read from its mail.
import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { root } from './ensure-deps.mjs';
import { withProductNodeOptions } from './node-options.mjs';
import { buildWebIfStale } from './web-build.mjs';

// One database per port, so two test runs on one machine (each on its own E2E_PORT) stay apart.
const port = Number(process.env.PORT ?? 5199);
const database = `medchest_e2e_${port}`;
const server = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/medchest');
const databaseUrl = new URL(server);
databaseUrl.pathname = `/${database}`;
const admin = new URL(server);
admin.pathname = '/postgres';

const client = new pg.Client({ connectionString: admin.toString() });
// A dropped connection must fail the query below, not crash the process with an unhandled event.
client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
await client.connect();
await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await client.end();

// `npx playwright test` alone must also serve the current screens.
buildWebIfStale();

// The mail capture: every message, one JSON line { to, raw }, in a file named by the port.
const mailLog = join(tmpdir(), `medchest-e2e-mail-${port}.jsonl`);
writeFileSync(mailLog, '');
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      appendFileSync(mailLog, `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') })}\n`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));

const env = { ...withProductNodeOptions(), DATABASE_URL: databaseUrl.toString(), SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}` };
delete env.EVENTSTORE_URL;
const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => smtp.close(() => process.exit(code ?? 0)));
