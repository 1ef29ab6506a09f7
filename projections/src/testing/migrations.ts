import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createReadModelDb, type ReadModelDb } from '../db';
import { readModelMigrations, readModelMigrator } from '../migrations';

/**
 * Migrate a test database as an older version left it: only the migrations named (the ones that
 * version shipped), so that a test can then run the real migrateReadModels over it and check what
 * the newer ones carry over. Later migrations may assume the newer ones (a table's new name), so
 * the list is the old version's, not "all but one".
 */
export async function migrateReadModelsAsShipped(db: Kysely<ReadModelDb>, shipped: readonly string[]): Promise<void> {
  for (const name of shipped) if (!readModelMigrations.some(([known]) => known === name)) throw new Error(`No migration ${name}`);
  const older = readModelMigrations.filter(([name]) => shipped.includes(name));
  const { error } = await readModelMigrator(db, older).migrateToLatest();
  if (error) throw error;
}

/**
 * A database of its own, no migration run, for the tests of a file or of a describe block (made
 * before them, dropped after): for migration tests, which migrate it as far as an older version did.
 */
export function unmigratedReadModelDb(label: string): { readonly db: Kysely<ReadModelDb> } {
  let database: TestDatabase | undefined;
  let db: Kysely<ReadModelDb> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(label);
    db = createReadModelDb(database.url);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error(`${label}: the database is made before the tests (beforeAll)`);
      return db;
    },
  };
}
