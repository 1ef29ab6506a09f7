import { createHash, randomBytes } from 'node:crypto';
import { guardPool, withPoolClient } from '@medchest/eventstore';
import pg from 'pg';

/**
 * Server-side sessions in PostgreSQL. The browser holds a random 32-byte token in an httpOnly
 * cookie; the table holds only its SHA-256, so a leaked table does not let anyone log in.
 * Sessions are operational state, not history: they live in their own table, not in the event log.
 */
export interface Session {
  userId: string;
  expiresAt: Date;
  /**
   * A captain portal session (issue 12) is bound to the one vessel its code was mailed for;
   * null for every other session.
   */
  vesselId: string | null;
}

export interface SessionStore {
  /** Create the table if missing. Safe to call repeatedly and concurrently. */
  init(): Promise<void>;
  /** Start a session; returns the token to put in the cookie. */
  create(userId: string, options?: { vesselId?: string }): Promise<{ token: string; expiresAt: Date }>;
  /** The live session for a token, or undefined (unknown or expired). */
  find(token: string): Promise<Session | undefined>;
  destroy(token: string): Promise<void>;
  destroyAllForUser(userId: string): Promise<void>;
  /** Throws when the database does not answer (for the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

export function createPgSessionStore(options: {
  connectionString: string;
  ttlMs?: number;
  now?: () => Date;
}): SessionStore {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 5 });
  // A connection dropped by the server (restart, pg_terminate_backend), idle or checked out, must
  // not crash the process; the query on it rejects, the pool discards it and the next query
  // opens a fresh one.
  guardPool(pool);
  const ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  const now = options.now ?? (() => new Date());
  let lastSweep = 0;

  return {
    async init() {
      // An advisory lock keeps two processes starting together from racing on CREATE TABLE.
      await withPoolClient(pool, async (client) => {
        try {
          await client.query('SELECT pg_advisory_lock(hashtext($1))', ['medchest.api_sessions']);
          await client.query(`
            CREATE TABLE IF NOT EXISTS api_sessions (
              token_hash bytea PRIMARY KEY,
              user_id text NOT NULL,
              created_at timestamptz NOT NULL DEFAULT now(),
              expires_at timestamptz NOT NULL
            )`);
          // Captain portal sessions are bound to one vessel (added after the table first shipped).
          await client.query('ALTER TABLE api_sessions ADD COLUMN IF NOT EXISTS vessel_id text');
          await client.query('CREATE INDEX IF NOT EXISTS api_sessions_user_id ON api_sessions (user_id)');
          await client.query('CREATE INDEX IF NOT EXISTS api_sessions_expires_at ON api_sessions (expires_at)');
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['medchest.api_sessions']).catch(() => {});
        }
      });
    },

    async create(userId, createOptions) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + ttlMs);
      await pool.query('INSERT INTO api_sessions (token_hash, user_id, expires_at, vessel_id) VALUES ($1, $2, $3, $4)', [
        hashToken(token),
        userId,
        expiresAt,
        createOptions?.vesselId ?? null,
      ]);
      // Expired rows are useless; clear them now and then rather than on every request.
      if (at.getTime() - lastSweep > 60 * 60 * 1000) {
        lastSweep = at.getTime();
        await pool.query('DELETE FROM api_sessions WHERE expires_at < $1', [at]);
      }
      return { token, expiresAt };
    },

    async find(token) {
      if (!token) return undefined;
      // Every signed-in request asks this: a prepared statement, parsed and planned once per connection.
      const result = await pool.query<{ user_id: string; expires_at: Date; vessel_id: string | null }>({
        name: 'medchest_session_find',
        text: 'SELECT user_id, expires_at, vessel_id FROM api_sessions WHERE token_hash = $1 AND expires_at > $2',
        values: [hashToken(token), now()],
      });
      const row = result.rows[0];
      return row ? { userId: row.user_id, expiresAt: row.expires_at, vesselId: row.vessel_id } : undefined;
    },

    async destroy(token) {
      await pool.query('DELETE FROM api_sessions WHERE token_hash = $1', [hashToken(token)]);
    },

    async destroyAllForUser(userId) {
      await pool.query('DELETE FROM api_sessions WHERE user_id = $1', [userId]);
    },

    async ping() {
      await pool.query('SELECT 1');
    },

    close: () => pool.end(),
  };
}
