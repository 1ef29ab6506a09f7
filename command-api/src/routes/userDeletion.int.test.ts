import { rebuildReadModels } from '@medchest/projections';
import { isSealed, personalDataOpener } from '@medchest/projections/personal-data/vault';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser, suspendUser } from '../commands/users';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp('user_deletion');
  await t.createUser('erasing.admin@fleet.example', 'admin-pass', 'admin');
  admin = await t.login('erasing.admin@fleet.example', 'admin-pass');
});
afterAll(async () => {
  await t?.close();
});

/** The person's data, each piece distinctive enough to be found in any text it lands in. */
const PERSON = {
  email: 'zygmunt.quillfeather@erase-me.example',
  firstName: 'Zygmunt',
  lastName: 'Quillfeather',
  phone: '+48 600 917 333',
};
const TRACES = [PERSON.email, 'quillfeather', 'zygmunt', '600 917 333'];

/** Every table of the database (read models, the event log, the API's own tables) holding any trace, with how many rows. */
async function tablesHoldingTraces(): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(t.db);
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    for (const trace of TRACES) {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM ${sql.table(table_name)} AS r WHERE lower(r::text) LIKE ${`%${trace.toLowerCase()}%`}`.execute(t.db);
      const n = Number(rows[0]?.n ?? 0);
      if (n > 0) found[`${table_name}: ${trace}`] = n;
    }
  }
  return found;
}

describe('deleting a user keeps the history honest', () => {
  let userId: string;
  let vesselId: string;

  it('the event log never holds the name, email or phone in the clear, while the screens show them', async () => {
    const created = await t.send('POST', '/api/admin/users/create', admin, {
      email: PERSON.email,
      password: 'zq-secret',
      firstName: PERSON.firstName,
      lastName: PERSON.lastName,
      phone: PERSON.phone,
      company: 'Erasable Shipping',
      role: 'fleet_manager',
      status: 'pending',
    });
    expect(created.statusCode).toBe(201);
    userId = (created.json() as { id: string }).id;
    expect((await t.send('PATCH', `/api/admin/users/${userId}/approve`, admin)).statusCode).toBe(200);

    const manager = await t.login(PERSON.email, 'zq-secret');
    vesselId = await t.createVessel(manager, { fleet: 'Erasure Fleet' });
    const profile = await t.send('PATCH', '/api/auth/profile', manager, { lastName: PERSON.lastName, phone: PERSON.phone, preferredVessel: vesselId });
    expect(profile.statusCode).toBe(200);

    const users = (await t.send('GET', '/api/admin/users', admin)).json() as { email: string; lastName: string; phone: string }[];
    expect(users.find((u) => u.email === PERSON.email)).toMatchObject({ lastName: PERSON.lastName, phone: PERSON.phone });
    const feed = (await t.send('GET', '/api/dashboard/all-activities?limit=50', admin)).json() as { vesselId: string; user: unknown }[];
    expect(feed.find((line) => line.vesselId === vesselId)?.user).toEqual({ firstName: PERSON.firstName, lastName: PERSON.lastName });

    // Sealed in the log: the events table itself holds no trace, only the read models do.
    const traces = await tablesHoldingTraces();
    expect(Object.keys(traces).filter((key) => key.startsWith('events:'))).toEqual([]);
    expect(Object.keys(traces).some((key) => key.startsWith('users:'))).toBe(true);
  });

  it('an admin can neither delete nor suspend themselves, nor the last admin', async () => {
    const self = ((await t.send('GET', '/api/auth/user', admin)).json() as { id: string }).id;
    const deleteSelf = await t.send('DELETE', `/api/admin/users/${self}`, admin);
    expect(deleteSelf.statusCode).toBe(400);
    expect(deleteSelf.json()).toMatchObject({ message: 'You cannot delete your own account' });
    const suspendSelf = await t.send('PATCH', `/api/admin/users/${self}/suspend`, admin);
    expect(suspendSelf.statusCode).toBe(400);
    expect(suspendSelf.json()).toMatchObject({ message: 'You cannot suspend your own account' });
  });

  it('the last active admin can be neither deleted nor suspended, whoever asks', async () => {
    const self = ((await t.send('GET', '/api/auth/user', admin)).json() as { id: string }).id;
    // Through HTTP only another admin could ask, and then this one is not the last: the rule is
    // the command's, checked here with a caller that is not an admin (a script, the system).
    const system = { userId: null, correlationId: 'test', now: new Date() };
    await expect(deleteUser(t.deps, self, system)).rejects.toThrow('You cannot delete the last administrator');
    await expect(suspendUser(t.deps, self, system)).rejects.toThrow('You cannot suspend the last administrator');
    expect(((await t.send('GET', '/api/auth/user', admin)).json() as { status: string }).status).toBe('active');
  });

  it('after the delete, and after rebuilding every read model, the person is in no table; what they did stays as "Deleted user"', async () => {
    const manager = await t.login(PERSON.email, 'zq-secret');
    const deleted = await t.send('DELETE', `/api/admin/users/${userId}`, admin);
    expect(deleted.statusCode).toBe(200);

    // Their session ended with the account, and the account cannot sign in again.
    expect((await t.send('GET', '/api/vessels', manager)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: PERSON.email, password: 'zq-secret' } })).statusCode).toBe(401);

    const lineBy = async () => {
      const feed = (await t.send('GET', '/api/dashboard/all-activities?limit=50', admin)).json() as { vesselId: string; user: unknown }[];
      return feed.find((line) => line.vesselId === vesselId)?.user;
    };
    expect(await lineBy()).toEqual({ firstName: null, lastName: null, deleted: true });
    expect(await tablesHoldingTraces()).toEqual({});

    // The key is destroyed: what the log holds of them can no longer be opened by anyone.
    const registered = (await t.store.readStream(`user-${userId}`)).find((e) => e.type === 'UserRegistered');
    const sealedEmail = (registered?.data as { email: string }).email;
    expect(isSealed(sealedEmail)).toBe(true);
    expect((await personalDataOpener(t.db, [sealedEmail])).open(sealedEmail)).toBeNull();

    // Replaying the whole log into fresh read models brings none of it back.
    await t.runner.stop();
    const rebuilt = await rebuildReadModels({ db: t.db, store: t.store });
    expect(rebuilt.events).toBeGreaterThan(0);
    await t.runner.start();
    expect(await tablesHoldingTraces()).toEqual({});
    expect(await lineBy()).toEqual({ firstName: null, lastName: null, deleted: true });
    const users = (await t.send('GET', '/api/admin/users', admin)).json() as { id: string }[];
    expect(users.map((u) => u.id)).not.toContain(userId);
  });

  it('the same address can sign up again afterwards, as a new person with a new key', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: PERSON.email, password: 'new-secret', firstName: 'Zoe', lastName: 'Newcomer' },
      remoteAddress: '10.9.9.9',
    });
    expect(signup.statusCode).toBe(201);
    const users = (await t.send('GET', '/api/admin/users', admin)).json() as { email: string; firstName: string }[];
    expect(users.find((u) => u.email === PERSON.email)).toMatchObject({ firstName: 'Zoe' });
    // The old name stays unreadable: the activity line is still a deleted user's.
    const feed = (await t.send('GET', '/api/dashboard/all-activities?limit=50', admin)).json() as { vesselId: string; user: unknown }[];
    expect(feed.find((line) => line.vesselId === vesselId)?.user).toEqual({ firstName: null, lastName: null, deleted: true });
  });
});
