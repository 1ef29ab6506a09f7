import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { canonicalJson, contentParts } from '../hash';
import { ConcurrencyError, type AppendResult, type ExpectedRevision, type NewEvent } from '../port';

/** Anything that runs a query: the pool (one statement = one transaction) or a client inside BEGIN. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/*
 * An append is ONE statement, so a single-event command costs one round trip and one transaction,
 * like a plain INSERT. The statement
 *   1. reads the stream's head (last revision and hash) through the (stream_id, revision) index,
 *   2. keeps going only if the expected revision holds (otherwise it inserts nothing),
 *   3. inserts the event(s) at head + 1, + 2, ... with each hash computed by PostgreSQL from the
 *      previous hash and the content parts the client sent (see ../hash.ts for the definition).
 * Two writers that both pass step 2 collide on the unique (stream_id, revision) index: the second
 * waits for the first to commit and then fails with a unique violation. Either way the loser gets a
 * ConcurrencyError; nothing is locked beyond that one index entry.
 */
const HEAD_CHECK = `
  head AS (
    SELECT revision, hash FROM events WHERE stream_id = $1::text ORDER BY revision DESC LIMIT 1
  ),
  start AS (
    SELECT coalesce(h.revision, -1) AS revision, coalesce(h.hash, '') AS hash
    FROM (SELECT) AS one LEFT JOIN head AS h ON true
    WHERE CASE $2::text
      WHEN 'no_stream' THEN h.revision IS NULL
      WHEN 'stream_exists' THEN h.revision IS NOT NULL
      WHEN 'exact' THEN h.revision = $3::bigint
      ELSE true
    END
  )`;

const APPEND_ONE = {
  name: 'medchest_append_one',
  text: `WITH ${HEAD_CHECK}
    INSERT INTO events (stream_id, revision, event_id, type, version, data, metadata, hash)
    SELECT $1::text, s.revision + 1, $4::uuid, $5::text, $6::integer, $7::jsonb, $8::jsonb,
           encode(sha256(convert_to(s.hash || $9::text || (s.revision + 1)::text || $10::text, 'UTF8')), 'hex')
    FROM start AS s
    RETURNING revision::text, position::text, transaction_id::text`,
};

/** Several events: the hash of each depends on the one before, hence the recursive chain. */
const APPEND_MANY = {
  name: 'medchest_append_many',
  text: `WITH RECURSIVE ${HEAD_CHECK},
    input AS (
      SELECT * FROM unnest($4::uuid[], $5::text[], $6::integer[], $7::jsonb[], $8::jsonb[], $9::text[], $10::text[])
        WITH ORDINALITY AS i(event_id, type, version, data, metadata, head_text, tail_text, n)
    ),
    chain AS (
      SELECT 0::bigint AS n, revision, hash FROM start
      UNION ALL
      SELECT i.n, c.revision + 1,
             encode(sha256(convert_to(c.hash || i.head_text || (c.revision + 1)::text || i.tail_text, 'UTF8')), 'hex')
      FROM chain AS c JOIN input AS i ON i.n = c.n + 1
    )
    INSERT INTO events (stream_id, revision, event_id, type, version, data, metadata, hash)
    SELECT $1::text, c.revision, i.event_id, i.type, i.version, i.data, i.metadata, c.hash
    FROM chain AS c JOIN input AS i ON i.n = c.n
    ORDER BY c.n
    RETURNING revision::text, position::text, transaction_id::text`,
};

const HEAD_REVISION = {
  name: 'medchest_head_revision',
  text: 'SELECT max(revision)::text AS revision FROM events WHERE stream_id = $1',
};

interface PreparedEvent {
  id: string;
  type: string;
  version: number;
  dataJson: string;
  metadataJson: string;
  head: string;
  tail: string;
}

function prepare(streamId: string, event: NewEvent): PreparedEvent {
  const id = event.id ?? randomUUID();
  const dataJson = canonicalJson(event.data);
  const metadataJson = canonicalJson(event.metadata);
  const { head, tail } = contentParts({ streamId, id, type: event.type, version: event.version, dataJson, metadataJson });
  return { id, type: event.type, version: event.version, dataJson, metadataJson, head, tail };
}

function expectationParams(expected: ExpectedRevision): [string, string | null] {
  return typeof expected === 'bigint' ? ['exact', expected.toString()] : [expected, null];
}

interface ReturnedRow {
  revision: string;
  position: string;
  transaction_id: string;
}

const UNIQUE_VIOLATION = '23505';
/** Under 'any' / 'stream_exists' a lost race is not a conflict: re-read the head and try again. */
const MAX_ATTEMPTS_WITHOUT_EXACT_EXPECTATION = 20;

export async function appendEvents(
  db: Queryable,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('appendToStream needs at least one event');
  const prepared = events.map((event) => prepare(streamId, event));
  const [mode, exact] = expectationParams(expected);
  const values =
    prepared.length === 1
      ? [streamId, mode, exact, prepared[0].id, prepared[0].type, prepared[0].version, prepared[0].dataJson, prepared[0].metadataJson, prepared[0].head, prepared[0].tail]
      : [
          streamId,
          mode,
          exact,
          prepared.map((e) => e.id),
          prepared.map((e) => e.type),
          prepared.map((e) => e.version),
          prepared.map((e) => e.dataJson),
          prepared.map((e) => e.metadataJson),
          prepared.map((e) => e.head),
          prepared.map((e) => e.tail),
        ];
  const statement = prepared.length === 1 ? APPEND_ONE : APPEND_MANY;
  const retriesAllowed = mode === 'any' || mode === 'stream_exists';

  for (let attempt = 1; ; attempt += 1) {
    let rows: ReturnedRow[];
    try {
      rows = (await db.query<ReturnedRow>({ ...statement, values })).rows;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      if (retriesAllowed && attempt < MAX_ATTEMPTS_WITHOUT_EXACT_EXPECTATION && !inTransaction(db)) continue;
      throw await conflict(db, streamId, expected);
    }
    if (rows.length === 0) throw await conflict(db, streamId, expected);
    let last = rows[0];
    for (const row of rows) if (BigInt(row.position) > BigInt(last.position)) last = row;
    return {
      nextExpectedRevision: BigInt(last.revision),
      position: { commit: BigInt(last.transaction_id), event: BigInt(last.position) },
    };
  }
}

/** A failed statement inside an explicit transaction aborts it, so only the pool may retry. */
function inTransaction(db: Queryable): boolean {
  return !('totalCount' in db);
}

async function conflict(db: Queryable, streamId: string, expected: ExpectedRevision): Promise<ConcurrencyError> {
  let actual: bigint | 'no_stream' | undefined;
  try {
    const { rows } = await db.query<{ revision: string | null }>({ ...HEAD_REVISION, values: [streamId] });
    actual = rows[0]?.revision == null ? 'no_stream' : BigInt(rows[0].revision);
  } catch {
    // Inside an aborted transaction the head cannot be read: report the conflict without it.
    actual = undefined;
  }
  return new ConcurrencyError(streamId, expected, actual);
}
