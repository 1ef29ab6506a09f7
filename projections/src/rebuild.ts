import { createChainFollower, LOG_START, type ChainBreak, type EventStore, type LogPosition, type SignedHead } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';
import { allProjections } from './all';
import { applyBatch } from './apply';
import { openDedicatedConnection, type ReadModelDb } from './db';
import { LOCK_NAMESPACE, projectionLockName } from './locks';
import { migrateReadModels } from './migrations';
import type { Projection } from './projection';

export interface RebuildOptions {
  db: Kysely<ReadModelDb>;
  store: EventStore;
  /** Default: every read model. */
  projections?: readonly Projection[];
  batchSize?: number;
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

/**
 * Throw the read models away and replay the whole log into them: the same rows as before, since
 * read models are a function of the log. Takes every projection's lock first, so no runner writes
 * meanwhile; it refuses (after lockTimeoutMs) while a runner holds them: stop it first. Rows are
 * emptied and checkpoints reset in one transaction; a rebuild cut short is finished by the next
 * runner, which continues from the checkpoints it left.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { db, store } = options;
  const projections = options.projections ?? allProjections;
  const batchSize = options.batchSize ?? 2000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  await migrateReadModels(db);

  let lost: Error | undefined;
  const lockConnection = await openDedicatedConnection(db, (error) => (lost = error));
  try {
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
    const tables = [...new Set(projections.flatMap((p) => p.tables))];
    await db.transaction().execute(async (trx) => {
      if (tables.length > 0) await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
      // Only projections' checkpoints go back to the start: a reactor's never does (its mails were sent).
      await trx
        .insertInto('follower_checkpoints')
        .values(names.map((name) => ({ name, kind: 'projection' as const, commit_position: LOG_START.commit, event_position: LOG_START.event })))
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({
              commit_position: LOG_START.commit,
              event_position: LOG_START.event,
              updated_at: sql<Date>`now()`,
            })
            .where('follower_checkpoints.kind', '=', 'projection'),
        )
        .execute();
    });

    // The checkpoints are fenced: were the locks lost meanwhile, a runner taking over would make
    // the next batch here fail rather than write twice.
    const checkpoints = new Map<string, LogPosition>(names.map((n) => [n, LOG_START]));
    let position = LOG_START;
    let count = 0;
    // Every stream's hash chain is checked as the log goes by, before its events are projected.
    const chains = createChainFollower(options.signedHeads);
    for (;;) {
      if (lost) throw lost;
      const events = await store.readAll({ from: position, maxCount: batchSize });
      if (events.length === 0) break;
      for (const event of events) {
        const brk = chains.check(event);
        if (brk) throw new HistoryBrokenError(brk);
      }
      await applyBatch(db, projections, checkpoints, events, { validate: options.validateEvents });
      position = events[events.length - 1].position;
      count += events.length;
    }
    const [truncated] = chains.truncated();
    if (truncated) throw new HistoryBrokenError(truncated);
    return { events: count, position };
  } finally {
    // Ending the session releases the locks.
    await lockConnection.end().catch(() => {});
  }
}
