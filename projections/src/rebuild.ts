import { createChainFollower, LOG_START, type ChainBreak, type EventStore, type LogPosition, type SignedHead } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';
import { allProjections } from './all';
import { openDedicatedConnection, type ReadModelDb } from './db';
import { buildIndexes, deferredIndexNames, inParallel, restoreDroppedIndexes, rewriteIndexDefinition, tableIndexes } from './deferredIndexes';
import { LOCK_NAMESPACE, projectionLockName } from './locks';
import { migrateReadModels } from './migrations';
import { applyAtOwnPace } from './ownPace';
import type { Projection } from './projection';

export interface RebuildOptions {
  db: Kysely<ReadModelDb>;
  store: EventStore;
  /** Default: every read model. */
  projections?: readonly Projection[];
  batchSize?: number;
  /** Most read-model transactions open at once (default DEFAULT_REBUILD_CONCURRENCY). */
  concurrency?: number;
  /** Most batches a read model may run ahead of the slowest (default REBUILD_BATCHES_AHEAD; 1: every batch waits for every read model). */
  batchesAhead?: number;
  /** How long to wait for a running projection runner to let go of its locks (default 10 s). */
  lockTimeoutMs?: number;
  /** Re-validate events of the current version with their zod schema (see toProjectedEvent). Default false. */
  validateEvents?: boolean;
  /** Stream heads signed earlier (history checkpoints): a stream must still meet them. */
  signedHeads?: ReadonlyMap<string, readonly SignedHead[]>;
}

/** A rebuild stopped because a stream's history does not verify: nothing of that batch was projected. */
export class HistoryBrokenError extends Error {
  constructor(public readonly brk: ChainBreak) {
    super(`Stream ${brk.streamId} does not verify at revision ${brk.revision}: ${brk.reason}. The rebuild stopped before projecting it.`);
    this.name = 'HistoryBrokenError';
  }
}

export interface RebuildResult {
  /** Events read from the log. */
  events: number;
  /** Where the rebuilt read models stand (LOG_START for an empty log). */
  position: LogPosition;
}

/** The schema a rebuild fills (one rebuild at a time: it holds REBUILD_LOCK). */
export const REBUILD_SCHEMA = 'read_model_rebuild';
const REBUILD_LOCK = 'read-model-rebuild';

/**
 * Replay the whole log into fresh tables and swap them in: the same rows as before, since read
 * models are a function of the log. Takes every projection's lock first, so no runner writes
 * meanwhile; it refuses (after lockTimeoutMs) while a runner holds them: stop it first.
 *
 * The live tables are not touched until the end: the rows are written into empty copies of them
 * in a schema of their own (REBUILD_SCHEMA, searched first by the rebuild's transactions), with
 * their keys but without the indexes only reads use (each projection's deferredIndexes), which
 * are built once the rows are in (finishTables). Then, in one transaction, each live table is
 * dropped and its copy moved in its place, and the checkpoints set: readers see the old tables
 * whole until then and the new ones whole after (a read waiting on the swap's locks finds the new
 * table). A rebuild cut short leaves the live read models and their checkpoints as they were.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { db, store } = options;
  const projections = options.projections ?? allProjections;
  const batchSize = options.batchSize ?? DEFAULT_REBUILD_BATCH_SIZE;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? DEFAULT_REBUILD_CONCURRENCY;
  await migrateReadModels(db);

  let lost: Error | undefined;
  const lockConnection = await openDedicatedConnection(db, (error) => (lost = error));
  try {
    const { rows: rebuildLock } = await lockConnection.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext($1)) AS locked`,
      [REBUILD_LOCK],
    );
    if (!rebuildLock[0]?.locked) throw new Error('Cannot rebuild: another rebuild is running.');
    const deadline = Date.now() + lockTimeoutMs;
    for (const projection of projections) {
      for (;;) {
        const { rows } = await lockConnection.query<{ locked: boolean }>(
          `SELECT pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext($1)) AS locked`,
          [projectionLockName(projection.name)],
        );
        if (rows[0]?.locked) break;
        if (Date.now() >= deadline) {
          throw new Error(`Cannot rebuild: a projection runner is running "${projection.name}". Stop it and retry.`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    const names = projections.map((p) => p.name);
    // Indexes a runner dropped for a catch-up from empty and did not live to build again (it
    // died, or let go of its locks, before it caught up): built on the live tables first, so
    // their definitions are there to copy. Rare, and the runner's next start would do the same.
    await restoreDroppedIndexes(db, projections, concurrency);
    const tables = await prepareFreshTables(db, projections, names);
    try {
      // The checkpoints are the fresh ones, fenced: were the locks lost meanwhile, a runner taking
      // over could not be moving them anyway (it writes the live ones).
      const checkpoints = new Map<string, LogPosition>(names.map((n) => [n, LOG_START]));
      let position = LOG_START;
      let count = 0;
      // Every stream's hash chain is checked as the log goes by, before its events are projected.
      const chains = createChainFollower(options.signedHeads);
      // Each read model at its own pace, a few batches ahead of the slowest at most (ownPace.ts).
      // Each event once: the log is read once, and a failed batch ends the rebuild (exactlyOnce).
      const applier = applyAtOwnPace({
        db,
        projections,
        checkpoints,
        validate: options.validateEvents,
        schema: REBUILD_SCHEMA,
        exactlyOnce: true,
        concurrency,
        ahead: options.batchesAhead ?? REBUILD_BATCHES_AHEAD,
      });
      try {
        // The next batch is read while this one is checked and handed out (the log and the tables: two cores).
        let reading = store.readAll({ from: position, maxCount: batchSize });
        for (;;) {
          if (lost) throw lost;
          const events = await reading;
          if (events.length === 0) break;
          for (const event of events) {
            const brk = chains.check(event);
            if (brk) throw new HistoryBrokenError(brk);
          }
          position = events[events.length - 1].position;
          reading = store.readAll({ from: position, maxCount: batchSize });
          // Without it, a failed batch would leave the read of the next one unhandled.
          reading.catch(() => {});
          await applier.push(events);
          count += events.length;
        }
        await applier.finish();
      } finally {
        // Nothing is dropped (below) while a read model's transaction is still open.
        await applier.stop();
      }
      const [truncated] = chains.truncated();
      if (truncated) throw new HistoryBrokenError(truncated);
      if (lost) throw lost;
      await finishTables(db, tables, concurrency);
      await swapIn(db, tables, names, position);
      return { events: count, position };
    } finally {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(REBUILD_SCHEMA)} CASCADE`.execute(db).catch(() => {});
    }
  } finally {
    // Ending the session releases the locks.
    await lockConnection.end().catch(() => {});
  }
}

/**
 * Events per rebuild batch (one transaction each). Larger than the runner's: a rebuild writes
 * tables no reader sees yet, and a vessel touched by a batch costs the same whether it has one
 * event in it or a hundred.
 */
export const DEFAULT_REBUILD_BATCH_SIZE = 10_000;

/** Read models written at once by a rebuild. */
export const DEFAULT_REBUILD_CONCURRENCY = 4;

/** Most batches a read model may run ahead of the slowest one in a rebuild (ownPace.ts). */
export const REBUILD_BATCHES_AHEAD = 3;

interface FreshTable {
  name: string;
  /** CREATE INDEX statements for the fresh table, built after the rows are in. */
  deferred: string[];
}

/**
 * An empty copy of each table of these projections in REBUILD_SCHEMA (columns, defaults, checks,
 * storage parameters, keys and the indexes the handlers read by; not the deferred ones), and a
 * copy of the checkpoint table holding these projections at the start of the log. A copy left by
 * a rebuild that died is dropped first.
 */
async function prepareFreshTables(db: Kysely<ReadModelDb>, projections: readonly Projection[], names: readonly string[]): Promise<FreshTable[]> {
  const fresh = sql.id(REBUILD_SCHEMA);
  await sql`DROP SCHEMA IF EXISTS ${fresh} CASCADE`.execute(db);
  await sql`CREATE SCHEMA ${fresh}`.execute(db);
  const tables: FreshTable[] = [];
  const deferredNames = deferredIndexNames(projections);
  const found = new Set<string>();
  for (const name of new Set(projections.flatMap((p) => p.tables))) {
    const live = sql`${sql.id(name)}`;
    const { rows: options } = await sql<{ reloptions: string[] | null }>`SELECT reloptions FROM pg_class WHERE oid = ${name}::regclass`.execute(db);
    const withOptions = options[0]?.reloptions?.length ? sql` WITH (${sql.raw(options[0].reloptions.join(', '))})` : sql``;
    await sql`
      CREATE TABLE ${fresh}.${sql.id(name)} (LIKE ${live} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED
        INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING STATISTICS)${withOptions}`.execute(db);
    // Keys (what ON CONFLICT needs) as constraints of the same names.
    const { rows: keys } = await sql<{ conname: string; def: string }>`
      SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid = ${name}::regclass AND contype IN ('p', 'u', 'x') ORDER BY conname`.execute(db);
    for (const key of keys) await sql`ALTER TABLE ${fresh}.${sql.id(name)} ADD CONSTRAINT ${sql.id(key.conname)} ${sql.raw(key.def)}`.execute(db);
    // The other indexes: now, or after the rows when only reads use them.
    const deferred: string[] = [];
    for (const index of await tableIndexes(db, name, deferredNames)) {
      const create = rewriteIndexDefinition(index.definition, { table: `${REBUILD_SCHEMA}.${name}` });
      if (index.deferred) {
        deferred.push(create);
        found.add(index.name);
      } else {
        await sql.raw(create).execute(db);
      }
    }
    tables.push({ name, deferred });
  }
  const missing = [...deferredNames].filter((index) => !found.has(index));
  if (missing.length > 0) throw new Error(`Deferred indexes not found on their tables: ${missing.join(', ')}`);
  await sql`CREATE TABLE ${fresh}.follower_checkpoints (LIKE follower_checkpoints INCLUDING ALL)`.execute(db);
  await sql`
    INSERT INTO ${fresh}.follower_checkpoints (name, kind, commit_position, event_position)
    SELECT name, 'projection', ${LOG_START.commit.toString()}::bigint, ${LOG_START.event.toString()}::bigint FROM unnest(${names}::text[]) AS name`.execute(db);
  return tables;
}

/**
 * The fresh tables finished, `concurrency` statements at once, the largest tables first: the
 * indexes only reads use built on the loaded rows (buildIndexes), then the planner's statistics.
 *
 * The fresh tables are not UNLOGGED while they fill: tried, and SET LOGGED at the end (a rewrite
 * of every table and its keys) cost PostgreSQL more than the WAL it saved per row (100k events:
 * backend CPU 10.7 s logged, 11.6 s unlogged; the rebuild 49.4 s and 53.1 s).
 */
async function finishTables(db: Kysely<ReadModelDb>, tables: readonly FreshTable[], concurrency: number): Promise<void> {
  const table = (name: string) => `${REBUILD_SCHEMA}.${name}`;
  await buildIndexes(
    db,
    tables.flatMap((t) => t.deferred.map((create) => ({ create, table: table(t.name) }))),
    concurrency,
  );
  const { rows } = await sql<{ name: string; bytes: string }>`
    SELECT c.relname AS name, pg_total_relation_size(c.oid)::text AS bytes FROM pg_class c
     WHERE c.relnamespace = ${REBUILD_SCHEMA}::regnamespace AND c.relkind = 'r'`.execute(db);
  const size = new Map(rows.map((r) => [r.name, Number(r.bytes)]));
  const largestFirst = [...tables].sort((a, b) => (size.get(b.name) ?? 0) - (size.get(a.name) ?? 0));
  await inParallel(
    largestFirst.map((t) => () => sql`ANALYZE ${sql.id(REBUILD_SCHEMA)}.${sql.id(t.name)}`.execute(db)),
    concurrency,
  );
}

/** In one transaction: each live table replaced by its fresh copy, and the checkpoints set to where the copies stand. */
async function swapIn(db: Kysely<ReadModelDb>, tables: readonly FreshTable[], names: readonly string[], position: LogPosition): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(trx);
    const live = sql.id(rows[0].schema);
    for (const table of tables) {
      await sql`DROP TABLE ${live}.${sql.id(table.name)}`.execute(trx);
      await sql`ALTER TABLE ${sql.id(REBUILD_SCHEMA)}.${sql.id(table.name)} SET SCHEMA ${live}`.execute(trx);
    }
    // A rebuild of no read model only read and verified the log: no checkpoint to move.
    if (names.length === 0) return;
    // Only projections' checkpoints move: a reactor's never does (its mails were sent).
    await trx
      .insertInto('follower_checkpoints')
      .values(names.map((name) => ({ name, kind: 'projection' as const, commit_position: position.commit, event_position: position.event })))
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({
            commit_position: position.commit,
            event_position: position.event,
            updated_at: sql<Date>`now()`,
            // New tables: answers kept by the old version are not served again.
            rows_version: sql<string>`nextval('read_model_rows_versions')`,
          })
          .where('follower_checkpoints.kind', '=', 'projection'),
      )
      .execute();
  });
}
