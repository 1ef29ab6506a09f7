import pg from 'pg';

/**
 * Create the database named in `url` if it does not exist yet, by connecting to the server's
 * `postgres` database. Lets `npm start` work on a fresh PostgreSQL with nothing created by hand.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!name) throw new Error('DATABASE_URL must name a database');
  await withAdminClient(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      } catch (error) {
        // Another process created it between our check and our create: that is fine.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  });
}

/**
 * Create the database named in `url` as a copy of the database `template` (CREATE DATABASE ...
 * TEMPLATE): PostgreSQL 15's default strategy (WAL_LOG) copies a few MB with no checkpoint. The
 * template must have no session open on it.
 */
export async function copyDatabase(url: string, template: string): Promise<void> {
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(databaseName(url))} TEMPLATE ${quoteIdent(template)}`));
}

/**
 * Drop the database named in `url`. WITH (FORCE) terminates every session still connected to it, so
 * close the pools and clients on it first; a connection still open gets an 'error' event, which
 * crashes the process unless it has a listener (guardPool / withPoolClient).
 */
export async function dropDatabase(url: string): Promise<void> {
  await withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName(url))} WITH (FORCE)`));
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/**
 * `work` on a short-lived connection to the server's `postgres` database, closed after. Its
 * 'error' listener keeps a lost connection (server restart) from crashing the process; the query
 * in flight rejects instead.
 */
async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
