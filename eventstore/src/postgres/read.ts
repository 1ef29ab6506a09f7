import type { EventMetadata } from '@medchest/domain';
import { comparePositions, type LogPosition, type RecordedEvent } from '../port';
import type { Queryable } from './append';

// Bigint-like columns come out as text (exact, then BigInt); ORDER BY must name the table's columns.
const COLUMNS = `position::text, transaction_id::text, stream_id, revision::text, event_id::text,
  type, version, data, metadata, recorded_at, hash`;

interface EventRow {
  position: string;
  transaction_id: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  hash: string;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: { commit: BigInt(row.transaction_id), event: BigInt(row.position) },
    type: row.type,
    version: row.version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    hash: row.hash,
  };
}

/**
 * The log page's columns, read in array row mode: a follower decodes every event of the log, so its
 * rows are not built as objects keyed by column name first, and recorded_at comes as epoch
 * milliseconds (floored, the millisecond the timestamp parser would give) rather than as text for
 * that parser's regular expression.
 */
const LOG_COLUMNS = `position::text, transaction_id::text, stream_id, revision::text, event_id::text,
  type, version, data, metadata, floor(extract(epoch FROM recorded_at) * 1000)::float8, hash`;

/** A log page row: [is_end, held_back, ...LOG_COLUMNS]. */
type LogRow = [
  isEnd: boolean,
  heldBack: boolean | null,
  position: string | null,
  transactionId: string | null,
  streamId: string,
  revision: string,
  eventId: string,
  type: string,
  version: number,
  data: unknown,
  metadata: EventMetadata,
  recordedMs: number,
  hash: string,
];

function logRowToRecorded(row: LogRow): RecordedEvent {
  return {
    id: row[6],
    streamId: row[4],
    revision: BigInt(row[5]),
    position: { commit: BigInt(row[3]!), event: BigInt(row[2]!) },
    type: row[7],
    version: row[8],
    data: row[9],
    metadata: row[10],
    recordedAt: new Date(row[11]),
    hash: row[12],
  };
}

export async function readStream(
  db: Queryable,
  streamId: string,
  options: { fromRevision?: bigint; maxCount?: number } = {},
): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>({
    name: 'medchest_read_stream',
    text: `SELECT ${COLUMNS} FROM events
           WHERE stream_id = $1 AND revision >= $2::bigint
           ORDER BY events.revision LIMIT $3::bigint`,
    values: [streamId, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
  });
  return rows.map(toRecorded);
}

/** `stream_id LIKE ANY(patterns)` patterns for prefixes, with LIKE's wildcards escaped. */
export function prefixPatterns(prefixes: string[] | undefined): string[] | null {
  if (!prefixes || prefixes.length === 0) return null;
  return prefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export interface LogPage {
  /** Matching events, in log order. */
  events: RecordedEvent[];
  /**
   * How far the log has been examined: the last event returned when the page is full, otherwise
   * the last row that may be handed out at all (matching or not). A follower resumes from here, so
   * a prefix filter that rarely matches does not make it rescan the same rows on every wake-up.
   */
  scannedTo: LogPosition;
  /**
   * Whether committed rows exist that may not be handed out yet because an older transaction is
   * still running. A follower that got nothing new should then look again soon instead of waiting
   * for a notification: that older transaction may write no events (a projection's, say, or one in
   * another database on the server), so no notification would follow its end.
   */
  heldBack: boolean;
}

/**
 * The log page statement. PostgreSQL plans a named statement anew on every execution (a custom
 * plan) until a generic plan looks no costlier, and with the page size as a parameter (planned as a
 * tenth of the rows) and the optional prefix filter it never did: every follower read was planned
 * again (pg_stat_statements: 470 us of planning against 157 us of execution per read). Without
 * prefixes, the page size is written into the text, one statement per size (callers use a few:
 * their batch sizes), so each connection plans it once and then reuses the generic plan. With
 * prefixes it stays as it was: its plan depends on the patterns.
 */
function logPageStatement(maxCount: number, prefixed: boolean): { name: string; text: string; rowMode: 'array' } {
  if (!Number.isSafeInteger(maxCount) || maxCount < 1) throw new Error(`maxCount must be a positive integer (got ${maxCount})`);
  if (prefixed) return { name: 'medchest_read_log_page_prefixed', text: logPageText('stream_id LIKE ANY ($4::text[])', '$3::bigint'), rowMode: 'array' };
  let statement = logPageStatements.get(maxCount);
  if (!statement) {
    statement = { name: `medchest_read_log_page_${maxCount}`, text: logPageText('true', String(maxCount)), rowMode: 'array' };
    // Bounded: an unusual page size beyond these is sent unnamed (planned each time, as before).
    if (logPageStatements.size < LOG_PAGE_SIZES_PREPARED) logPageStatements.set(maxCount, statement);
    else statement = { ...statement, name: '' };
  }
  return statement;
}

const LOG_PAGE_SIZES_PREPARED = 16;
const logPageStatements = new Map<number, { name: string; text: string; rowMode: 'array' }>();

function logPageText(streamFilter: string, limit: string): string {
  // pg_snapshot_xmin(pg_current_snapshot()) is the same value throughout the statement (its
  // snapshot), and written out in each condition it is an index bound, not a row filter.
  return `WITH page AS (
             SELECT * FROM events
             WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
               AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
               AND ${streamFilter}
             ORDER BY transaction_id, position
             LIMIT ${limit}
           ),
           readable_end AS (
             SELECT transaction_id, position FROM events
             WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY transaction_id DESC, position DESC
             LIMIT 1
           )
           SELECT false AS is_end, NULL::boolean AS held_back, ${LOG_COLUMNS} FROM page
           UNION ALL
           SELECT true,
                  -- Ordered with LIMIT 1 so the planner walks the primary key from the horizon even
                  -- when its statistics are stale (a plain EXISTS got a sequential scan).
                  (SELECT transaction_id FROM events WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
                   ORDER BY transaction_id, position LIMIT 1) IS NOT NULL,
                  r.position::text, r.transaction_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
           FROM (SELECT) AS one LEFT JOIN readable_end AS r ON true`;
}

/**
 * The last event committed, whatever transactions are still running (undefined: an empty log).
 * Not for followers, who must wait for the horizon (readLogPage): for tooling, tests and
 * benchmarks that need to know where the log ends now.
 */
export async function lastCommittedPosition(db: Queryable): Promise<LogPosition | undefined> {
  const { rows } = await db.query<{ commit: string; event: string }>(
    'SELECT transaction_id::text AS commit, position::text AS event FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  );
  return rows[0] && { commit: BigInt(rows[0].commit), event: BigInt(rows[0].event) };
}

/**
 * The global log in (transaction id, position) order, strictly after `from`, and only rows written
 * by transactions older than every transaction still running (pg_snapshot_xmin of the statement's
 * own snapshot). A transaction that has not committed yet therefore holds back everything written
 * after it started, so a follower that checkpoints the last position it saw can never skip it: while
 * a transaction runs, nothing with its transaction id or a later one is handed out, so when it
 * commits its rows still sort after every checkpoint taken meanwhile.
 * Positions from the identity column are assigned at insert, not at commit, which is why ordering
 * by position alone would not do.
 *
 * One statement, so that the page, the end of the readable log and the held-back flag all come from
 * the same snapshot.
 */
export async function readLogPage(
  db: Queryable,
  options: { from: LogPosition; maxCount: number; streamPrefixes?: string[] },
): Promise<LogPage> {
  // LOG_START is (-1, -1); xid8 has no negative values and every real transaction id is >= 3.
  const commit = options.from.commit < 0n ? '0' : options.from.commit.toString();
  const patterns = prefixPatterns(options.streamPrefixes);
  const statement = logPageStatement(options.maxCount, patterns !== null);
  const values: unknown[] = [commit, options.from.event.toString()];
  if (patterns !== null) values.push(options.maxCount, patterns);
  const { rows } = await db.query<LogRow>({ ...statement, values });
  const events: RecordedEvent[] = [];
  let end: LogRow | undefined;
  for (const row of rows) {
    if (row[0]) end = row;
    else events.push(logRowToRecorded(row));
  }
  events.sort((a, b) => comparePositions(a.position, b.position));
  let scannedTo = options.from;
  if (events.length === options.maxCount) scannedTo = events[events.length - 1].position;
  else if (end && end[2] !== null && end[3] !== null) {
    const readableEnd = { commit: BigInt(end[3]), event: BigInt(end[2]) };
    if (comparePositions(readableEnd, scannedTo) > 0) scannedTo = readableEnd;
  }
  return { events, scannedTo, heldBack: end?.[1] === true };
}

export async function readAll(
  db: Queryable,
  options: { from: LogPosition; maxCount: number; streamPrefixes?: string[] },
): Promise<RecordedEvent[]> {
  return (await readLogPage(db, options)).events;
}
