import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../postgres/database';

/** The server tests run against: DATABASE_URL's server (its database name is ignored). */
export function testServerUrl(): string {
  return process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/medchest';
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file, so test files can run in parallel against one
 * PostgreSQL server without seeing each other's rows. Drop it in afterAll.
 */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const url = new URL(testServerUrl());
  url.pathname = `/medchest_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const dbUrl = url.toString();
  await ensureDatabase(dbUrl);
  return { url: dbUrl, drop: () => dropDatabase(dbUrl) };
}
