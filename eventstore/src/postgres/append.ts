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
 *   2. goes on only if the expected revision holds (otherwise it inserts nothing),
 *   3. inserts the event(s) at head + 1, + 2, ... each with its hash computed by PostgreSQL from the
 *      previous hash and the event's content text (see ../hash.ts for the definition).
 * The client sends each event only as that content text, split around the revision (`head`, the
 * same for every event of the stream, and `tail`); the row's id, type, version, data and metadata
 * are parsed out of the tail. So what is stored is, by construction, what was hashed, and the
 * payload crosses the wire once.
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

/** The tail is `,id,type,version,data,metadata]` in JSON: make it an array to take the columns from. */
const COLUMNS_FROM_TAIL = (tail: string) => `('[' || substr(${tail}, 2))::jsonb`;
const INSERT_COLUMNS = 'INSERT INTO events (stream_id, revision, event_id, type, version, data, metadata, hash)';
const FIELDS = (content: string) =>
  `(${content}->>0)::uuid, ${content}->>1, (${content}->>2)::integer, ${content}->3, ${content}->4`;
const HASH = (previousHash: string, revision: string, tail: string) =>
  `encode(sha256(convert_to(${previousHash} || $4::text || (${revision})::text || ${tail}, 'UTF8')), 'hex')`;

const APPEND_ONE = {
  name: 'medchest_append_one',
  text: `WITH ${HEAD_CHECK}
    ${INSERT_COLUMNS}
    SELECT $1::text, s.revision + 1, ${FIELDS('c.content')}, ${HASH('s.hash', 's.revision + 1', '$5::text')}
    FROM start AS s, (SELECT ${COLUMNS_FROM_TAIL('$5::text')} AS content) AS c
    RETURNING revision::text, position::text, transaction_id::text`,
};

/** Several events: the hash of each depends on the one before, hence the recursive chain. */
const APPEND_MANY = {
  name: 'medchest_append_many',
  text: `WITH RECURSIVE ${HEAD_CHECK},
    input AS (
      SELECT t.tail, ${COLUMNS_FROM_TAIL('t.tail')} AS content, t.n
      FROM unnest($5::text[]) WITH ORDINALITY AS t(tail, n)
    ),
    chain AS (
      SELECT 0::bigint AS n, revision, hash FROM start
      UNION ALL
      SELECT i.n, c.revision + 1, ${HASH('c.hash', 'c.revision + 1', 'i.tail')}
      FROM chain AS c JOIN input AS i ON i.n = c.n + 1
    )
    ${INSERT_COLUMNS}
    SELECT $1::text, c.revision, ${FIELDS('i.content')}, c.hash
    FROM chain AS c JOIN input AS i ON i.n = c.n
    ORDER BY c.n
    RETURNING revision::text, position::text, transaction_id::text`,
};

const HEAD_REVISION = {
  name: 'medchest_head_revision',
  text: 'SELECT max(revision)::text AS revision FROM events WHERE stream_id = $1',
};

/** The event's content text around its revision (see ../hash.ts); only the tail differs per event. */
function contentOf(streamId: string, event: NewEvent): { head: string; tail: string } {
  return contentParts({
    streamId,
    id: event.id ?? randomUUID(),
    type: event.type,
    version: event.version,
    dataJson: canonicalJson(event.data),
    metadataJson: canonicalJson(event.metadata),
  });
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
  const contents = events.map((event) => contentOf(streamId, event));
  const [mode, exact] = expectationParams(expected);
  const single = contents.length === 1;
  const values = [streamId, mode, exact, contents[0].head, single ? contents[0].tail : contents.map((c) => c.tail)];
  const statement = single ? APPEND_ONE : APPEND_MANY;
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
