import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, type ReadModelDb } from './db';

// kysely checks a client out of the pool for every query and holds it for a whole transaction,
// with no 'error' listener of its own: createReadModelDb's pool gives each client one, so a
// connection killed under a transaction (pg_terminate_backend here; a restart or a
// DROP DATABASE ... WITH (FORCE) in life) rejects the transaction instead of crashing the process.

let database: TestDatabase;
let db: Kysely<ReadModelDb>;
let other: Kysely<ReadModelDb>;

beforeAll(async () => {
  database = await createTestDatabase('readmodel_db');
  db = createReadModelDb(database.url, { maxConnections: 2 });
  other = createReadModelDb(database.url, { maxConnections: 1 });
});

afterAll(async () => {
  await Promise.allSettled([db?.destroy(), other?.destroy()]);
  await database?.drop();
});

const pidOf = async (executor: Kysely<ReadModelDb>) =>
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(executor)).rows[0].pid;

describe('createReadModelDb', () => {
  it('a transaction whose connection is terminated rejects, and the db carries on', async () => {
    let killed = 0;
    const transaction = db.transaction().execute(async (trx) => {
      killed = await pidOf(trx);
      await sql`SELECT pg_terminate_backend(${killed})`.execute(other);
      // Give the server's FATAL time to arrive while the client is held and idle.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`SELECT 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    expect(await pidOf(db)).not.toBe(killed);
  });

  it('idle pooled connections terminated by the server are replaced on the next query', async () => {
    const before = await pidOf(db);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(other);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await pidOf(db)).not.toBe(before);
  });
});
