import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReadModelDb } from './db';
import type { Projection } from './projection';

/**
 * The indexes only reads use (each projection's deferredIndexes), found, dropped and built again:
 * one place for the rebuild (which builds them on its fresh tables once the rows are in) and the
 * runner's catch-up from empty (emptyCatchup.ts, which drops them on the live tables and builds
 * them once caught up). Keeping such an index up to date row by row costs far more than one
 * sorted build at the end (the activity search's trigram index above all).
 */

/** An index of a table that is not a key (keys are what ON CONFLICT needs: never deferred). */
export interface TableIndex {
  name: string;
  /** pg_get_indexdef: `CREATE [UNIQUE] INDEX name ON schema.table USING ...`. */
  definition: string;
  deferred: boolean;
}

/** Names of these projections' deferred indexes. */
export function deferredIndexNames(projections: readonly Projection[]): Set<string> {
  return new Set(projections.flatMap((p) => p.deferredIndexes ?? []));
}

/** The indexes of `table` that back no constraint, by name; `deferred` marks those in `deferred`. */
export async function tableIndexes(db: Kysely<ReadModelDb>, table: string, deferred: ReadonlySet<string>): Promise<TableIndex[]> {
  const { rows } = await sql<{ indexname: string; def: string }>`
    SELECT i.relname AS indexname, pg_get_indexdef(x.indexrelid) AS def
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = ${table}::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
     ORDER BY i.relname`.execute(db);
  return rows.map((r) => ({ name: r.indexname, definition: r.def, deferred: deferred.has(r.indexname) }));
}

/**
 * An index definition (pg_get_indexdef's) rewritten: on another table (a rebuild's fresh copy),
 * and/or IF NOT EXISTS (building it again must be idempotent: a runner that died after the build
 * committed, before it forgot the definition, builds it again on its next start).
 */
export function rewriteIndexDefinition(definition: string, options: { table?: string; ifNotExists?: boolean }): string {
  const match = /^(CREATE (?:UNIQUE )?INDEX) (\S+) ON (?:ONLY )?(\S+)( USING .*)$/s.exec(definition);
  if (!match) throw new Error(`Cannot rewrite index definition: ${definition}`);
  const [, create, name, table, rest] = match;
  return `${create}${options.ifNotExists ? ' IF NOT EXISTS' : ''} ${name} ON ${options.table ?? table}${rest}`;
}

/** The table an index definition is on, as written in it (schema-qualified by pg_get_indexdef). */
export function tableOfDefinition(definition: string): string {
  const match = /^CREATE (?:UNIQUE )?INDEX \S+ ON (?:ONLY )?(\S+) USING /s.exec(definition);
  if (!match) throw new Error(`Cannot read the table of index definition: ${definition}`);
  return match[1];
}

export interface IndexBuild {
  /** The CREATE INDEX statement. */
  create: string;
  /** The table it is built on (a name ::regclass resolves): the largest are built first. */
  table: string;
  /** In the build's transaction, after it. */
  then?: (trx: Transaction<ReadModelDb>) => Promise<void>;
}

/**
 * Build indexes, `concurrency` statements at once, each in a transaction of its own: trigram
 * (GIN) indexes first, as they take longest, the others filling in beside them; otherwise the
 * largest tables first. One after the other this was a fifth of a rebuild's time, on one core
 * (measured at 100k events: 13 s of 56, the activity search's trigram index alone 5 s).
 */
export async function buildIndexes(db: Kysely<ReadModelDb>, builds: readonly IndexBuild[], concurrency: number): Promise<void> {
  if (builds.length === 0) return;
  const tables = [...new Set(builds.map((b) => b.table))];
  const { rows } = await sql<{ name: string; bytes: string }>`
    SELECT t.name, pg_total_relation_size(t.name::regclass)::text AS bytes FROM unnest(${tables}::text[]) AS t(name)`.execute(db);
  const size = new Map(rows.map((r) => [r.name, Number(r.bytes)]));
  const isGin = (b: IndexBuild) => Number(/ USING gin/i.test(b.create));
  const ordered = [...builds].sort((a, b) => isGin(b) - isGin(a) || (size.get(b.table) ?? 0) - (size.get(a.table) ?? 0));
  await inParallel(
    ordered.map((build) => () =>
      db.transaction().execute(async (trx) => {
        // Sorts (and a trigram index's pending entries) in memory rather than in passes over temporary files.
        await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
        await sql.raw(build.create).execute(trx);
        await build.then?.(trx);
      }),
    ),
    concurrency,
  );
}

/** Run the tasks, at most `concurrency` at once, in their order; rejects with the first failure once all have settled. */
export async function inParallel(tasks: readonly (() => Promise<unknown>)[], concurrency: number): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  async function worker() {
    while (next < tasks.length) {
      const task = tasks[next++];
      await task().catch((error: unknown) => failures.push(error));
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, worker));
  if (failures.length > 0) throw failures[0];
}

/**
 * Drop the deferred indexes of a projection's live tables, their definitions saved first in
 * dropped_indexes in the same transaction: the drop and the record of what to build again commit
 * together, so no crash can lose an index. A lock timeout keeps it from queueing behind a long
 * read (the caller then carries on with the indexes in place). Answers the indexes dropped.
 */
export async function dropDeferredIndexes(db: Kysely<ReadModelDb>, projection: Projection): Promise<string[]> {
  const names = [...deferredIndexNames([projection])];
  if (names.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
    const { rows } = await sql<{ name: string; def: string }>`
      SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
        FROM pg_class i
       WHERE i.oid IN (SELECT to_regclass(n) FROM unnest(${names}::text[]) AS n)
       ORDER BY i.relname`.execute(trx);
    if (rows.length === 0) return [];
    await trx
      .insertInto('dropped_indexes')
      .values(rows.map((r) => ({ index_name: r.name, projection: projection.name, table_name: tableOfDefinition(r.def), definition: r.def })))
      .onConflict((oc) => oc.column('index_name').doNothing())
      .execute();
    for (const r of rows) await sql`DROP INDEX ${sql.table(r.name)}`.execute(trx);
    return rows.map((r) => r.name);
  });
}

/**
 * Build again every index dropped for these projections (dropped_indexes), `concurrency` at
 * once, each forgotten in the transaction that built it. Idempotent (IF NOT EXISTS): after a
 * crash anywhere, running it again leaves every index present and no row behind. Answers the
 * indexes built.
 */
export async function restoreDroppedIndexes(db: Kysely<ReadModelDb>, projections: readonly Projection[], concurrency: number): Promise<string[]> {
  if (projections.length === 0) return [];
  const dropped = await db
    .selectFrom('dropped_indexes')
    .select(['index_name', 'table_name', 'definition'])
    .where(
      'projection',
      'in',
      projections.map((p) => p.name),
    )
    .execute();
  await buildIndexes(
    db,
    dropped.map((d) => ({
      create: rewriteIndexDefinition(d.definition, { ifNotExists: true }),
      table: d.table_name,
      then: async (trx) => {
        await trx.deleteFrom('dropped_indexes').where('index_name', '=', d.index_name).execute();
      },
    })),
    concurrency,
  );
  return dropped.map((d) => d.index_name);
}
