import { comparePositions, type EventStore, type LogPosition, type RecordedEvent } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from './db';
import { dropDeferredIndexes, restoreDroppedIndexes } from './deferredIndexes';
import type { Projection } from './projection';

/**
 * A catch-up from empty read models without the indexes only reads use (issue 14), as a rebuild
 * fills its fresh tables (deferredIndexes.ts): a fresh deployment over an existing log, or a
 * migration that empties a read model for it to be replayed. Keeping those indexes up to date row
 * by row is most of such a catch-up's cost (the activity feed's trigram index alone was ~40% of
 * PostgreSQL's CPU); one sorted build of each at the end costs a fraction of it.
 *
 * When the runner first handles a batch for a projection it holds:
 * 1. indexes dropped for it earlier and not built again (dropped_indexes: a process that died,
 *    or lost its lease, in the middle of such a catch-up) are built now, before anything else:
 *    whatever happened, a runner that takes a projection over leaves it with every index;
 * 2. if every table of the projection is empty and the batch is full (the whole batch lies past
 *    its checkpoint), its deferred indexes are dropped, their definitions saved in the same
 *    transaction. The threshold is one full batch (batchSize events, 5,000 by default) because
 *    below it the catch-up is one transaction whose index upkeep is small, and above it the
 *    saving grows with every event while the price stays small: building an index on whatever
 *    rows the catch-up ends with costs less than keeping it up to date while they were written,
 *    even when the projection's tables end up nearly empty (its events are rare in the log).
 *    Empty tables because the drop is for a catch-up from nothing: a read model with rows is
 *    being read in earnest and must keep answering by its indexes.
 * Before a batch that ends the catch-up (short of a full batch, or nothing in the log after it),
 * the dropped indexes are built again, so a projection never counts as caught up without them: its
 * checkpoint reaches the end of the log only in the batch after the build. Reads meanwhile scan
 * its tables instead of using those indexes; they read an incomplete read model either way (a
 * command's read-your-writes wait is for a checkpoint the catch-up has not reached).
 */
export interface EmptyCatchup {
  /** Before `events` are applied to `held` (never throws for a drop that failed: the catch-up goes on with the indexes). */
  beforeBatch(held: readonly Projection[], checkpoints: ReadonlyMap<string, LogPosition>, events: readonly RecordedEvent[]): Promise<void>;
}

export function createEmptyCatchup(options: {
  db: Kysely<ReadModelDb>;
  store: EventStore;
  batchSize: number;
  /** Index builds at once. */
  concurrency: number;
  onError(error: unknown): void;
}): EmptyCatchup {
  const { db, store, batchSize, concurrency, onError } = options;
  /** Projections looked at since this process (last) took them. */
  const seen = new Set<string>();
  /** Those catching up from empty without their deferred indexes. */
  const bare = new Map<string, Projection>();

  return {
    async beforeBatch(held, checkpoints, events) {
      if (events.length === 0) return;
      const names = new Set(held.map((p) => p.name));
      // A projection let go of is looked at again when taken back: another process may have run it meanwhile.
      for (const name of seen) if (!names.has(name)) seen.delete(name);
      for (const name of bare.keys()) if (!names.has(name)) bare.delete(name);

      const taken = held.filter((p) => !seen.has(p.name));
      const candidates: Projection[] = [];
      if (taken.length > 0) {
        await restoreDroppedIndexes(db, taken, concurrency);
        for (const projection of taken) {
          seen.add(projection.name);
          const at = checkpoints.get(projection.name);
          if (events.length < batchSize || !at || comparePositions(events[0].position, at) <= 0) continue;
          if (projection.deferredIndexes?.length && (await tablesEmpty(db, projection))) candidates.push(projection);
        }
      }
      if (candidates.length === 0 && bare.size === 0) return;

      // The last batch of the catch-up: every index built before it is applied (none dropped for it).
      const last = events[events.length - 1].position;
      if (events.length < batchSize || (await store.readAll({ from: last, maxCount: 1 })).length === 0) {
        await restoreDroppedIndexes(db, [...bare.values()], concurrency);
        bare.clear();
        return;
      }
      for (const projection of candidates) {
        try {
          if ((await dropDeferredIndexes(db, projection)).length > 0) bare.set(projection.name, projection);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

/** Every table of the projection has no row. */
async function tablesEmpty(db: Kysely<ReadModelDb>, projection: Projection): Promise<boolean> {
  const tables = projection.tables.map((t) => sql`SELECT 1 FROM ${sql.table(t)}`);
  const { rows } = await sql<{ any: boolean }>`SELECT EXISTS (${sql.join(tables, sql` UNION ALL `)}) AS any`.execute(db);
  return rows[0]?.any === false;
}
