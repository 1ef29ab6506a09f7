import { getUser } from '@medchest/projections';
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
});
