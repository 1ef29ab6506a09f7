import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadModelTestDb, resetReadModels, snapshotReadModels, type ReadModelTestDb } from '../testing/db';
import { createFakeLog } from '../testing/events';
import { sql } from 'kysely';
import { createReadModelDb } from '../db';
import { findUserByEmail, getUser, listUsers } from './queries';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_users');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetReadModels(t.db);
});

const JANE = '7d1c2a0e-1111-4c3e-9a57-0f0d1c7c0a01';
const OLA = '7d1c2a0e-2222-4c3e-9a57-0f0d1c7c0a02';

function registered(log: ReturnType<typeof createFakeLog>, userId: string, email: string, extra: Record<string, unknown> = {}) {
  return log.record({
    type: 'UserRegistered',
    data: {
      userId,
      email,
      firstName: 'Jane',
      lastName: 'Doe',
      role: 'fleet_manager',
      status: 'pending',
      source: 'signup',
      ...extra,
    },
  } as never);
}

describe('users', () => {
  it('a sign-up is a pending account found by its email in any case (no password hash: the log holds none)', async () => {
    const log = createFakeLog();
    const event = registered(log, JANE, 'Jane.Doe@Example.COM');
    await t.project([event]);

    const found = await findUserByEmail(t.db, '  jane.doe@example.com ');
    expect(found).toEqual({
      id: JANE,
      email: 'jane.doe@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      role: 'fleet_manager',
      status: 'pending',
      accountType: null,
      vesselId: null,
      phone: null,
      company: null,
      preferredFleet: null,
      preferredVessel: null,
      createdAt: event.metadata.occurredAt,
    });
    expect(await findUserByEmail(t.db, 'someone.else@example.com')).toBeUndefined();
  });

  it('an account is looked up by id as a prepared statement, which still answers after a migration adds a column to users', async () => {
    await t.project([registered(createFakeLog(), JANE, 'jane@example.com')]);
    // One connection: the statement prepared by the first lookup is the one the second runs.
    const one = createReadModelDb(t.url, { maxConnections: 1 });
    try {
      const jane = await getUser(one, JANE);
      expect(jane).toMatchObject({ id: JANE, email: 'jane@example.com', role: 'fleet_manager' });
      const prepared = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%"users"%'`.execute(one);
      expect(prepared.rows[0].n).toBe(1);
      // A statement that selected * would now fail: 'cached plan must not change result type'.
      await sql`ALTER TABLE users ADD COLUMN later_column text`.execute(one);
      try {
        expect(await getUser(one, JANE)).toEqual(jane);
      } finally {
        await sql`ALTER TABLE users DROP COLUMN later_column`.execute(one);
      }
    } finally {
      await one.destroy();
    }
  });

  it('approval makes the account active; suspension suspends it', async () => {
    const log = createFakeLog();
    await t.project([registered(log, JANE, 'jane@example.com')]);
    await t.project([log.record({ type: 'UserApproved', data: { userId: JANE, email: 'jane@example.com', firstName: 'Jane' } })]);
    expect((await getUser(t.db, JANE))?.status).toBe('active');
    await t.project([log.record({ type: 'UserSuspended', data: { userId: JANE } })]);
    expect((await getUser(t.db, JANE))?.status).toBe('suspended');
  });

  it('a profile edit replaces the profile fields and keeps the rest', async () => {
    const log = createFakeLog();
    await t.project([
      registered(log, JANE, 'jane@example.com', { role: 'captain', accountType: 'captain', vesselId: 'v-1', status: 'active' }),
      log.record({
        type: 'UserProfileUpdated',
        data: { userId: JANE, firstName: 'Janet', phone: '+44 20 7946 0000', company: 'Nordic Bulk AS', preferredFleet: 'North Atlantic' },
      }),
    ]);
    const user = await getUser(t.db, JANE);
    expect(user).toMatchObject({
      firstName: 'Janet',
      lastName: null,
      phone: '+44 20 7946 0000',
      company: 'Nordic Bulk AS',
      preferredFleet: 'North Atlantic',
      preferredVessel: null,
      role: 'captain',
      accountType: 'captain',
      vesselId: 'v-1',
      status: 'active',
    });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('lists accounts newest first, without password hashes', async () => {
    const log = createFakeLog();
    await t.project([registered(log, JANE, 'jane@example.com'), registered(log, OLA, 'ola@example.com', { firstName: 'Ola' })]);
    const users = await listUsers(t.db);
    expect(users.map((u) => u.email)).toEqual(['ola@example.com', 'jane@example.com']);
    expect(users.every((u) => !('passwordHash' in u))).toBe(true);
  });

  it('a batch holding registration, approval and edits gives the rows of applying them one by one', async () => {
    const log = createFakeLog();
    const events = [
      registered(log, JANE, 'jane@example.com'),
      log.record({ type: 'UserApproved', data: { userId: JANE, email: 'jane@example.com' } }),
      registered(log, OLA, 'ola@example.com'),
      log.record({ type: 'UserProfileUpdated', data: { userId: JANE, lastName: 'Smith' } }),
      log.record({ type: 'UserSuspended', data: { userId: OLA } }),
    ];
    for (const e of events) await t.project([e]);
    const oneByOne = await snapshotReadModels(t.db);
    await resetReadModels(t.db);
    await t.project(events);
    expect(await snapshotReadModels(t.db)).toEqual(oneByOne);
    expect(oneByOne.users).toHaveLength(2);
  });
});
