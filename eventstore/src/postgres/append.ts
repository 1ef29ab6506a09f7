import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { canonicalJson, contentParts, hashContent } from '../hash';
import { ConcurrencyError, type AppendResult, type ExpectedRevision, type NewEvent, type StreamAppendRequest } from '../port';
import { withPoolClient } from './pool';
import { isDeadlock, isUniqueViolation } from './errors';
import type { AppendGroups } from './appendGroups';
import { insertStatement, insertStreamsStatement, parsePosition, type Row, type StreamRows } from './insertRows';
import type { StreamHeads } from './streamHeads';

/** Anything that runs a query: the pool (one statement = one transaction) or a client inside BEGIN. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/*
 * How an append stays as cheap as a plain INSERT.
 *
 * The optimistic-concurrency check is the unique (stream_id, revision) index: the events are
 * inserted at expected + 1, + 2, ... and a writer that lost the race gets a unique violation (it
 * waits for the winner's commit first). What the INSERT cannot check by itself is that revision
 * `expected` exists (or the stream, under 'stream_exists'), and it needs that event's hash to chain
 * to. Commands append with the revision they have just read, so `heads` (what this store last
 * read or appended per stream) nearly always knows that event and its hash: the append is then one
 * plain INSERT, one round trip, with the hashes computed here (under load, the store's appends
 * that arrive together share that INSERT: appendGroups.ts). Otherwise, and always for 'any' and
 * 'stream_exists', one indexed lookup of the head comes first.
 *
 * Only committed events may enter `heads`: the store passes it for its own autocommit appends and
 * reads; an append inside a caller's transaction (which may still roll back) passes none.
 */
const EVENT_AT = {
  name: 'medchest_event_hash_at',
  text: 'SELECT hash FROM events WHERE stream_id = $1 AND revision = $2',
};

const HEAD = {
  name: 'medchest_stream_head',
  // ORDER BY the column, not the output of the same name: as text, revision 9 would sort after 10.
  text: 'SELECT revision::text, hash FROM events WHERE stream_id = $1 ORDER BY events.revision DESC LIMIT 1',
};

interface Head {
  /** -1 when the stream has no events. */
  revision: bigint;
  hash: string;
}

const NO_EVENTS: Head = { revision: -1n, hash: '' };

async function readHead(db: Queryable, streamId: string): Promise<Head> {
  const { rows } = await db.query<{ revision: string; hash: string }>({ ...HEAD, values: [streamId] });
  return rows.length === 0 ? NO_EVENTS : { revision: BigInt(rows[0].revision), hash: rows[0].hash };
}

/** The event the new ones will follow when known without asking the database. */
function knownPrevious(streamId: string, expected: ExpectedRevision, heads?: StreamHeads): Head | undefined {
  if (expected === 'no_stream') return NO_EVENTS;
  if (typeof expected !== 'bigint') return undefined;
  const hash = heads?.hashAt(streamId, expected);
  return hash === undefined ? undefined : { revision: expected, hash };
}

/** The event the new ones will follow, read from the database; undefined when `expected` does not hold. */
async function previousEvent(db: Queryable, streamId: string, expected: ExpectedRevision): Promise<Head | undefined> {
  if (expected === 'no_stream') return NO_EVENTS;
  if (typeof expected === 'bigint') {
    const { rows } = await db.query<{ hash: string }>({ ...EVENT_AT, values: [streamId, expected.toString()] });
    return rows.length === 0 ? undefined : { revision: expected, hash: rows[0].hash };
  }
  const head = await readHead(db, streamId);
  return expected === 'stream_exists' && head.revision < 0n ? undefined : head;
}

/** The rows to insert after `previous`, each hashed onto the one before (see ../hash.ts). */
function chainRows(streamId: string, previous: Head, events: NewEvent[]): Row[] {
  let { revision, hash } = previous;
  return events.map((event) => {
    revision += 1n;
    const id = event.id ?? randomUUID();
    const dataJson = canonicalJson(event.data);
    const metadataJson = canonicalJson(event.metadata);
    const content = contentParts({ streamId, id, type: event.type, version: event.version, dataJson, metadataJson });
    hash = hashContent(hash, revision, content);
    return { revision, id, type: event.type, version: event.version, dataJson, metadataJson, hash };
  });
}

/** Under 'any' / 'stream_exists' a lost race is not a conflict: read the head again and retry. */
const MAX_ATTEMPTS_WITHOUT_EXACT_EXPECTATION = 20;

export async function appendEvents(
  db: Queryable,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedRevision,
  heads?: StreamHeads,
  groups?: AppendGroups,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('appendToStream needs at least one event');
  const retriesAllowed = expected === 'any' || expected === 'stream_exists';
  for (let attempt = 1; ; attempt += 1) {
    const previous = knownPrevious(streamId, expected, heads) ?? (await previousEvent(db, streamId, expected));
    if (!previous) throw await conflict(db, streamId, expected);
    const rows = chainRows(streamId, previous, events);
    let positions: string[];
    try {
      // Only autocommit appends are grouped: inside a caller's transaction the INSERT is its own.
      positions =
        groups && isPool(db)
          ? await groups.insert({ streamId, rows })
          : (await db.query<[string]>(insertStatement({ streamId, rows }))).rows.map((row) => row[0]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Inside a caller's transaction the failed INSERT has aborted it: nothing more can be read.
      if (retriesAllowed && attempt < MAX_ATTEMPTS_WITHOUT_EXACT_EXPECTATION && isPool(db)) continue;
      throw await conflict(db, streamId, expected);
    }
    const last = rows[rows.length - 1];
    heads?.remember(streamId, last.revision, last.hash);
    // All rows share the transaction id, and rows come back in the order they were inserted, so
    // the last one holds the largest position.
    return { nextExpectedRevision: last.revision, position: parsePosition(positions[positions.length - 1]) };
  }
}

/** A pool runs each statement in its own transaction; a client may be inside the caller's. */
function isPool(db: Queryable): boolean {
  return 'totalCount' in db;
}

async function conflict(db: Queryable, streamId: string, expected: ExpectedRevision): Promise<ConcurrencyError> {
  let actual: bigint | 'no_stream' | undefined;
  try {
    const head = await readHead(db, streamId);
    actual = head.revision < 0n ? 'no_stream' : head.revision;
  } catch {
    // Inside an aborted transaction the head cannot be read: report the conflict without it.
    actual = undefined;
  }
  return new ConcurrencyError(streamId, expected, actual);
}

/**
 * Several streams in one transaction, all or none. When every stream's head is known (the command
 * has just read them) it is ONE statement: a single INSERT is its own transaction, and the unique
 * (stream_id, revision) index checks every stream's expected revision at once. Otherwise the heads
 * are looked up and the rows inserted inside BEGIN ... COMMIT.
 */
export async function appendToStreams(pool: pg.Pool, appends: StreamAppendRequest[], heads: StreamHeads): Promise<AppendResult[]> {
  if (appends.length === 0) return [];
  if (new Set(appends.map((a) => a.streamId)).size !== appends.length) throw new Error('appendToStreams: one entry per stream');
  for (const a of appends) if (a.events.length === 0) throw new Error('appendToStreams needs at least one event per stream');

  const known = appends.map((a) => knownPrevious(a.streamId, a.expected, heads));
  let chained: Row[][];
  let returned: [string][];
  if (known.every((previous): previous is Head => previous !== undefined)) {
    chained = appends.map((a, i) => chainRows(a.streamId, known[i], a.events));
    try {
      returned = (await pool.query<[string]>(insertStreamsStatement(withRows(appends, chained)))).rows;
    } catch (error) {
      // A deadlock too: its streams are inserted in the caller's order, a group of appends'
      // (appendGroups.ts) in stream id order, and two that race for the same revisions of two
      // streams may each wait for the other.
      if (!isUniqueViolation(error) && !isDeadlock(error)) throw error;
      throw await firstConflict(pool, appends);
    }
  } else {
    ({ chained, returned } = await withPoolClient(pool, async (client) => {
      await client.query('BEGIN');
      try {
        const rows: Row[][] = [];
        for (const a of appends) {
          const previous = await previousEvent(client, a.streamId, a.expected);
          if (!previous) throw new ConcurrencyError(a.streamId, a.expected);
          rows.push(chainRows(a.streamId, previous, a.events));
        }
        const result = (await client.query<[string]>(insertStreamsStatement(withRows(appends, rows)))).rows;
        await client.query('COMMIT');
        return { chained: rows, returned: result };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (error instanceof ConcurrencyError || isUniqueViolation(error) || isDeadlock(error)) throw await firstConflict(pool, appends);
        throw error;
      }
    }));
  }

  // Rows come back in the order inserted: each stream's last row is at its running offset.
  let offset = 0;
  return appends.map((a, i) => {
    const rows = chained[i];
    offset += rows.length;
    const last = rows[rows.length - 1];
    heads.remember(a.streamId, last.revision, last.hash);
    return { nextExpectedRevision: last.revision, position: parsePosition(returned[offset - 1][0]) };
  });
}

/** Each stream's rows, in the caller's order. */
function withRows(appends: StreamAppendRequest[], chained: Row[][]): StreamRows[] {
  return appends.map((a, i) => ({ streamId: a.streamId, rows: chained[i] }));
}

/** The conflict to report after a multi-stream append lost: the first stream whose expectation fails. */
async function firstConflict(db: Queryable, appends: StreamAppendRequest[]): Promise<ConcurrencyError> {
  for (const a of appends) {
    const head = await readHead(db, a.streamId);
    const actual = head.revision < 0n ? 'no_stream' : head.revision;
    const holds = a.expected === 'any' || (a.expected === 'no_stream' ? actual === 'no_stream' : a.expected === 'stream_exists' ? actual !== 'no_stream' : actual === a.expected);
    if (!holds) return new ConcurrencyError(a.streamId, a.expected, actual);
  }
  // Every expectation holds again (the rival rolled back): still a lost race for the caller to retry.
  return new ConcurrencyError(appends[0].streamId, appends[0].expected);
}
