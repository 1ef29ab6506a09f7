import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { guardPool, withPoolClient } from './pool';
import { createPostgresEventStore } from './store';

// A connection killed under a pool (server restart, network cut, DROP DATABASE ... WITH (FORCE)),
// played by pg_terminate_backend from another connection. Without listeners pg's 'error' event is
// an uncaught exception: vitest would report it and fail the run (node alone would exit 1).

let database: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase('pool');
  admin = new pg.Client({ connectionString: database.url });
  admin.on('error', () => undefined);
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

async function terminate(pid: number): Promise<void> {
  const { rows } = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [pid]);
  expect(rows[0].ok).toBe(true);
}

async function backendPid(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return rows[0].pid;
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const codeOf = (error: unknown) => (error as { code?: string }).code;

describe('guardPool', () => {
  it('a checked-out client whose backend is terminated mid-transaction reports the error and the pool recovers', async () => {
    const errors: Error[] = [];
    const pool = guardPool(new pg.Pool({ connectionString: database.url, max: 2 }), (error) => errors.push(error));
    try {
      const client = await pool.connect();
      await client.query('BEGIN');
      await terminate(await backendPid(client));
      // The server's FATAL arrives while no query runs: an 'error' event on the held client.
      await until(() => errors.length > 0);
      expect(errors.some((error) => codeOf(error) === '57P01' || /terminat/i.test(error.message))).toBe(true);
      // The holder finds out as a rejected promise.
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release();
      // The broken client was discarded; the next query gets a fresh connection.
      const { rows } = await pool.query<{ n: number }>('SELECT 1 AS n');
      expect(rows[0].n).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('an idle client whose backend is terminated is dropped from the pool, not thrown', async () => {
    const errors: Error[] = [];
    const pool = guardPool(new pg.Pool({ connectionString: database.url, max: 1 }), (error) => errors.push(error));
    try {
      const client = await pool.connect();
      const pid = await backendPid(client);
      client.release();
      await terminate(pid);
      await until(() => pool.totalCount === 0);
      expect(errors.length).toBeGreaterThan(0);
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(rows[0].pid).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });

  it('survives DROP DATABASE WITH (FORCE) while connections are idle and checked out', async () => {
    const doomed = await createTestDatabase('pool_doomed');
    const errors: Error[] = [];
    const pool = guardPool(new pg.Pool({ connectionString: doomed.url, max: 3 }), (error) => errors.push(error));
    try {
      const idle = await pool.connect();
      await idle.query('SELECT 1');
      idle.release();
      const held = await pool.connect();
      await held.query('BEGIN');
      await doomed.drop();
      await until(() => errors.length >= 2);
      await expect(held.query('SELECT 1')).rejects.toThrow();
      held.release();
    } finally {
      await pool.end();
      await doomed.drop();
    }
  });
});

describe('withPoolClient', () => {
  it('on a pool without listeners, a connection lost during the work rejects the work and the client is discarded', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pool.on('error', () => undefined); // only idle clients; the checkout relies on withPoolClient
    const reported: Error[] = [];
    try {
      let pid = 0;
      const work = withPoolClient(
        pool,
        async (client) => {
          await client.query('BEGIN');
          pid = await backendPid(client);
          await terminate(pid);
          await until(() => reported.length > 0);
          await client.query('COMMIT');
        },
        (error) => reported.push(error),
      );
      await expect(work).rejects.toThrow();
      expect(pool.totalCount).toBe(0);
      expect((await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });
});

describe('the PostgreSQL event store', () => {
  it('keeps working after every connection of its own pool is terminated', async () => {
    const store = createPostgresEventStore({ connectionString: database.url, poolSize: 3 });
    try {
      await store.init();
      const metadata = { userId: null, correlationId: 'c', occurredAt: 'now' };
      await store.appendToStream('pool-1', [{ type: 'First', version: 1, data: {}, metadata }], { expected: 'no_stream' });
      const before = store.pool.totalCount;
      expect(before).toBeGreaterThan(0);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await until(() => store.pool.totalCount === 0);
      await store.appendToStream('pool-1', [{ type: 'Second', version: 1, data: {}, metadata }], { expected: 0n });
      expect((await store.readStream('pool-1')).map((e) => e.type)).toEqual(['First', 'Second']);
    } finally {
      await store.close();
    }
  });
});
