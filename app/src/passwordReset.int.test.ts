import { randomBytes } from 'node:crypto';
import type { ReceivedMail } from '@medchest/workers/testing/smtpServer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductWithMail, waitFor, type ProductWithMail } from './testing/productWithMail';

/**
 * Forgot password (issue 9) over HTTP in the one-process product with a real SMTP server: the
 * request answers the same for any address, the mailed link resets the password once and ends
 * every session; a deleted user's address leaves the mail log.
 */

let product: ProductWithMail;
let base: string;

beforeAll(async () => {
  product = await startProductWithMail('app_password_reset');
  base = product.base;
}, 180_000);

afterAll(async () => {
  await product?.stop();
});

function post(path: string, body: object, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0];

/** The reset link's token in a mail as sent (quoted-printable undone). */
function tokenIn(mail: ReceivedMail): string {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match) throw new Error('no reset link in the mail');
  return match[1];
}

async function mailLog(address: string): Promise<{ to_address: string; template: string }[]> {
  const client = new pg.Client({ connectionString: product.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ to_address: string; template: string }>(
      `SELECT to_address, template FROM email_messages WHERE template = 'password-reset' AND (to_address = $1 OR to_address = 'Deleted user')`,
      [address],
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('forgot password', () => {
  const email = `forgetful-${randomBytes(3).toString('hex')}@fleet.example`;
  let token: string;

  it('answers 202 with the same body for an address with an account and one without, and mails only the account a link', async () => {
    expect((await post('/api/auth/signup', { email, password: 'old-secret', firstName: 'Fenna' })).status).toBe(201);

    const known = await post('/api/auth/forgot-password', { email: email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: `nobody-${randomBytes(3).toString('hex')}@fleet.example` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const knownBody = await known.json();
    expect(await unknown.json()).toEqual(knownBody);
    expect(knownBody).toEqual({ message: 'If an account exists for this email, we have sent a link to reset its password. It is valid for 30 minutes.' });

    const mail = await waitFor('the reset mail', () => product.smtp.received.find((m) => m.to.includes(email)));
    expect(mail.subject).toBe('Reset your MedChest password');
    expect(mail.raw).toContain('Hello Fenna,');
    token = tokenIn(mail);
    expect(token).toHaveLength(64);
    // The only reset mail sent: none went to the address without an account.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(product.smtp.received.filter((m) => m.subject === 'Reset your MedChest password')).toHaveLength(1);

    const bad = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fieldErrors: { email: 'Please enter a valid email' } });
  }, 60_000);

  it('the link sets the new password once, ends every session of the account, and is refused the second time', async () => {
    const login = (password: string) => post('/api/auth/login', { email, password });
    const session = cookieOf(await login('old-secret'));
    expect(await (await fetch(`${base}/api/auth/user`, { headers: { cookie: session } })).json()).toMatchObject({ email });

    const tampered = await post('/api/auth/reset-password', { token: `${token.slice(0, -2)}AA`, password: 'new-secret' });
    expect(tampered.status).toBe(400);

    const reset = await post('/api/auth/reset-password', { token, password: 'new-secret' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: 'Your password has been reset. You can now log in with your new password.' });

    expect(await (await fetch(`${base}/api/auth/user`, { headers: { cookie: session } })).json()).toBeNull();
    expect((await login('old-secret')).status).toBe(401);
    expect((await login('new-secret')).status).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'third-secret' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      message: 'This password reset link is invalid or has expired. Please request a new one.',
      fieldErrors: { token: 'This password reset link is invalid or has expired. Please request a new one.' },
    });
    expect((await login('new-secret')).status).toBe(200);

    const short = await post('/api/auth/reset-password', { token, password: '12345' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ fieldErrors: { password: 'Password must be at least 6 characters' } });
  }, 60_000);

  it("the mail log shows the address, until the user is deleted: then 'Deleted user'", async () => {
    expect(await waitFor('the mail log row', async () => ((await mailLog(email)).length > 0 ? mailLog(email) : undefined))).toEqual([
      { to_address: email, template: 'password-reset' },
    ]);
    const admin = cookieOf(await post('/api/auth/login', { email: 'admin@medchest.example', password: 'medchest-admin' }));
    const users = (await (await fetch(`${base}/api/admin/users`, { headers: { cookie: admin } })).json()) as { id: string; email: string }[];
    const user = users.find((u) => u.email === email)!;
    const deleted = await fetch(`${base}/api/admin/users/${user.id}`, { method: 'DELETE', headers: { cookie: admin } });
    expect(deleted.status).toBe(200);
    expect(await mailLog(email)).toEqual([{ to_address: 'Deleted user', template: 'password-reset' }]);
  }, 60_000);
});
