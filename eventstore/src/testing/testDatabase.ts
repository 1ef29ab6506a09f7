import { randomBytes } from 'node:crypto';
import { copyDatabase, dropDatabase, ensureDatabase } from '../postgres/database';

/** The server tests run against: DATABASE_URL's server (its database name is ignored). */
export function testServerUrl(): string {
  return process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/medchest';
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * The schemas a test database can start with, each copied from a template database the vitest
 * global setup (app/src/testing/globalSetup.ts) builds once per run by running the real
 * migrations, and names in the environment variable given here:
 * - `readModels`: the read-model migrations (createReadModelTestDb);
 * - `app`: the event store's schema, then the read-model migrations (the API harness).
 * Copying a template (CREATE DATABASE ... TEMPLATE) takes about 0.1 s where running the migrations
 * took 2-3 s, once per test file. Callers still run their migrations on the copy: they find
 * nothing to do, and without a template (a file run outside vitest) they build the schema.
 */
export const TEST_TEMPLATES = {
  readModels: 'MEDCHEST_TEST_TEMPLATE_READ_MODELS',
  app: 'MEDCHEST_TEST_TEMPLATE_APP',
} as const;

export type TestTemplate = keyof typeof TEST_TEMPLATES;

function databaseUrl(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function uniqueName(label: string): string {
  return `medchest_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
}

/**
 * A fresh database for one test file, so test files can run in parallel against one PostgreSQL
 * server without seeing each other's rows: empty, or a copy of a template's schema when `from`
 * names one and the run built it. Drop it in afterAll.
 */
export async function createTestDatabase(label = 'test', { from }: { from?: TestTemplate } = {}): Promise<TestDatabase> {
  const dbUrl = databaseUrl(uniqueName(label));
  const template = from ? process.env[TEST_TEMPLATES[from]] : undefined;
  if (template) await copyDatabase(dbUrl, template);
  else await ensureDatabase(dbUrl);
  return { url: dbUrl, drop: () => dropDatabase(dbUrl) };
}

/**
 * A template database (for the global setup): an empty database that `build` brings to the
 * template's schema through its URL, closing every connection it opened (a template with a
 * session on it cannot be copied). Returns its name; drop() removes it at the end of the run.
 */
export async function createTestTemplate(label: string, build: (url: string) => Promise<void>): Promise<{ name: string; drop(): Promise<void> }> {
  const name = uniqueName(`template_${label}`);
  const url = databaseUrl(name);
  await ensureDatabase(url);
  try {
    await build(url);
  } catch (error) {
    await dropDatabase(url).catch(() => undefined);
    throw error;
  }
  return { name, drop: () => dropDatabase(url) };
}
