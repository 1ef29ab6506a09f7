import { comparePositions, isUniqueViolation, type LogPosition } from '@medchest/eventstore';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { copyRows } from './copy';
import type { ReadModelDb } from './db';

/**
 * The SET list of an upsert: each column takes the value of the row that was proposed for
 * insertion (`excluded.col`). Columns left out keep what the table holds.
 */
export function fromExcluded<C extends string>(columns: readonly C[]): Record<C, RawBuilder<never>> {
  const set = {} as Record<C, RawBuilder<never>>;
  for (const column of columns) set[column] = sql<never>`excluded.${sql.ref(column)}`;
  return set;
}

/**
 * Rows as JSON text, bigints as decimal strings. A replacer function makes JSON.stringify call back
 * for every value of every row (it once was a tenth of a rebuild's time), so it is used only when
 * a row has a bigint column; handlers pass log positions and revisions as strings.
 */
export function rowsJson(rows: readonly object[]): string {
  const first = rows[0] as Record<string, unknown> | undefined;
  const hasBigint = first !== undefined && Object.values(first).some((v) => typeof v === 'bigint');
  return hasBigint ? JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)) : JSON.stringify(rows);
}

/** A column of a read-model table. */
type Column<T extends keyof ReadModelDb> = keyof ReadModelDb[T] & string;

/** A table's key as its writers name it: its one column, or its columns. */
type TableKey<T extends keyof ReadModelDb> = Column<T> | readonly Column<T>[];

/** Rows per statement: bounded so one statement's JSON stays a few megabytes. */
const ROWS_PER_STATEMENT = 5000;

/**
 * Write many rows in one statement per few thousand rows: the rows travel as ONE json parameter
 * and PostgreSQL turns it into records of the table's own row type (json_populate_recordset: the
 * text read once, without building jsonb first, some 15% less work than jsonb), so the cost per
 * row is a little JSON, not a bound parameter per column. Every row must carry the
 * same keys (the columns written; the others take their defaults on insert). Values: strings,
 * numbers, booleans, null, Dates, bigints (sent as decimal strings) and plain objects (jsonb).
 *
 * onConflict: 'nothing' keeps the stored row (an event recorded once for ever); a column list
 * overwrites those columns of the stored row with the new values (the others stay).
 */
export async function writeRows<T extends keyof ReadModelDb & string>(
  db: Kysely<ReadModelDb>,
  table: T,
  rows: readonly Insertable<ReadModelDb[T]>[],
  conflict: {
    /** The conflict target: the primary key's column, or its columns. */
    key: TableKey<T>;
    update: 'nothing' | readonly Column<T>[];
    /**
     * Leave a stored row alone when the update would not change it (no dead tuple, no index work).
     * true: checked in the conflict clause, once the row has been proposed for insertion, which is
     * cheapest when most rows do change. 'lookUpFirst': rows the table already holds unchanged are
     * left out before they are proposed (one lookup by key each), for writers whose rows mostly
     * do not change: a proposed row costs more than the lookup, the more so in a table with stored
     * generated columns, which PostgreSQL computes for every row proposed, conflicting or not
     * (fleet_compliance's item texts: 5,000 unchanged rows took 110-330 ms proposed, 45-67 ms
     * looked up first, 32-42 ms of that reading their JSON; on the loaded 2-core machine).
     */
    onlyIfChanged?: boolean | 'lookUpFirst';
  },
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const keys: readonly string[] = typeof conflict.key === 'string' ? [conflict.key] : conflict.key;
  const updated = conflict.update === 'nothing' ? [] : conflict.update;
  /** The updated columns of a row as one value, to compare a stored row with its new version. */
  const updatedOf = (row: string) => sql`(${sql.join(updated.map((c) => sql.ref(`${row}.${c}`)))})`;
  const onConflict =
    updated.length === 0
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET ${sql.join(updated.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}${
          conflict.onlyIfChanged ? sql` WHERE ${updatedOf(table)} IS DISTINCT FROM ${updatedOf('excluded')}` : sql``
        }`;
  const lookUpFirst = conflict.onlyIfChanged === 'lookUpFirst' && updated.length > 0;
  /** The rows proposed for insertion: all of them, or (lookUpFirst) the new ones and the stored ones whose updated columns differ. */
  const proposed = (json: string) => {
    const recordset = sql`json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`;
    if (!lookUpFirst) return sql`SELECT ${list} FROM ${recordset}`;
    // The key is NOT NULL: a row the table does not hold has a null key in `s`.
    return sql`SELECT ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))} FROM ${recordset} AS r
      LEFT JOIN ${sql.table(table)} AS s ON ${sql.join(keys.map((k) => sql`${sql.ref(`s.${k}`)} = ${sql.ref(`r.${k}`)}`), sql` AND `)}
      WHERE ${sql.ref(`s.${keys[0]}`)} IS NULL OR ${updatedOf('s')} IS DISTINCT FROM ${updatedOf('r')}`;
  };
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const json = rowsJson(rows.slice(i, i + ROWS_PER_STATEMENT));
    await sql`
      INSERT INTO ${sql.table(table)} (${list})
      ${proposed(json)}
      ON CONFLICT (${sql.join(keys.map((k) => sql.ref(k)))}) ${onConflict}`.execute(db);
  }
}

/** Transactions that hand each event to a handler once, into tables that were empty (markExactlyOnce). */
const exactlyOnce = new WeakSet<Kysely<ReadModelDb>>();

/**
 * Mark a transaction as one whose handler is given each event exactly once, writing into tables
 * that held no row before the first of those events: a rebuild's (apply.ts, rebuild.ts).
 */
export function markExactlyOnce(trx: Kysely<ReadModelDb>): void {
  exactlyOnce.add(trx);
}

/** Fewer rows than this are not worth a COPY and the statements around it outside a rebuild. */
export const COPY_MIN_ROWS = 32;

/** Whether rows taken for new are worth a COPY here (appendRows, writeLikelyNewRows): many of them, or a rebuild's. */
const worthCopying = (db: Kysely<ReadModelDb>, rows: readonly unknown[]) => rows.length >= COPY_MIN_ROWS || exactlyOnce.has(db);

/**
 * Rows an event writes once for ever, each keyed by its event (its id or log position), so no two
 * events propose the same key and one event's row never changes. Not for rows that several events
 * may propose (vessel_streams' pairs, activity_batches: a batch removed may be added again): those
 * need ON CONFLICT always.
 *
 * When the rows are known to be new (rowsAreNew) they are COPYed in, without ON CONFLICT: no probe
 * of the key per row, no JSON parsed twice (copy.ts). Otherwise through writeRows' ON CONFLICT DO
 * NOTHING, since a handler must take a batch again (a checkpoint deleted or moved back while the
 * rows stay: emptyCatchup.int.test.ts). Either way the table's key stays: a row wrongly taken for
 * new fails its batch, it is never stored twice. A few rows (a command's, as the log is followed
 * live) go through writeRows straight away: one INSERT instead of the probe and the COPY, two
 * statements, and a command's batch writes such rows into two tables.
 */
export async function appendRows<T extends keyof ReadModelDb & string>(
  db: Kysely<ReadModelDb>,
  table: T,
  rows: readonly Insertable<ReadModelDb[T]>[],
  key: TableKey<T>,
): Promise<void> {
  if (rows.length === 0) return;
  if (worthCopying(db, rows) && (await rowsAreNew(db, table, rows, key))) await copyRows(db, table, rows);
  else await writeRows(db, table, rows, { key, update: 'nothing' });
}

/**
 * Rows their handler takes for new but for a case it cannot see from its batch of events alone: a
 * batch id added again after its removal in an earlier batch of events (the decider allows it;
 * activity_batches and vessel_history_batches keep a removed batch's row), or a batch of events
 * handed over again (a catch-up's checkpoint moved back while the rows stay). Many of them (a
 * rebuild's, a catch-up's, a chest imported) are COPYed in under a savepoint, without ON CONFLICT:
 * its probe of the key and speculative insertion per row, and the JSON parsed twice, made these
 * tables' upserts the largest statements of a rebuild, and of a catch-up of stock (activity_batches
 * 14 us a row, against 10 for the timeline's far wider rows COPYed; pg_stat_statements). Should one
 * be stored after all, the key refuses the COPY, which is rolled back to the savepoint, and the rows
 * go through writeRows. The same rows either way. A few rows (a command's, as the log is followed
 * live) go through writeRows straight away: one statement instead of three. `db` is a transaction
 * (a savepoint needs one): a projection's handler's.
 */
export async function writeLikelyNewRows<T extends keyof ReadModelDb & string>(
  db: Kysely<ReadModelDb>,
  table: T,
  rows: readonly Insertable<ReadModelDb[T]>[],
  conflict: Parameters<typeof writeRows<T>>[3],
): Promise<void> {
  if (rows.length === 0) return;
  if (worthCopying(db, rows)) {
    await sql`SAVEPOINT likely_new`.execute(db);
    try {
      await copyRows(db, table, rows);
      await sql`RELEASE SAVEPOINT likely_new`.execute(db);
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await sql`ROLLBACK TO SAVEPOINT likely_new`.execute(db);
      await sql`RELEASE SAVEPOINT likely_new`.execute(db);
    }
  }
  await writeRows(db, table, rows, conflict);
}

/**
 * Whether none of these rows (of an event each, see appendRows) can be stored yet:
 * - in a transaction marked exactly once (a rebuild's): its tables were empty, and it hands every
 *   event to each handler once. It reads the log once, in order; a batch's rows commit with the
 *   projection's checkpoint, moved only from where it stood (advanceCheckpoints' fence); a batch
 *   that fails ends the rebuild (its tables are dropped), it is never applied again;
 * - in a table keyed by log position (log_commit, log_event), when every row lies past the
 *   table's greatest key (one probe of the key's index): a catch-up appending at the end of the
 *   log, the runner's usual case. Read inside the batch's transaction, while this process holds
 *   the projection's lock; were another writer to slip in a row meanwhile, the key would fail the
 *   batch, to be applied again (and then found not new).
 */
export async function rowsAreNew<T extends keyof ReadModelDb & string>(
  db: Kysely<ReadModelDb>,
  table: T,
  rows: readonly Insertable<ReadModelDb[T]>[],
  key: TableKey<T>,
): Promise<boolean> {
  if (exactlyOnce.has(db)) return true;
  if (typeof key === 'string' || key.length !== 2 || key[0] !== 'log_commit' || key[1] !== 'log_event') return false;
  let first: LogPosition | undefined;
  for (const row of rows as unknown as readonly { log_commit: bigint | string; log_event: bigint | string }[]) {
    const position = { commit: BigInt(row.log_commit), event: BigInt(row.log_event) };
    if (!first || comparePositions(position, first) < 0) first = position;
  }
  const { rows: last } = await sql<{ log_commit: string; log_event: string }>`
    SELECT log_commit, log_event FROM ${sql.table(table)} ORDER BY log_commit DESC, log_event DESC LIMIT 1`.execute(db);
  return first !== undefined && (last.length === 0 || comparePositions(first, { commit: BigInt(last[0].log_commit), event: BigInt(last[0].log_event) }) > 0);
}

/**
 * Update many stored rows in one statement per few thousand rows, the rows travelling as ONE json
 * parameter as in writeRows: each row names its key (a column, or the columns of a composite key)
 * and the columns to set (every row the same keys). A row whose key the table does not hold
 * changes nothing (no insert).
 */
export async function updateRows<T extends keyof ReadModelDb & string>(
  db: Kysely<ReadModelDb>,
  table: T,
  rows: readonly Partial<Insertable<ReadModelDb[T]>>[],
  key: TableKey<T>,
  /**
   * Columns set by an expression instead of the row's value: it may name the stored row `t` and
   * the new one `r`, so that a value computed from other rows is set in the same write.
   */
  expressions: Partial<Record<Column<T>, RawBuilder<unknown>>> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const keys: readonly string[] = typeof key === 'string' ? [key] : key;
  const columns = Object.keys(rows[0] as object).filter((c) => !keys.includes(c));
  if (columns.length === 0) return;
  const valueOf = (c: string) => (expressions as Record<string, RawBuilder<unknown> | undefined>)[c] ?? sql`r.${sql.ref(c)}`;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const json = rowsJson(rows.slice(i, i + ROWS_PER_STATEMENT));
    await sql`
      UPDATE ${sql.table(table)} AS t
      SET ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${valueOf(c)}`))}
      FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json) AS r
      WHERE ${sql.join(keys.map((k) => sql`t.${sql.ref(k)} = r.${sql.ref(k)}`), sql` AND `)}`.execute(db);
  }
}

/**
 * The stored rows of a table keyed by two text columns, for many keys at once: `keys` maps each
 * key's second column to its first (a batch id to its vessel, say). The keys travel as arrays
 * (PostgreSQL knows how many rows an unnest of them gives) and each is looked up by itself, a
 * LATERAL subquery that OFFSET 0 keeps from being merged into a join: as a join, the ~2,000 keys
 * of a batch of events against a table of some 100,000 rows made the planner hash the whole
 * table, 3 x the lookups' time (a rebuild grows its tables through that size). A key the table
 * does not hold gives no row.
 */
export function storedRowsByKey<T extends keyof ReadModelDb & string, C extends keyof Selectable<ReadModelDb[T]> & string>(
  table: T,
  key: readonly [Column<T>, Column<T>],
  columns: readonly C[],
  keys: ReadonlyMap<string, string>,
): RawBuilder<Pick<Selectable<ReadModelDb[T]>, C>> {
  const [first, second] = key;
  return sql`
    SELECT ${sql.join(columns.map((c) => sql.ref(`s.${c}`)))}
      FROM unnest(${[...keys.values()]}::text[], ${[...keys.keys()]}::text[]) AS k(first, second)
      CROSS JOIN LATERAL (
        SELECT ${sql.join(columns.map((c) => sql.ref(c)))} FROM ${sql.table(table)}
         WHERE ${sql.ref(first)} = k.first AND ${sql.ref(second)} = k.second OFFSET 0) AS s`;
}
