import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb } from './db';
import { migrateReadModels, readModelMigrations } from './migrations';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('proj_migrations');
});
afterAll(async () => {
  await database?.drop();
});

describe('read-model migrations', () => {
  it('three processes starting together on a fresh database each migrate without error, and the schema is made once', async () => {
    const dbs = [createReadModelDb(database.url), createReadModelDb(database.url), createReadModelDb(database.url)];
    try {
      await Promise.all(dbs.map((db) => migrateReadModels(db)));
      // And again: nothing left to do.
      await migrateReadModels(dbs[0]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM read_model_migrations ORDER BY name`.execute(dbs[0]);
      expect(rows.map((r) => r.name)).toEqual(readModelMigrations.map(([name]) => name).sort());
      const tables = await dbs[0].introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['follower_checkpoints', 'vessels', 'users', 'fleet_compliance', 'activities', 'email_messages']),
      );
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });
});
