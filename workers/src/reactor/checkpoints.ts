import type pg from 'pg';
import { withPoolClient, type LogPosition } from '@medchest/eventstore';

/**
 * Where each reactor has got to in the event log. The table belongs to the workers: read-model
 * rebuilds never touch it, so rebuilding the projections never re-sends a mail.
 *
 * Positions are stored as numeric(20,0) so both adapters' 64-bit positions (and LOG_START's -1) fit.
 */
export interface CheckpointStore {
  /** Create the table if it is missing. Safe to call repeatedly and concurrently. */
  init(): Promise<void>;
  /** The reactor's checkpoint, or undefined when it has never run. */
  load(name: string): Promise<LogPosition | undefined>;
  /** Move the checkpoint forward; a position at or behind the stored one is ignored. */
  save(name: string, position: LogPosition): Promise<void>;
}

export const CHECKPOINT_TABLE = 'reactor_checkpoints';

export function createCheckpointStore(pool: pg.Pool): CheckpointStore {
  return {
    async init() {
      // Serialise concurrent first starts: CREATE TABLE IF NOT EXISTS can still race on the catalog.
      // The pool may be the caller's: the checkout gets its own 'error' listener, so a connection
      // lost meanwhile rejects init() instead of crashing the process.
      await withPoolClient(pool, async (client) => {
        try {
          await client.query('BEGIN');
          await client.query("SELECT pg_advisory_xact_lock(hashtext('medchest.reactor_checkpoints'))");
          await client.query(`
            CREATE TABLE IF NOT EXISTS ${CHECKPOINT_TABLE} (
              name text PRIMARY KEY,
              commit_position numeric(20, 0) NOT NULL,
              event_position numeric(20, 0) NOT NULL,
              updated_at timestamptz NOT NULL DEFAULT now()
            )`);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },

    async load(name) {
      const result = await pool.query<{ commit_position: string; event_position: string }>(
        `SELECT commit_position::text, event_position::text FROM ${CHECKPOINT_TABLE} WHERE name = $1`,
        [name],
      );
      const row = result.rows[0];
      return row ? { commit: BigInt(row.commit_position), event: BigInt(row.event_position) } : undefined;
    },

    async save(name, position) {
      // Monotonic: two instances of one reactor (or a late write) can never move it backwards.
      await pool.query(
        `INSERT INTO ${CHECKPOINT_TABLE} AS c (name, commit_position, event_position, updated_at)
         VALUES ($1, $2, $3, now())
         ON CONFLICT (name) DO UPDATE
           SET commit_position = EXCLUDED.commit_position,
               event_position = EXCLUDED.event_position,
               updated_at = EXCLUDED.updated_at
         WHERE (c.commit_position, c.event_position) < (EXCLUDED.commit_position, EXCLUDED.event_position)`,
        [name, position.commit.toString(), position.event.toString()],
      );
    },
  };
}
