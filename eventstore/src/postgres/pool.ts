import type pg from 'pg';

/**
 * Connection errors on pooled clients, handled so they never crash the process.
 *
 * pg emits 'error' on a client whose connection dies (server restart, network cut,
 * pg_terminate_backend, DROP DATABASE ... WITH (FORCE)). While the client is idle in the pool the
 * pool re-emits it as the pool's own 'error' event (with `err.client`), and while it is checked out
 * (pool.connect(), or kysely running a query or a transaction on it) the pool listens to nothing:
 * either way an 'error' event with no listener is thrown as an uncaught exception and kills Node.
 *
 * The query that was running (or the next one) still rejects, so the caller sees the failure as a
 * rejected promise; release() then discards the broken client and the pool opens a fresh one.
 */

export type PoolErrorHandler = (error: Error) => void;

const guarded = new WeakSet<pg.Pool>();
const ignore: PoolErrorHandler = () => undefined;

/**
 * Give `pool` an 'error' listener (idle clients) and every client it opens a lasting 'error'
 * listener (checked-out clients). Safe to call more than once; the first handler wins.
 */
export function guardPool<P extends pg.Pool>(pool: P, onError: PoolErrorHandler = ignore): P {
  if (guarded.has(pool)) return pool;
  guarded.add(pool);
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => onError(error));
  });
  return pool;
}

/**
 * Check a client out of `pool` for `work`, with an 'error' listener for as long as it is held (the
 * pool may not be guarded: a caller-supplied one). A client whose connection broke is released
 * with the error, so the pool destroys it instead of handing it out again.
 */
export async function withPoolClient<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  onError: PoolErrorHandler = ignore,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const listener = (error: Error): void => {
    broken ??= error;
    onError(error);
  };
  client.on('error', listener);
  try {
    return await work(client);
  } finally {
    client.removeListener('error', listener);
    client.release(broken);
  }
}
