import type pg from 'pg';
import { withPoolClient } from './pool';

/** Name of the LISTEN/NOTIFY channel appends are announced on. */
export const NOTIFY_CHANNEL = 'medchest_events';

/**
 * The append-only log. Two indexes only, because every index is paid for on every append:
 * - the primary key is the global log order (writing transaction id, position) that readAll walks;
 * - (stream_id, revision) is unique: that is the optimistic-concurrency check and the index
 *   readStream and the append's head lookup use.
 * `position` comes from an identity column (unique by construction, so it needs no index of its own).
 */
export const EVENTS_TABLE_COLUMNS = `
  position        bigint      GENERATED ALWAYS AS IDENTITY,
  stream_id       text        NOT NULL,
  revision        bigint      NOT NULL CHECK (revision >= 0),
  event_id        uuid        NOT NULL,
  type            text        NOT NULL,
  version         integer     NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
  hash            text        NOT NULL`;

export function eventsTableDdl(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (${EVENTS_TABLE_COLUMNS},
  PRIMARY KEY (transaction_id, position),
  UNIQUE (stream_id, revision)
)`;
}

const SCHEMA_STATEMENTS = [
  eventsTableDdl('events'),
  // Append-only: an UPDATE or DELETE is a bug or an attack. The guard stops the bug; verifyStream
  // catches the attack (a superuser can bypass triggers, the hash chain still shows it).
  `CREATE OR REPLACE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION 'events are append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
   END $$`,
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'events_append_only' AND tgrelid = 'events'::regclass) THEN
       CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
         FOR EACH ROW EXECUTE FUNCTION events_are_append_only();
     END IF;
   END $$`,
];

/** Arbitrary constant: the advisory lock that serialises concurrent init() calls. */
const INIT_LOCK_KEY = 7_236_841_190;

/**
 * Create the schema if missing. Concurrent callers (several processes starting together) are
 * serialised by a transaction-scoped advisory lock, since CREATE ... IF NOT EXISTS alone can still
 * fail on a race in the catalogue.
 */
export async function createSchema(pool: pg.Pool): Promise<void> {
  await withPoolClient(pool, async (client) => {
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [INIT_LOCK_KEY]);
      for (const statement of SCHEMA_STATEMENTS) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
