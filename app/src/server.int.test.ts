import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { loadConfig } from '@medchest/command-api';
import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { silentLogger } from '@medchest/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMedChest, type RunningMedChest } from './server';

let database: TestDatabase;
let medchest: RunningMedChest | undefined;

beforeAll(async () => {
  database = await createTestDatabase('app_server');
});

afterAll(async () => {
  await medchest?.stop();
  await database?.drop();
});

/** True when nothing listens on the port any more. */
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('the one-process product', () => {
  it('starts on a fresh database with the demo fleet, answers over HTTP, and stops cleanly', async () => {
    const config = { ...loadConfig({ DATABASE_URL: database.url, HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), port: 0 };
    medchest = await startMedChest(config, { log: silentLogger, webDist: false, queuePrefix: `medchest-test-${randomBytes(4).toString('hex')}` });
    const base = `http://127.0.0.1:${medchest.port}`;
    expect(medchest.port).not.toBe(5000);

    // Signed out is a normal state for "who am I" (null), and a refusal for fleet data.
    const whoAmI = await fetch(`${base}/api/auth/user`);
    expect(whoAmI.status).toBe(200);
    expect(await whoAmI.json()).toBeNull();
    const anonymous = await fetch(`${base}/api/vessels`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthorized' });

    const login = await fetch(`${base}/api/demo/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@medchest.example', password: 'medchest-demo' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { firstName: string } }).user.firstName).toBe('Demo');
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    const stats = await fetch(`${base}/api/dashboard/stats`, { headers: { cookie } });
    expect(((await stats.json()) as { totalVessels: number }).totalVessels).toBe(31);

    const port = medchest.port;
    await medchest.stop();
    medchest = undefined;
    expect(await portIsFree(port)).toBe(true);
  });

  it('seeds only once: a second start on the same database keeps the demo owner\'s 31 vessels', async () => {
    const config = { ...loadConfig({ DATABASE_URL: database.url, HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), port: 0 };
    medchest = await startMedChest(config, { log: silentLogger, webDist: false, queuePrefix: `medchest-test-${randomBytes(4).toString('hex')}` });
    const base = `http://127.0.0.1:${medchest.port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@medchest.example', password: 'medchest-demo' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const vessels = await fetch(`${base}/api/vessels`, { headers: { cookie } });
    expect(await vessels.json()).toHaveLength(31);
  });
});

describe('job queues per product instance', () => {
  it('two instances on one Redis with different databases never share a queue', async () => {
    const { queuePrefixFor } = await import('./server');
    expect(queuePrefixFor('postgresql://postgres@127.0.0.1:5432/medchest')).toBe('medchest-medchest');
    expect(queuePrefixFor('postgresql://postgres@127.0.0.1:5432/medchest_e2e')).toBe('medchest-medchest_e2e');
  });
});
