import { randomBytes } from 'node:crypto';
import { CAPTAIN_CODE_INVALID_MESSAGE, CAPTAIN_CODE_SENT_MESSAGE, DEMO_FLEET_OWNER } from '@medchest/domain';
import type { ReceivedMail } from '@medchest/workers/testing/smtpServer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductWithMail, waitFor, type ProductWithMail } from './testing/productWithMail';

/**
 * Issue 12: the captain portal's sign-in by a one-time code, over HTTP in the one-process product
 * with a real SMTP server receiving the mails. Knowing a vessel's contact address is not enough:
 * the code mailed there is.
 */

let product: ProductWithMail;
let base: string;
let ownerCookie: string;
let vessel: { id: string; vesselName: string };
let contactEmail: string;

type Answer = { status: number; body: Record<string, unknown>; cookie?: string };

async function call(method: string, path: string, body?: object, cookie?: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const setCookie = response.headers.get('set-cookie') ?? '';
  const session = /medchest_session=([^;]+)/.exec(setCookie);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, cookie: session ? `medchest_session=${session[1]}` : undefined };
}

const codeIn = (mail: ReceivedMail) => /^ {4}(\d{6})\s*$/m.exec(mail.raw)?.[1];

/** Ask for a code and read it from the next mail the SMTP server receives for the address. */
async function requestCode(email: string): Promise<string> {
  const before = product.smtp.received.filter((m) => m.to.includes(email)).length;
  const answer = await call('POST', '/api/captain/login', { email });
  expect(answer).toMatchObject({ status: 202, body: { message: CAPTAIN_CODE_SENT_MESSAGE } });
  const mail = await waitFor('the code mail', () => product.smtp.received.filter((m) => m.to.includes(email))[before]);
  expect(mail.subject).toBe('Your MedChest captain sign-in code');
  const code = codeIn(mail);
  if (!code) throw new Error(`no code in the mail:\n${mail.raw}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  product = await startProductWithMail('app_captain_login');
  base = product.base;
  const login = await call('POST', '/api/auth/login', { email: DEMO_FLEET_OWNER.email, password: DEMO_FLEET_OWNER.password });
  ownerCookie = login.cookie!;
  contactEmail = `master-${randomBytes(3).toString('hex')}@ship.example`;
  const created = await call(
    'POST',
    '/api/vessels',
    { vesselName: 'Code Login Star', imoNumber: '9074729', flagState: 'PANAMA', crewSizeCategory: 18, fleet: 'North Atlantic Fleet', contactEmail },
    ownerCookie,
  );
  expect(created.status).toBe(201);
  vessel = created.body as { id: string; vesselName: string };
}, 180_000);

afterAll(async () => {
  await product?.stop();
});

describe('the captain signs in with a code mailed to the vessel contact address', () => {
  it('answers an unknown address exactly like a known one, and mails nobody for it', async () => {
    const unknown = `nobody-${randomBytes(3).toString('hex')}@ship.example`;
    const known = await call('POST', '/api/captain/login', { email: contactEmail.toUpperCase() });
    const stranger = await call('POST', '/api/captain/login', { email: unknown });
    expect({ status: stranger.status, body: stranger.body }).toEqual({ status: known.status, body: known.body });
    expect(known).toMatchObject({ status: 202, body: { message: CAPTAIN_CODE_SENT_MESSAGE } });
    await waitFor('the known address mail', () => product.smtp.received.find((m) => m.to.includes(contactEmail)));
    expect(product.smtp.received.filter((m) => m.to.includes(unknown))).toHaveLength(0);
    expect(known.cookie).toBeUndefined();
    // Only the address's latest code counts; an email without a code is 400 with the spec's message.
    expect((await call('POST', '/api/captain/login', {})).body).toMatchObject({ message: 'Email is required' });
  }, 60_000);

  it('refuses a wrong code, then signs in with the right one: a session on that one vessel only', async () => {
    const code = await requestCode(contactEmail);
    const wrong = await call('POST', '/api/captain/login', { email: contactEmail, code: wrongCode(code) });
    expect(wrong).toMatchObject({ status: 401, body: { message: CAPTAIN_CODE_INVALID_MESSAGE } });
    expect(wrong.cookie).toBeUndefined();

    const right = await call('POST', '/api/captain/login', { email: contactEmail, code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ vesselName: 'Code Login Star' });
    const captain = right.cookie!;
    expect((await call('GET', '/api/auth/user', undefined, captain)).body).toMatchObject({ role: 'captain', vesselId: vessel.id });
    expect((await call('GET', '/api/captain/vessel', undefined, captain)).body).toMatchObject({ id: vessel.id, vesselName: 'Code Login Star' });
    const stats = await call('GET', '/api/captain/inventory/stats', undefined, captain);
    expect(stats).toMatchObject({ status: 200, body: { totalItems: 0, expiringSoon: 0, crewSize: 18 } });
    expect((await call('GET', '/api/captain/certificate', undefined, captain)).body).toMatchObject({
      vesselId: vessel.id,
      hasValidCertificate: false,
      certificateExpiry: null,
    });
    expect((await call('GET', `/api/vessels/${vessel.id}/inventory`, undefined, captain)).status).toBe(200);

    // Fleet routes refuse a captain; another vessel's anything is not there for them.
    expect((await call('GET', '/api/vessels', undefined, captain)).status).toBe(403);
    expect((await call('GET', '/api/dashboard/stats', undefined, captain)).status).toBe(403);
    const demoVessels = (await call('GET', '/api/vessels', undefined, ownerCookie)).body as unknown as { id: string }[];
    const other = demoVessels.find((v) => v.id !== vessel.id)!;
    expect((await call('GET', `/api/vessels/${other.id}`, undefined, captain)).status).toBe(403);
    for (const path of [`/api/vessels/${other.id}/inventory`, `/api/vessels/${other.id}/volume-requirements`, `/api/vessels/${other.id}/scale`]) {
      expect((await call('GET', path, undefined, captain)).status, path).toBe(404);
    }
    expect((await call('PATCH', `/api/vessels/${other.id}/inventory/00000000-0000-4000-8000-000000000000`, { quantityOnBoard: 1 }, captain)).status).toBe(404);

    // A code signs in once.
    expect((await call('POST', '/api/captain/login', { email: contactEmail, code })).status).toBe(401);
  }, 60_000);

  it('refuses an expired code with the same message', async () => {
    const code = await requestCode(contactEmail);
    const client = new pg.Client({ connectionString: product.database.url });
    await client.connect();
    try {
      // 15 minutes pass: the code's time is up.
      await client.query(`UPDATE api_captain_codes SET expires_at = now() - interval '1 second' WHERE email = $1 AND used_at IS NULL`, [contactEmail]);
      // Only a hash of the code is stored.
      const { rows } = await client.query<{ code_hash: string }>('SELECT code_hash FROM api_captain_codes WHERE email = $1', [contactEmail]);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.code_hash !== code && !row.code_hash.includes(code))).toBe(true);
    } finally {
      await client.end();
    }
    expect(await call('POST', '/api/captain/login', { email: contactEmail, code })).toMatchObject({ status: 401, body: { message: CAPTAIN_CODE_INVALID_MESSAGE } });
  }, 60_000);

  it('refuses the 6th attempt on a code, even with the right code', async () => {
    const code = await requestCode(contactEmail);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await call('POST', '/api/captain/login', { email: contactEmail, code: wrongCode(code) })).status).toBe(401);
    }
    const sixth = await call('POST', '/api/captain/login', { email: contactEmail, code });
    expect(sixth).toMatchObject({ status: 401, body: { message: CAPTAIN_CODE_INVALID_MESSAGE } });
    expect(sixth.cookie).toBeUndefined();
  }, 60_000);
});
