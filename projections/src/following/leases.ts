import type { Kysely } from 'kysely';
import type pg from 'pg';
import { openDedicatedConnection, type ReadModelDb } from '../db';
import { LOCK_NAMESPACE } from '../locks';

/**
 * The followers (projections, reactors) a process may run, as session advisory locks on a
 * connection of its own: held for as long as the connection lives, so PostgreSQL frees them when
 * the process dies and a standby's next try takes them over.
 */
export interface LeaseSession {
  /** Set once the connection failed: the leases went with it. */
  readonly lost: boolean;
  /** Try to take these followers' leases (lock names given by `lockName`); answers the names taken. */
  take(names: readonly string[]): Promise<string[]>;
  /** Proves the connection, and so the leases, still hold (throws otherwise). */
  check(): Promise<void>;
  /** Closing the session releases its leases. */
  close(): Promise<void>;
}

export async function openLeaseSession(
  db: Kysely<ReadModelDb>,
  lockName: (name: string) => string,
  onLost: (session: LeaseSession, error: unknown) => void,
  databaseUrl?: string,
): Promise<LeaseSession> {
  let lost = false;
  let client: pg.Client | undefined;
  const session: LeaseSession = {
    get lost() {
      return lost;
    },
    async take(names) {
      if (names.length === 0) return [];
      const { rows } = await client!.query<{ name: string; locked: boolean }>(
        `SELECT l.name, pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext(l.lock)) AS locked
           FROM unnest($1::text[], $2::text[]) AS l(name, lock)`,
        [names, names.map(lockName)],
      );
      return rows.filter((row) => row.locked).map((row) => row.name);
    },
    async check() {
      await client!.query('SELECT 1');
    },
    async close() {
      await client?.end().catch(() => {});
    },
  };
  client = await openDedicatedConnection(
    db,
    (error) => {
      // The leases went with the connection: whoever holds this session stops applying at once.
      if (lost) return;
      lost = true;
      onLost(session, error);
    },
    databaseUrl,
  );
  return session;
}
