import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@medchest/command-api';
import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { silentLogger } from '@medchest/workers';
import { freePort, startTestSmtpServer, type TestSmtpServer } from '@medchest/workers/testing/smtpServer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMedChest, type RunningMedChest } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_LIMIT_MS = 15_000;

/** Run a start command to its end (killed at 30 s): its exit code, output lines and time taken. */
function runToExit(command: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; lines: string[]; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(command[0]!, command.slice(1), { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'warn' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, lines: output.split('\n').filter((line) => line.trim() !== ''), ms: Date.now() - started });
    });
  });
}

/**
 * The ways to start MedChest that run here: `npm start` (scripts/start.mjs) and the container's
 * command (Dockerfile CMD, which docker-compose.yml uses too), run directly.
 */
const START_PATHS = [
  ['npm start', [process.execPath, 'scripts/start.mjs']],
  ['the Dockerfile and compose command', [process.execPath, '--import', 'tsx', 'app/src/main.ts']],
] as const;

describe('start with a service unreachable', () => {
  let closedPort: number;
  beforeAll(async () => {
    closedPort = await freePort();
  });

  describe.each(START_PATHS)('%s', (_name, command) => {
    it('Redis unreachable: one line naming Redis and REDIS_URL, exit 1, within 15 s', async () => {
      const run = await runToExit([...command], { REDIS_URL: `redis://127.0.0.1:${closedPort}`, DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/medchest_outage_unused' });
      expect(run.code).toBe(1);
      expect(run.ms).toBeLessThan(START_LIMIT_MS);
      expect(run.lines).toHaveLength(1);
      expect(run.lines[0]).toMatch(new RegExp(`Redis .*127\\.0\\.0\\.1:${closedPort} \\(REDIS_URL\\)`));
    }, 40_000);

    it('PostgreSQL unreachable: one line naming PostgreSQL and DATABASE_URL, exit 1, within 15 s', async () => {
      const run = await runToExit([...command], { DATABASE_URL: `postgresql://postgres@127.0.0.1:${closedPort}/medchest` });
      expect(run.code).toBe(1);
      expect(run.ms).toBeLessThan(START_LIMIT_MS);
      expect(run.lines).toHaveLength(1);
      expect(run.lines[0]).toMatch(new RegExp(`PostgreSQL .*127\\.0\\.0\\.1:${closedPort} \\(DATABASE_URL\\)`));
    }, 40_000);
  });

  it('the Dockerfile runs exactly the command tested above, and compose runs the Dockerfile', async () => {
    const { readFile } = await import('node:fs/promises');
    const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "app\/src\/main\.ts"\]$/m);
    const compose = await readFile(path.join(root, 'docker-compose.yml'), 'utf8');
    const medchest = compose.slice(compose.indexOf('  medchest:'));
    expect(medchest).toMatch(/build: \./);
    expect(medchest).not.toMatch(/\bcommand:|\bentrypoint:/);
  });
});

describe('Redis going away under a running product', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let redisPort: number;
  let redis: ChildProcess | undefined;
  let medchest: RunningMedChest | undefined;

  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitUntil('redis-server answers', async () => {
      const { Redis } = await import('ioredis');
      const probe = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => {});
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    });
  };
  const stopRedis = async () => {
    const stopping = redis;
    redis = undefined;
    if (!stopping || stopping.exitCode !== null) return;
    await new Promise((resolve) => {
      stopping.once('exit', resolve);
      stopping.kill('SIGKILL');
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase('app_outage');
    smtp = await startTestSmtpServer();
    redisPort = await freePort();
    await startRedis();
  });

  afterAll(async () => {
    await medchest?.stop();
    await stopRedis();
    await smtp?.close();
    await database?.drop();
  });

  it('keeps serving commands and reads, says "degraded", and sends a mail queued meanwhile exactly once when Redis is back', async () => {
    const config = {
      ...loadConfig({ DATABASE_URL: database.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, SMTP_URL: smtp.url, HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
      port: 0,
    };
    medchest = await startMedChest(config, { log: silentLogger, webDist: false, queuePrefix: `medchest-test-${randomBytes(4).toString('hex')}` });
    const base = `http://127.0.0.1:${medchest.port}`;
    const json = { 'content-type': 'application/json' };
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok' });

    await stopRedis();
    await waitUntil('health says degraded', async () => ((await (await fetch(`${base}/api/health`)).json()) as { status: string }).status === 'degraded');

    // Commands and reads: sign-up, login (its guessing limits count in memory meanwhile), approval, lists.
    const email = `outage-${randomBytes(3).toString('hex')}@fleet.example`;
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'outage-pass-1', firstName: 'Olga' }) });
    expect(signup.status).toBe(201);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@medchest.example', password: 'medchest-admin' }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const users = (await (await fetch(`${base}/api/admin/users`, { headers: { cookie } })).json()) as { id: string; email: string }[];
    const user = users.find((u) => u.email === email)!;
    const approved = await fetch(`${base}/api/admin/users/${user.id}/approve`, { method: 'PATCH', headers: { cookie } });
    expect(approved.status).toBe(200);
    expect((await fetch(`${base}/api/vessels`, { headers: { cookie } })).status).toBe(200);
    // Nothing can be sent while the queue is away.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(0);

    await startRedis();
    await waitUntil('the approval mail', () => smtp.received.some((m) => m.to.includes(email)), 60_000);
    await waitUntil('health says ok', async () => ((await (await fetch(`${base}/api/health`)).json()) as { status: string }).status === 'ok');
    // Give a duplicate every chance to arrive: none does.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  }, 180_000);
});

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
