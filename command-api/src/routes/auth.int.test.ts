import { DEMO_FLEET_OWNER, NOT_A_DEMO_ACCOUNT_MESSAGE, PENDING_ACCOUNT_MESSAGE } from '@medchest/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdForEmail } from '../ids';
import { sessionCookie, startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp('api_auth');
  // The accounts the demo seeds (the demo entry signs in the fleet owner the domain names), and a
  // fleet of two vessels to assign.
  await t.createUser(DEMO_FLEET_OWNER.email, DEMO_FLEET_OWNER.password, 'fleet_manager', 'active', { firstName: 'Demo', lastName: 'Fleet Owner' });
  await t.createUser('admin@medchest.example', 'medchest-admin', 'admin', 'active', { firstName: 'Admin', lastName: 'MedChest' });
  admin = await t.login('admin@medchest.example', 'medchest-admin');
  for (let n = 0; n < 2; n++) await t.createVessel(admin, { fleet: 'North Atlantic Fleet' });
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (url: string, payload: object | undefined, cookie?: string) =>
  t.app.inject({ method: 'PATCH', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** Sign-ups are limited per client address: each test signs up from its own. */
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;
const signup = (payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, remoteAddress });

describe('login', () => {
  it('logs the demo fleet owner in: status and role in the answer, an httpOnly SameSite=Lax session cookie', async () => {
    const response = await post('/api/auth/login', { email: 'demo@medchest.example', password: 'medchest-demo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'active', role: 'fleet_manager', email: 'demo@medchest.example', firstName: 'Demo' });
    expect(response.json()).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'medchest_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(43);
    expect(cookie!.expires!.getTime()).toBeGreaterThan(Date.now());

    const me = await get('/api/auth/user', sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'demo@medchest.example', role: 'fleet_manager', status: 'active' });
  });

  it('stores only a hash of the session token', async () => {
    const response = await post('/api/auth/login', { email: 'DEMO@medchest.example ', password: 'medchest-demo' });
    const token = response.cookies.find((c) => c.name === 'medchest_session')!.value;
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const rows = (await client.query<{ token_hash: Buffer; user_id: string }>('SELECT token_hash, user_id FROM api_sessions')).rows;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.token_hash.toString('utf8')).not.toContain(token);
      expect(rows.map((r) => r.user_id)).toContain(userIdForEmail('demo@medchest.example'));
    } finally {
      await client.end();
    }
  });

  it.each([
    ['a wrong password', 'demo@medchest.example', 'wrong-password'],
    ['an unknown email', 'nobody@medchest.example', 'medchest-demo'],
  ])('answers 401 "Invalid email or password" for %s, and sets no cookie', async (_name, email, password) => {
    const response = await post('/api/auth/login', { email, password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
    expect(response.cookies).toHaveLength(0);
  });

  it.each([
    [{ email: 'not-an-email', password: 'long-enough' }, 'email', 'Please enter a valid email'],
    [{ email: 'demo@medchest.example', password: '123' }, 'password', 'Password must be at least 6 characters'],
    [{}, 'email', 'Please enter a valid email'],
  ])('answers 400 with the form message for %j', async (payload, field, message) => {
    const response = await post('/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('rate-limits failed logins per IP and email: after 10 failures within a minute, 429 with a clear message', async () => {
    await t.createUser('target@medchest.example', 'right-password', 'fleet_manager');
    const attempt = (password = 'guessing') => post('/api/auth/login', { email: 'target@medchest.example', password });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed login attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits: the attacker cannot tell when they guessed it.
    expect((await attempt('right-password')).statusCode).toBe(429);
    // Another email from the same IP is its own count.
    const other = await post('/api/auth/login', { email: 'demo@medchest.example', password: 'medchest-demo' });
    expect(other.statusCode).toBe(200);
  });

  it('counts each attempt before the password is checked: of 40 parallel wrong guesses, 10 are checked and 30 refused', async () => {
    await t.createUser('parallel-target@medchest.example', 'right-password', 'fleet_manager');
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => post('/api/auth/login', { email: 'parallel-target@medchest.example', password: 'guessing' })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    expect((await post('/api/auth/login', { email: 'parallel-target@medchest.example', password: 'right-password' })).statusCode).toBe(429);
  });

  it('gives a successful attempt back: after 9 failures and a success, one more failure is still answered', async () => {
    await t.createUser('gives-back@medchest.example', 'right-password', 'fleet_manager');
    const attempt = (password: string) => post('/api/auth/login', { email: 'gives-back@medchest.example', password });
    for (let i = 0; i < 9; i++) expect((await attempt('guessing')).statusCode).toBe(401);
    expect((await attempt('right-password')).statusCode).toBe(200);
    expect((await attempt('guessing')).statusCode).toBe(401);
    expect((await attempt('guessing')).statusCode).toBe(429);
  });

  it('does not count successful logins: a user signing in often is never locked out', async () => {
    for (let i = 0; i < 12; i++) {
      const response = await post('/api/auth/login', { email: 'admin@medchest.example', password: 'medchest-admin' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('demo login (/admin/login)', () => {
  it('signs in the demo fleet owner the domain names (shown on /admin/login)', async () => {
    const response = await post('/api/demo/login', DEMO_FLEET_OWNER);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: DEMO_FLEET_OWNER.email, role: 'fleet_manager', status: 'active' });
  });

  it('logs in like /api/auth/login and answers the user with firstName', async () => {
    const response = await post('/api/demo/login', { email: 'demo@medchest.example', password: 'medchest-demo' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ firstName: 'Demo', role: 'fleet_manager', status: 'active' });
    expect(response.json().user).not.toHaveProperty('passwordHash');
    const me = await get('/api/auth/user', sessionCookie(response));
    expect(me.json().email).toBe('demo@medchest.example');
  });

  it.each([[{}], [{ email: 'demo@medchest.example' }], [{ email: '', password: 'x' }]])(
    'answers 400 "Email and password are required" for %j',
    async (payload) => {
      const response = await post('/api/demo/login', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Email and password are required');
    },
  );

  it('refuses wrong credentials with 401', async () => {
    const response = await post('/api/demo/login', { email: 'demo@medchest.example', password: 'nope' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('is rate-limited too, sharing the count with the login form', async () => {
    const remoteAddress = '192.0.2.77';
    const attempt = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: { email: 'demo@medchest.example', password: 'wrong-password' }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await attempt('/api/demo/login')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt('/api/auth/login')).statusCode).toBe(401);
    expect((await attempt('/api/demo/login')).statusCode).toBe(429);
  });

  it.each([['admin@medchest.example', 'medchest-admin'], ['someone@fleet.example', 'whatever']])(
    'signs in the demo account only: %s answers 401 pointing to the normal login, with no session',
    async (email, password) => {
      const response = await post('/api/demo/login', { email, password });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: NOT_A_DEMO_ACCOUNT_MESSAGE });
      expect(response.cookies.find((c) => c.name === 'medchest_session')).toBeUndefined();
    },
  );
});

describe('logout and the current user', () => {
  it('answers 200 with null for the current user when logged out (a normal state, not an error)', async () => {
    const response = await get('/api/auth/user');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('answers null for a made-up session cookie', async () => {
    const response = await get('/api/auth/user', 'medchest_session=forged-token');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('logs out: the session no longer works and the cookie is cleared', async () => {
    const cookie = await t.login('demo@medchest.example', 'medchest-demo');
    const response = await post('/api/auth/logout', undefined, cookie);
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'medchest_session');
    expect(cleared?.value).toBe('');
    expect((await get('/api/auth/user', cookie)).json()).toBeNull();
  });

  it('a new login in the same browser ends its previous session', async () => {
    const first = await t.login('demo@medchest.example', 'medchest-demo');
    const again = await post('/api/auth/login', { email: 'admin@medchest.example', password: 'medchest-admin' }, first);
    expect(again.statusCode).toBe(200);
    expect((await get('/api/auth/user', first)).json()).toBeNull();
    expect((await get('/api/auth/user', sessionCookie(again))).json().email).toBe('admin@medchest.example');
  });

  it('GET /api/login sends the browser to /login', async () => {
    const response = await get('/api/login');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });
});

describe('sign-up, pending account, approval', () => {
  it('sign-up → pending (profile only) → admin approves → the app opens', async () => {
    const before = (await t.allEvents()).length;
    const created = await signup({ email: 'New.Manager@Fleet.example', password: 'secret-1', firstName: 'Nina', lastName: 'Berg' }, newAddress());
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ email: 'new.manager@fleet.example', status: 'pending', role: 'fleet_manager', firstName: 'Nina' });
    const events = await t.allEvents();
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({ type: 'UserRegistered', streamId: `user-${userIdForEmail('new.manager@fleet.example')}` });
    expect(JSON.stringify(events.at(-1)!.data)).not.toContain('secret-1');

    // A pending account may log in; the answer says so (the web shows 'Account Pending').
    const login = await post('/api/auth/login', { email: 'new.manager@fleet.example', password: 'secret-1' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ status: 'pending', role: 'fleet_manager' });
    expect(login.json().message).toBe(PENDING_ACCOUNT_MESSAGE);
    const cookie = sessionCookie(login);

    expect((await get('/api/auth/user', cookie)).json()).toMatchObject({ status: 'pending' });
    const profile = await patch('/api/auth/profile', { company: 'Berg Shipping' }, cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ company: 'Berg Shipping', firstName: 'Nina' });
    for (const url of ['/api/vessels', '/api/dashboard/stats', '/api/dashboard/all-activities']) {
      const refused = await get(url, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: PENDING_ACCOUNT_MESSAGE });
    }

    const users = (await get('/api/admin/users', admin)).json() as { id: string; email: string }[];
    const id = users.find((u) => u.email === 'new.manager@fleet.example')!.id;
    const approved = await patch(`/api/admin/users/${id}/approve`, undefined, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'active' });

    // The same session now reaches the app: no vessel of anyone else's until an admin assigns some.
    expect((await get('/api/vessels', cookie)).statusCode).toBe(200);
    expect((await get('/api/dashboard/stats', cookie)).json().totalVessels).toBe(0);
    const fleet = ((await get('/api/admin/fleets', admin)).json() as string[])[0];
    expect((await t.send('POST', `/api/admin/users/${id}/fleets`, admin, { fleets: [fleet] })).statusCode).toBe(200);
    const inFleet = ((await get('/api/vessels', admin)).json() as { fleet: string }[]).filter((v) => v.fleet === fleet).length;
    expect(inFleet).toBeGreaterThan(0);
    expect((await get('/api/dashboard/stats', cookie)).json().totalVessels).toBe(inFleet);
  });

  it('answers a second sign-up for an address, whatever its case, exactly like a new one; the account and its password stay', async () => {
    const address = newAddress();
    const first = await signup({ email: 'twice@fleet.example', password: 'secret-1', firstName: 'Tess' }, address);
    const fresh = await signup({ email: 'fresh-one@fleet.example', password: 'secret-2', firstName: 'Tess' }, address);
    const before = (await t.allEvents()).length;
    const again = await signup({ email: 'TWICE@fleet.example', password: 'secret-2', firstName: 'Tess' }, address);

    // Same status and the same body as for an address nobody has (the id is the address's own).
    expect(again.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const strip = (body: { user: { id: string; email: string } }) => ({ ...body, user: { ...body.user, id: 'x', email: 'x' } });
    expect(strip(again.json())).toEqual(strip(fresh.json()));
    expect(again.json()).toEqual(first.json());
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    // Nothing about the account changed: one note that mails the owner, and the old password still works.
    const events = await t.allEvents();
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({
      type: 'ExistingAccountSignUpAttempted',
      streamId: `user-${userIdForEmail('twice@fleet.example')}`,
      data: { email: 'twice@fleet.example' },
    });
    expect((await post('/api/auth/login', { email: 'twice@fleet.example', password: 'secret-1' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: 'twice@fleet.example', password: 'secret-2' })).statusCode).toBe(401);
  });

  it('lets exactly one of two simultaneous sign-ups for one email create the account; both answer 201', async () => {
    const address = newAddress();
    const [a, b] = await Promise.all([
      signup({ email: 'race@fleet.example', password: 'secret-1' }, address),
      signup({ email: 'race@fleet.example', password: 'secret-2' }, address),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const stream = (await t.allEvents()).filter((e) => e.streamId === `user-${userIdForEmail('race@fleet.example')}`);
    expect(stream.map((e) => e.type).sort()).toEqual(['ExistingAccountSignUpAttempted', 'UserRegistered']);
  });

  it.each([
    [{ email: 'bad', password: 'secret-1' }, 'Please enter a valid email'],
    [{ email: 'short@fleet.example', password: '12345' }, 'Password must be at least 6 characters'],
  ])('answers 400 for a bad sign-up %j, appending nothing', async (payload, message) => {
    const before = (await t.allEvents()).length;
    const response = await signup(payload, newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await t.allEvents()).length).toBe(before);
  });
});

describe('sign-up rate limit', () => {
  it('allows 5 sign-ups per address in 10 minutes: of 8 parallel ones, 5 are created and 3 get 429 with a clear message', async () => {
    const address = newAddress();
    const before = (await t.allEvents()).length;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signup({ email: `burst-${i}@fleet.example`, password: 'secret-1' }, address)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const limited = responses.find((r) => r.statusCode === 429)!;
    expect(limited.json()).toEqual({ message: 'Too many sign-ups from your network. Please wait 10 minutes and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect((await t.allEvents()).length).toBe(before + 5);

    // Another address signs up as usual; logging in from the limited one still works.
    expect((await signup({ email: 'elsewhere@fleet.example', password: 'secret-1' }, newAddress())).statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `burst-${codes.indexOf(201)}@fleet.example`, password: 'secret-1' },
      remoteAddress: address,
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('updates only the fields sent and keeps the others', async () => {
    await t.createUser('profile@fleet.example', 'secret-1', 'fleet_manager');
    const cookie = await t.login('profile@fleet.example', 'secret-1');
    await patch('/api/auth/profile', { firstName: 'Paula', phone: '+47 555 1234' }, cookie);
    const response = await patch('/api/auth/profile', { company: 'Fjord AS' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Paula', phone: '+47 555 1234', company: 'Fjord AS' });
    expect((await get('/api/auth/user', cookie)).json()).toMatchObject({ firstName: 'Paula', company: 'Fjord AS' });
  });

  it('answers 400 for a phone number over 20 characters, 401 when logged out', async () => {
    const cookie = await t.login('demo@medchest.example', 'medchest-demo');
    const bad = await patch('/api/auth/profile', { phone: '1'.repeat(21) }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Phone number must not exceed 20 characters', fieldErrors: { phone: 'Phone number must not exceed 20 characters' } });
    expect((await patch('/api/auth/profile', { phone: '1' })).statusCode).toBe(401);
  });

  it.each(['call me', '+47 555 1234 ext. 5', '555#1234'])('answers 400 "Phone number contains invalid characters" for %j, like the vessel form, appending nothing', async (phone) => {
    const cookie = await t.login('demo@medchest.example', 'medchest-demo');
    const before = (await t.allEvents()).length;
    const bad = await patch('/api/auth/profile', { phone }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Phone number contains invalid characters', fieldErrors: { phone: 'Phone number contains invalid characters' } });
    expect((await t.allEvents()).length).toBe(before);
  });

  it('accepts a preferred vessel only if it is an existing vessel of their scope (400 "Please select a valid vessel" otherwise); empty clears it', async () => {
    const { userId } = await t.createUser('prefers@fleet.example', 'secret-1', 'fleet_manager');
    const [mine, notMine] = (await get('/api/vessels', admin)).json() as { id: string }[];
    await t.assign(userId, { vesselIds: [mine.id] });
    const cookie = await t.login('prefers@fleet.example', 'secret-1');
    const before = (await t.allEvents()).length;
    for (const preferredVessel of ['not-a-vessel', '6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11', notMine.id]) {
      const bad = await patch('/api/auth/profile', { preferredVessel }, cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Please select a valid vessel', fieldErrors: { preferredVessel: 'Please select a valid vessel' } });
    }
    expect((await t.allEvents()).length).toBe(before);

    const [vessel] = (await get('/api/vessels', cookie)).json() as { id: string }[];
    expect(vessel.id).toBe(mine.id);
    const chosen = await patch('/api/auth/profile', { preferredVessel: vessel.id }, cookie);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().preferredVessel).toBe(vessel.id);
    const cleared = await patch('/api/auth/profile', { preferredVessel: '' }, cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().preferredVessel ?? '').toBe('');
  });

  it('saving an unchanged profile records nothing', async () => {
    await t.createUser('unchanged@fleet.example', 'secret-1', 'fleet_manager');
    const cookie = await t.login('unchanged@fleet.example', 'secret-1');
    const profile = { firstName: 'Ulla', lastName: 'Berg', phone: '+47 22 00 00 00', company: 'Fjord AS', preferredFleet: 'North', preferredVessel: '' };
    expect((await patch('/api/auth/profile', profile, cookie)).statusCode).toBe(200);
    const before = (await t.allEvents()).length;
    const again = await patch('/api/auth/profile', profile, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ firstName: 'Ulla', phone: '+47 22 00 00 00', company: 'Fjord AS' });
    expect(again.headers['x-medchest-log-position']).toBeUndefined();
    expect((await patch('/api/auth/profile', { company: 'Fjord AS' }, cookie)).statusCode).toBe(200);
    expect((await t.allEvents()).length).toBe(before);
  });
});

describe('user administration', () => {
  it('lists users without password hashes', async () => {
    const response = await get('/api/admin/users', admin);
    expect(response.statusCode).toBe(200);
    const users = response.json() as Record<string, unknown>[];
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['demo@medchest.example', 'admin@medchest.example']));
    expect(response.body).not.toContain('scrypt$');
    for (const user of users) expect(user).not.toHaveProperty('passwordHash');
  });

  it('suspends an account: its sessions end at once and it cannot log in again', async () => {
    const { userId } = await t.createUser('suspend-me@fleet.example', 'secret-1', 'fleet_manager');
    const cookie = await t.login('suspend-me@fleet.example', 'secret-1');
    const response = await patch(`/api/admin/users/${userId}/suspend`, undefined, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: userId, status: 'suspended' });
    expect((await get('/api/vessels', cookie)).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: 'suspend-me@fleet.example', password: 'secret-1' });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Your account has been suspended. Please contact support.');
  });

  it('answers 404 for an unknown user, 409 for approving an active one, 400 for suspending oneself', async () => {
    expect((await patch('/api/admin/users/6b1f3c52-2f3e-4f65-9a55-6d1b3c0f7e11/approve', undefined, admin)).statusCode).toBe(404);
    expect((await patch('/api/admin/users/nope/suspend', undefined, admin)).json()).toEqual({ message: 'User not found' });
    const demoId = userIdForEmail('demo@medchest.example');
    expect((await patch(`/api/admin/users/${demoId}/approve`, undefined, admin)).statusCode).toBe(409);
    const self = await patch(`/api/admin/users/${userIdForEmail('admin@medchest.example')}/suspend`, undefined, admin);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot suspend your own account');
  });

  it.each([
    ['GET', '/api/admin/users'],
    ['PATCH', `/api/admin/users/${userIdForEmail('demo@medchest.example')}/approve`],
    ['PATCH', `/api/admin/users/${userIdForEmail('demo@medchest.example')}/suspend`],
  ] as const)('%s %s: 401 logged out, 403 for a fleet manager', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    const manager = await t.login('demo@medchest.example', 'medchest-demo');
    const before = (await t.allEvents()).length;
    const response = await t.app.inject({ method, url, headers: { cookie: manager } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have permission to do this' });
    expect((await t.allEvents()).length).toBe(before);
  });
});
