import { createReadModelClock, getUser } from '@medchest/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';
import { createPgSessionStore, type SessionStore } from './sessions';

let t: TestApp;
let sessions: SessionStore;

beforeAll(async () => {
  t = await startTestApp('api_sessions');
  sessions = createPgSessionStore({ connectionString: t.databaseUrl });
});

afterAll(async () => {
  await sessions?.close();
  await t?.close();
});

describe('sessions', () => {
  it('a session is found with its account, in one statement, as the users read model holds it (none for an account without a row)', async () => {
    const { userId } = await t.createUser('session.owner@fleet.example', 'secret-3', 'fleet_manager');
    const { token } = await sessions.create(userId);
    const found = await sessions.findWithUser(token);
    expect(found?.session).toMatchObject({ userId, vesselId: null });
    expect(found?.user).toEqual(await getUser(t.db, userId));
    expect(found?.user).toMatchObject({ id: userId, email: 'session.owner@fleet.example', role: 'fleet_manager', status: 'active' });

    const removed = '7d1c2a0e-9999-4c3e-9a57-0f0d1c7c0a09';
    const orphan = await sessions.create(removed);
    expect(await sessions.findWithUser(orphan.token)).toMatchObject({ session: { userId: removed }, user: undefined });
    expect(await sessions.findWithUser('not-a-session')).toBeUndefined();
  });

  it('a lookup for a route that reads the models also says where they stand, as the clock reads it, moving with every write', async () => {
    const clock = createReadModelClock(t.db);
    const { userId } = await t.createUser('session.reader@fleet.example', 'secret-3', 'fleet_manager');
    const { token } = await sessions.create(userId);
    const before = await sessions.findWithUser(token, { readModels: true });
    expect(before?.user).toEqual((await sessions.findWithUser(token))?.user);
    expect(before?.readModels?.of(['users', 'vessels'])).toBe((await clock.now()).of(['users', 'vessels']));
    // Another account registered: the users read model moved, and the next lookup sees it.
    await t.createUser('session.other@fleet.example', 'secret-3', 'fleet_manager');
    const after = await sessions.findWithUser(token, { readModels: true });
    expect(after?.readModels?.of(['users'])).not.toBe(before?.readModels?.of(['users']));
    expect(after?.readModels?.of(['users'])).toBe((await clock.now()).of(['users']));
    expect((await sessions.findWithUser(token))?.readModels).toBeUndefined();
  });
});
