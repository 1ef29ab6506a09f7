import { rebuildReadModels } from '@medchest/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdForEmail } from '../ids';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('api_credentials');
});

afterAll(async () => {
  await t?.close();
});

async function query<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('password hashes stay out of the event log', () => {
  it('a sign-up records UserRegistered without any password hash; the hash lives in api_credentials only', async () => {
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'Hash.Free@fleet.example', password: 'secret-1' } });
    expect(signup.statusCode).toBe(201);
    await t.createUser('admin-made@fleet.example', 'secret-2', 'captain');

    const events = await t.allEvents();
    const registered = events.filter((e) => e.type === 'UserRegistered');
    expect(registered).toHaveLength(2);
    for (const event of registered) expect(Object.keys(event.data as object)).not.toContain('passwordHash');
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toContain('scrypt$');

    const userId = userIdForEmail('hash.free@fleet.example');
    const rows = await query<{ user_id: string; password_hash: string }>('SELECT user_id, password_hash FROM api_credentials WHERE user_id = $1', [userId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    // Nor is it copied into the users read model.
    const columns = await query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'users'");
    expect(columns.map((c) => c.column_name)).not.toContain('password_hash');
  });

  it('credentials survive a rebuild of the read models: the same password still logs in', async () => {
    await t.runner.stop();
    await rebuildReadModels({ db: t.db, store: t.store });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'hash.free@fleet.example', password: 'secret-1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email: 'hash.free@fleet.example', status: 'pending' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin-made@fleet.example', password: 'secret-1' } });
    expect(wrong.statusCode).toBe(401);
  });
});
