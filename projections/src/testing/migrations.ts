import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
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
