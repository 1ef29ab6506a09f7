import type { EventMetadata } from '@medchest/domain';
import type { LogPosition, RecordedEvent } from '../port';
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

/**
 * The global log in (transaction id, position) order, strictly after `from`, and only rows written
 * by transactions older than every transaction still running (pg_snapshot_xmin of the statement's
 * own snapshot). A transaction that has not committed yet therefore holds back everything written
 * after it started, so a follower that checkpoints the last position it saw can never skip it: while
 * a transaction runs, nothing with its transaction id or a later one is handed out, so when it
 * commits its rows still sort after every checkpoint taken meanwhile.
 * Positions from the identity column are assigned at insert, not at commit, which is why ordering
 * by position alone would not do.
 */
export async function readAll(
  db: Queryable,
  options: { from: LogPosition; maxCount: number; streamPrefixes?: string[] },
): Promise<RecordedEvent[]> {
  // LOG_START is (-1, -1); xid8 has no negative values and every real transaction id is >= 3.
  const commit = options.from.commit < 0n ? '0' : options.from.commit.toString();
  const { rows } = await db.query<EventRow>({
    name: 'medchest_read_all',
    text: `SELECT ${COLUMNS} FROM events
           WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
             AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             AND ($4::text[] IS NULL OR stream_id LIKE ANY ($4::text[]))
           ORDER BY events.transaction_id, events.position
           LIMIT $3::bigint`,
    values: [commit, options.from.event.toString(), options.maxCount, prefixPatterns(options.streamPrefixes)],
  });
  return rows.map(toRecorded);
}

/**
 * Whether committed events exist that readAll may not hand out yet because an older transaction is
 * still running. A follower that sees nothing new but gets `true` here should look again soon rather
 * than wait for the next notification: the older transaction may not write events at all (a
 * projection's own transaction, say), and then no notification will follow its commit.
 */
export async function eventsHeldBack(db: Queryable, after: LogPosition): Promise<boolean> {
  const commit = after.commit < 0n ? '0' : after.commit.toString();
  const { rows } = await db.query<{ held: boolean }>({
    name: 'medchest_events_held_back',
    text: `SELECT EXISTS (
             SELECT 1 FROM events
             WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
               AND (transaction_id, position) > ($1::text::xid8, $2::bigint)
           ) AS held`,
    values: [commit, after.event.toString()],
  });
  return rows[0].held;
}
