import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductWithMail, waitFor, type ProductWithMail } from './testing/productWithMail';

/**
 * Issue 16, point 10: the sign-up form tells no one which addresses have accounts. Over HTTP in
 * the one-process product with a real SMTP server: a sign-up with a taken address answers exactly
 * as one with a new address, and the owner of the taken one gets a mail (recorded in the mail log).
 */

let product: ProductWithMail;
let base: string;

beforeAll(async () => {
  product = await startProductWithMail('app_signup_mail');
  base = product.base;
}, 180_000);

afterAll(async () => {
  await product?.stop();
});

const signUp = (body: object) =>
  fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

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

    const mail = await waitFor('the mail to the owner', () => product.smtp.received.find((m) => m.to.includes(owner)));
    expect(mail.subject).toBe('Someone tried to sign up to MedChest with your email');
    expect(mail.raw).toContain('Hello Olive,');
    expect(mail.raw).toContain('already has an account');
    expect(mail.raw).not.toContain('Mallory');
    // Nobody signing up with a new address, nor the first sign-up, is mailed by this.
    expect(product.smtp.received.filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(1);

    // The owner's account is as it was: their password works, the other one does not.
    const login = (password: string) =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner, password }) });
    expect((await login('owners-secret')).status).toBe(200);
    expect((await login('someone-else')).status).toBe(401);

    // The mail is in the mail log (a read model fed by the mail worker's EmailDispatched), as sent.
    const logged = await waitFor('the mail log row', async () => {
      const client = new pg.Client({ connectionString: product.database.url });
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
