import { createHash, randomBytes } from 'node:crypto';
import { guardPool, withPoolClient } from '@medchest/eventstore';
import { readModelMoments, READ_MODEL_VERSIONS_SQL, toUser, USER_COLUMNS, type ReadModelsAt, type User } from '@medchest/projections';
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
  /**
   * The live session for a token (undefined: unknown or expired) and, in the same statement, its
   * account as the users read model holds it now (undefined: no such account): what every
   * signed-in request asks, in one round trip instead of two. The
   * read models live in the sessions' database (one DATABASE_URL). With `readModels`, where the
   * read models stand as well, read by the same statement (a request whose answer is kept by the
   * read models' versions: see ReadModelClock): a moment after the request arrived, at no round
   * trip of its own.
   */
  findWithUser(token: string, options?: { readModels?: boolean }): Promise<{ session: Session; user: User | undefined; readModels?: ReadModelsAt } | undefined>;
  destroy(token: string): Promise<void>;
  destroyAllForUser(userId: string): Promise<void>;
  /** Throws when the database does not answer (for the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** A live session and its account's row (users, the read model), named as getUser reads them. */
const SESSION_WITH_USER = `s.user_id AS session_user_id, s.expires_at AS session_expires_at, s.vessel_id AS session_vessel_id,
    ${USER_COLUMNS.map((column) => `u.${column}`).join(', ')}`;
const LIVE_SESSION = `FROM api_sessions s LEFT JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > $2`;
const FIND_WITH_USER = `SELECT ${SESSION_WITH_USER} ${LIVE_SESSION}`;
/** The same and where the read models stand. */
const FIND_WITH_USER_AND_READ_MODELS = `SELECT ${SESSION_WITH_USER}, ${READ_MODEL_VERSIONS_SQL} AS read_model_versions ${LIVE_SESSION}`;

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
  // Lookups one after another nearly always read the same versions: one parse for them.
  const momentOf = readModelMoments();
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

    async findWithUser(token, findOptions) {
      if (!token) return undefined;
      const withReadModels = findOptions?.readModels === true;
      const result = await pool.query<
        Record<string, unknown> & { session_user_id: string; session_expires_at: Date; session_vessel_id: string | null; read_model_versions?: string | null }
      >({
        name: withReadModels ? 'medchest_session_find_with_user_and_read_models' : 'medchest_session_find_with_user',
        text: withReadModels ? FIND_WITH_USER_AND_READ_MODELS : FIND_WITH_USER,
        values: [hashToken(token), now()],
      });
      const row = result.rows[0];
      if (!row) return undefined;
      const session = { userId: row.session_user_id, expiresAt: row.session_expires_at, vesselId: row.session_vessel_id };
      const user = row.id === null ? undefined : toUser(row as unknown as Parameters<typeof toUser>[0]);
      return withReadModels ? { session, user, readModels: momentOf(row.read_model_versions ?? null) } : { session, user };
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
