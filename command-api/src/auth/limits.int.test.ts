import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import { createMemoryLimits, createRedisLimits, limitsRedisOptions, type Limit, type Limits } from './limits';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `medchest-test-limits-${randomBytes(4).toString('hex')}:`;
const clients: Redis[] = [];

/** A Redis limiter as one API process would have it: its own connection, the shared prefix. */
function processLimits(): Limits {
  const redis = new Redis(redisUrl, { ...limitsRedisOptions, lazyConnect: false, enableOfflineQueue: true });
  clients.push(redis);
  return createRedisLimits({ redis, prefix });
}

afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  for (const client of clients) client.disconnect();
});

const limit = (key: string, max: number, windowMs = 60_000): Limit => ({ key, max, windowMs });

describe.each([
  ['memory', () => createMemoryLimits()],
  ['Redis', processLimits],
])('limits in %s', (_name, make) => {
  it('allows max attempts, refuses the next with the seconds left, counts nothing refused, and a given-back attempt frees its place', async () => {
    const limits = make();
    const key = `a-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 3; i++) expect(await limits.take([limit(key, 3)])).toEqual({ allowed: true });
    const refused = await limits.take([limit(key, 3)]);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55);
    await limits.giveBack([limit(key, 3)]);
    expect((await limits.take([limit(key, 3)])).allowed).toBe(true);
    expect((await limits.take([limit(key, 3)])).allowed).toBe(false);
  });

  it('counts an attempt against every limit at once, and nowhere when one of them is used up', async () => {
    const limits = make();
    const [pair, account, other] = ['pair', 'account', 'other'].map((k) => `${k}-${randomBytes(3).toString('hex')}`);
    expect((await limits.take([limit(pair, 5), limit(account, 2)])).allowed).toBe(true);
    expect((await limits.take([limit(pair, 5), limit(account, 2)])).allowed).toBe(true);
    expect((await limits.take([limit(pair, 5), limit(account, 2)])).allowed).toBe(false);
    // The refused attempt was not counted on the pair: 3 more fit there.
    for (let i = 0; i < 3; i++) expect((await limits.take([limit(pair, 5), limit(other, 10)])).allowed).toBe(true);
    expect((await limits.take([limit(pair, 5), limit(other, 10)])).allowed).toBe(false);
  });

  it('opens again when the window ends', async () => {
    const limits = make();
    const key = `w-${randomBytes(3).toString('hex')}`;
    expect((await limits.take([limit(key, 1, 300)])).allowed).toBe(true);
    expect((await limits.take([limit(key, 1, 300)])).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await limits.take([limit(key, 1, 300)])).allowed).toBe(true);
  });
});

describe('limits in Redis across processes', () => {
  it('two processes share the counts: 40 parallel takes across them, exactly 10 allowed', async () => {
    const [one, two] = [processLimits(), processLimits()];
    const key = `shared-${randomBytes(3).toString('hex')}`;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).take([limit(key, 10)])));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    // A process started later (a restart) sees the same counts.
    expect((await processLimits().take([limit(key, 10)])).allowed).toBe(false);
  });

  it('while Redis does not answer, counts in memory instead of failing, and says so once', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { ...limitsRedisOptions, retryStrategy: () => null });
    unreachable.on('error', () => {});
    clients.push(unreachable);
    const errors: unknown[] = [];
    const limits = createRedisLimits({ redis: unreachable, prefix, onError: (error) => errors.push(error) });
    for (let i = 0; i < 2; i++) expect((await limits.take([limit('down', 2)])).allowed).toBe(true);
    expect((await limits.take([limit('down', 2)])).allowed).toBe(false);
    expect(errors).toHaveLength(1);
  });
});

describe('login guessing over HTTP, counted in Redis', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await startTestApp('api_limits', { limits: processLimits() });
    for (let n = 0; n < 15; n++) await first.createUser(`crew${n}@fleet.example`, `crew-pass-${n}`, 'fleet_manager');
    await first.createUser('lone@fleet.example', 'lone-pass', 'fleet_manager');
  });
  afterAll(async () => {
    await first?.close();
  });

  const attempt = (app: TestApp, email: string, remoteAddress: string, password = 'guessing') =>
    app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('one address guessing 15 accounts is stopped after 50 failures, with 429 and Retry-After, even for a right password', async () => {
    const address = '203.0.113.50';
    const codes: number[] = [];
    for (let n = 0; n < 15; n++) for (let i = 0; i < 4; i++) codes.push((await attempt(first, `crew${n}@fleet.example`, address)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(50);
    expect(codes.slice(50).every((c) => c === 429)).toBe(true);
    const right = await attempt(first, 'crew14@fleet.example', address, 'crew-pass-14');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    // Another address is not held back by it.
    expect((await attempt(first, 'crew14@fleet.example', '203.0.113.51', 'crew-pass-14')).statusCode).toBe(200);
  });

  it('one account guessed from 40 addresses is stopped after 30 failures, and the count survives a restart', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 40; n++) codes.push((await attempt(first, 'lone@fleet.example', `198.51.100.${100 + n}`)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(30);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
    // A second API process on the same database and Redis prefix: same answer, not a fresh count.
    const restarted = await startTestApp('api_limits_restarted', { limits: processLimits() });
    try {
      await restarted.createUser('lone@fleet.example', 'lone-pass', 'fleet_manager');
      const after = await attempt(restarted, 'lone@fleet.example', '192.0.2.200', 'lone-pass');
      expect(after.statusCode).toBe(429);
      expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await restarted.close();
    }
  });
});
