import { signResetToken } from '@medchest/domain/user/resetLink.node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_SECRET_NAME, productSecret } from '../secrets';
import { startTestApp, type TestApp } from '../testing/harness';

/** The link's 30 minutes, on the app's one clock (the mail itself is proved in app/src/passwordReset.int.test.ts). */
let t: TestApp;
let now = new Date('2026-03-02T09:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp('password_reset', { now: () => now });
});
afterAll(async () => {
  await t?.close();
});

/** What the mail would carry for the newest request of this user: the API's key over the ids in the log. */
async function linkToken(userId: string): Promise<string> {
  const requested = (await t.store.readStream(`user-${userId}`)).filter((e) => e.type === 'PasswordResetRequested').at(-1);
  const { requestId } = requested!.data as { requestId: string };
  return signResetToken(await productSecret(t.db, PASSWORD_RESET_SECRET_NAME), userId, requestId);
}

const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

describe('password reset links', () => {
  it('works within 30 minutes and is refused after them', async () => {
    const { userId } = await t.createUser('late.reader@fleet.example', 'old-secret', 'fleet_manager');
    const ask = () => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'late.reader@fleet.example' } });

    expect((await ask()).statusCode).toBe(202);
    const late = await linkToken(userId);
    now = new Date(now.getTime() + 30 * 60_000);
    const expired = await reset(late, 'new-secret');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: 'This password reset link is invalid or has expired. Please request a new one.' });
    await t.login('late.reader@fleet.example', 'old-secret');

    expect((await ask()).statusCode).toBe(202);
    const fresh = await linkToken(userId);
    now = new Date(now.getTime() + 29 * 60_000);
    expect((await reset(fresh, 'new-secret')).statusCode).toBe(200);
    await t.login('late.reader@fleet.example', 'new-secret');
  });

  it('a suspended account is mailed no link, and the answer does not say so', async () => {
    const { userId } = await t.createUser('suspended.reader@fleet.example', 'old-secret', 'fleet_manager', 'suspended');
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'suspended.reader@fleet.example' } });
    expect(answer.statusCode).toBe(202);
    expect((await t.store.readStream(`user-${userId}`)).map((e) => e.type)).not.toContain('PasswordResetRequested');
  });

  it('answers 429 once an address has asked too often, and never mails one account more than 3 links in 15 minutes', async () => {
    const { userId } = await t.createUser('flooded@fleet.example', 'old-secret', 'fleet_manager');
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'flooded@fleet.example' }, remoteAddress: '10.20.30.40' });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await ask()).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
    expect((await t.store.readStream(`user-${userId}`)).filter((e) => e.type === 'PasswordResetRequested')).toHaveLength(3);
  });
});
