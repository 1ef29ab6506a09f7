import pg from 'pg';

/**
 * Create the database named in `url` if it does not exist yet, by connecting to the server's
 * `postgres` database. Lets `npm start` work on a fresh PostgreSQL with nothing created by hand.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = adminClient(admin);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      } catch (error) {
        // Another process created it between our check and our create: that is fine.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * Drop the database named in `url`. WITH (FORCE) terminates every session still connected to it, so
 * close the pools and clients on it first; a connection still open gets an 'error' event, which
 * crashes the process unless it has a listener (guardPool / withPoolClient).
 */
export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = adminClient(admin);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * A short-lived connection to the server's `postgres` database. Its 'error' listener keeps a lost
 * connection (server restart) from crashing the process; the query in flight rejects instead.
 */
function adminClient(url: URL): pg.Client {
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined);
  return client;
}
