import { finished } from 'node:stream/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ReadModelDb } from './db';

/**
 * COPY ... FROM STDIN through kysely (issue 14): PostgreSQL reads COPY's text format with the
 * columns' own input functions and nothing else, where the rows as one json parameter were parsed
 * twice (json_in checks the text, json_populate_recordset reads it again: a fifth of PostgreSQL's
 * CPU in a rebuild). kysely hands a query's text and parameters to the pool's client and never the
 * client itself, so the read models' pool makes its clients of this class: a query whose text is a
 * COPY FROM STDIN and whose one parameter is an array of Buffers (asked for a promise, as kysely
 * does) streams them as the COPY's data, on the same connection, so inside the same transaction as
 * the rest of the batch. Nothing else could send such a query (PostgreSQL refuses a parameter in a
 * COPY), so no other query changes meaning.
 */
export class CopyingClient extends pg.Client {
  // Untyped like pg's own overloads, which this one stands in for.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const copy = typeof config === 'string' && callback === undefined && Array.isArray(values) && values.length === 1 && isBufferList(values[0]);
    if (copy && COPY_FROM_STDIN.test(config)) {
      return copyIn(this, config, values[0]);
    }
    return super.query(config, values, callback);
  }
}

const COPY_FROM_STDIN = /^COPY\s[^;]*\sFROM\s+STDIN$/i;

const isBufferList = (value: unknown): value is Buffer[] => Array.isArray(value) && value.every((chunk) => Buffer.isBuffer(chunk));

/**
 * The rows are in memory already, so they go as one write, ended at once: libuv hands them to
 * PostgreSQL as its socket takes them, where a stream fed a chunk at a time waited for a 'drain'
 * after every 64 KB, each a turn of the event loop that the other read models' work was holding
 * (a catch-up's inventory COPY is on the critical path of every batch of stock events).
 */
async function copyIn(client: pg.Client, text: string, data: readonly Buffer[]): Promise<pg.QueryResult> {
  const stream = client.query(copyFrom(text));
  stream.end(data.length === 1 ? data[0] : Buffer.concat(data));
  await finished(stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], fields: [], oid: 0 };
}

/**
 * Insert rows with COPY (text format), in the transaction or connection `db` stands for. Every row
 * carries the same keys, the columns written (the others take their defaults); values as writeRows
 * takes them (sql.ts), stored the same. No conflict clause: a key already stored fails the whole
 * statement, so only rows known to be new may come here (see appendRows).
 */
export async function copyRows(db: Kysely<ReadModelDb>, table: string, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const statement = `COPY ${quote(table)} (${columns.map(quote).join(', ')}) FROM STDIN`;
  await db.executeQuery(CompiledQuery.raw(statement, [copyChunks(rows, columns)]));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Text appended before it is encoded as a chunk of the COPY's data (characters). */
const COPY_CHUNK_CHARS = 64 * 1024;

/**
 * The rows in COPY's text format (a line per row, fields split by tabs, \N for null), as UTF-8
 * chunks of some 64 KB. Appended piece by piece (a tenth less CPU than joining each field to its
 * separator first), but encoded a chunk at a time: V8 keeps appended text as a tree of its pieces
 * until it is flattened, and a batch's whole text (megabytes, a tree of millions of pieces) cost
 * twice as much to flatten and encode at once as in chunks that stay in the CPU's cache (5,000
 * rows shaped like the activity log's: 15-18 -> 7.4-8.8 ms, micro-benchmark; the rebuild bench at
 * 0.2 scale, profiled: 2.35 -> 1.63 s of node time for its COPY text), and it left the pieces to
 * the garbage collector all at once.
 */
export function copyChunks(rows: readonly object[], columns: readonly string[]): Buffer[] {
  const chunks: Buffer[] = [];
  let text = '';
  const last = columns.length - 1;
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (let i = 0; i < last; i++) {
      text += copyField(values[columns[i]]);
      text += '\t';
    }
    text += copyField(values[columns[last]]);
    text += '\n';
    if (text.length >= COPY_CHUNK_CHARS) {
      chunks.push(Buffer.from(text));
      text = '';
    }
  }
  if (text.length > 0) chunks.push(Buffer.from(text));
  return chunks;
}

/**
 * One value as writeRows' JSON would have it arrive at the column's input function: strings as
 * they are, numbers and bigints in decimal (a number JSON cannot hold, NaN or Infinity, as null,
 * as JSON.stringify makes it), Dates as ISO text (their JSON), objects and arrays as JSON text
 * (a json or jsonb column). Then COPY's escapes: backslash, tab, newline and carriage return are
 * the only characters its text format reads specially.
 */
function copyField(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return escape(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : NULL;
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 't' : 'f';
    case 'object':
      if (value === null) return NULL;
      if (value instanceof Date) return value.toISOString();
      // JSON text holds no raw tab, newline or carriage return (it escapes them, with a backslash).
      return doubleBackslashes(JSON.stringify(value));
    default:
      return NULL;
  }
}

const NULL = '\\N';
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escape = (text: string) => (SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]) : text);
const doubleBackslashes = (json: string) => (json.includes('\\') ? json.replaceAll('\\', '\\\\') : json);
