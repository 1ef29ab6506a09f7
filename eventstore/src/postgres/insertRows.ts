import type pg from 'pg';

/** One event as the events table stores it, chained and serialised (append.ts makes them). */
export interface Row {
  revision: bigint;
  id: string;
  type: string;
  version: number;
  dataJson: string;
  metadataJson: string;
  hash: string;
}

/** Rows to insert into one stream, in revision order. */
export interface StreamRows {
  streamId: string;
  rows: Row[];
}

// Each returns the log position of every row as one 'transaction_id/position' text, in array row
// mode: the fewer result columns, the less the client spends per append.
const INSERT_ONE = {
  name: 'medchest_append_one',
  rowMode: 'array',
  text: `INSERT INTO events (stream_id, revision, event_id, type, version, data, metadata, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING transaction_id::text || '/' || position::text`,
} as const;

const INSERT_STREAMS = {
  name: 'medchest_append_streams',
  rowMode: 'array',
  text: `INSERT INTO events (stream_id, revision, event_id, type, version, data, metadata, hash)
         SELECT e.stream_id, e.revision, e.event_id, e.type, e.version, e.data, e.metadata, e.hash
         FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::integer[], $6::jsonb[], $7::jsonb[], $8::text[])
           WITH ORDINALITY AS e(stream_id, revision, event_id, type, version, data, metadata, hash, n)
         ORDER BY e.n
         RETURNING transaction_id::text || '/' || position::text`,
} as const;

/** The INSERT of one stream's rows: one statement, one transaction. */
export function insertStatement(stream: StreamRows): pg.QueryArrayConfig {
  if (stream.rows.length > 1) return insertStreamsStatement([stream]);
  const [r] = stream.rows;
  return {
    ...INSERT_ONE,
    values: [stream.streamId, r.revision.toString(), r.id, r.type, r.version, r.dataJson, r.metadataJson, r.hash],
  };
}

/**
 * The INSERT of several streams' rows, in the order given: one statement, so one transaction, and
 * the unique (stream_id, revision) index checks every stream's expected revision at once.
 * Its rows come back in that order.
 */
export function insertStreamsStatement(streams: StreamRows[]): pg.QueryArrayConfig {
  const rows = streams.flatMap(({ streamId, rows: streamRows }) => streamRows.map((row) => ({ streamId, row })));
  return {
    ...INSERT_STREAMS,
    values: [
      rows.map((r) => r.streamId),
      rows.map((r) => r.row.revision.toString()),
      rows.map((r) => r.row.id),
      rows.map((r) => r.row.type),
      rows.map((r) => r.row.version),
      rows.map((r) => r.row.dataJson),
      rows.map((r) => r.row.metadataJson),
      rows.map((r) => r.row.hash),
    ],
  };
}

/** A returned 'transaction_id/position' as the log position it names. */
export function parsePosition(text: string): { commit: bigint; event: bigint } {
  const slash = text.indexOf('/');
  return { commit: BigInt(text.slice(0, slash)), event: BigInt(text.slice(slash + 1)) };
}
