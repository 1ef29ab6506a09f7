import { randomBytes } from 'node:crypto';
import { loadConfig } from '@medchest/command-api';
import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { silentLogger } from '@medchest/workers';
import { startTestSmtpServer, type TestSmtpServer } from '@medchest/workers/testing/smtpServer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMedChest, type RunningMedChest } from './server';

/**
 * Issue 16, point 10: the sign-up form tells no one which addresses have accounts. Over HTTP in
 * the one-process product with a real SMTP server: a sign-up with a taken address answers exactly
 * as one with a new address, and the owner of the taken one gets a mail (recorded in the mail log).
 */

let database: TestDatabase;
let smtp: TestSmtpServer;
let medchest: RunningMedChest;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase('app_signup_mail');
  smtp = await startTestSmtpServer();
  const config = { ...loadConfig({ DATABASE_URL: database.url, HOST: '127.0.0.1', LOG_LEVEL: 'silent', SMTP_URL: smtp.url }), port: 0 };
  medchest = await startMedChest(config, { log: silentLogger, webDist: false, queuePrefix: `medchest-test-${randomBytes(4).toString('hex')}` });
  base = `http://127.0.0.1:${medchest.port}`;
}, 180_000);

afterAll(async () => {
  await medchest?.stop();
  await smtp?.close();
  await database?.drop();
});

const signUp = (body: object) =>
  fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The answer as a caller sees it, with the two fields that echo the address sent set aside. */
async function answerOf(response: Response) {
  const body = (await response.json()) as { user: Record<string, unknown> };
  return { status: response.status, body: { ...body, user: { ...body.user, id: '(address id)', email: '(address)' } } };
}

describe('signing up with an address that already has an account', () => {
  it('answers exactly as for a new address and mails the owner once, who can still log in with their own password', async () => {
    const owner = `owner-${randomBytes(3).toString('hex')}@fleet.example`;
    const created = await signUp({ email: owner, password: 'owners-secret', firstName: 'Olive' });
    expect(created.status).toBe(201);

    const taken = await signUp({ email: owner.toUpperCase(), password: 'someone-else', firstName: 'Mallory' });
    const fresh = await signUp({ email: `new-${randomBytes(3).toString('hex')}@fleet.example`, password: 'someone-else', firstName: 'Mallory' });
    expect(await answerOf(taken)).toEqual(await answerOf(fresh));
    expect(taken.status).toBe(201);

    const mail = await waitFor('the mail to the owner', () => smtp.received.find((m) => m.to.includes(owner)));
    expect(mail.subject).toBe('Someone tried to sign up to MedChest with your email');
    expect(mail.raw).toContain('Hello Olive,');
    expect(mail.raw).toContain('already has an account');
    expect(mail.raw).not.toContain('Mallory');
    // Nobody signing up with a new address, nor the first sign-up, is mailed by this.
    expect(smtp.received.filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(1);

    // The owner's account is as it was: their password works, the other one does not.
    const login = (password: string) =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner, password }) });
    expect((await login('owners-secret')).status).toBe(200);
    expect((await login('someone-else')).status).toBe(401);

    // The mail is in the mail log (a read model fed by the mail worker's EmailDispatched), as sent.
    const logged = await waitFor('the mail log row', async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ template: string; status: string }>('SELECT template, status FROM email_messages WHERE to_address = $1', [owner]);
        return rows.length > 0 ? rows : undefined;
      } finally {
        await client.end();
      }
    });
    expect(logged).toEqual([{ template: 'existing-account-signup', status: 'sent' }]);
  }, 120_000);
});
