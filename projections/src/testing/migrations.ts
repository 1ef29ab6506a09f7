import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { readModelMigrations, readModelMigrator } from '../migrations';

/**
 * Migrate a test database as a version without these migrations would have (every other one run),
 * so that a test can then run the real migrateReadModels over it and check what they carry over.
 */
export async function migrateReadModelsWithout(db: Kysely<ReadModelDb>, left: readonly string[]): Promise<void> {
  for (const name of left) if (!readModelMigrations.some(([known]) => known === name)) throw new Error(`No migration ${name}`);
  const older = readModelMigrations.filter(([name]) => !left.includes(name));
  const { error } = await readModelMigrator(db, older).migrateToLatest();
  if (error) throw error;
}
