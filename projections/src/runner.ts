import type { EventStore, LogPosition } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { allProjections } from './all';
import { applyBatch, DEFAULT_APPLY_CONCURRENCY } from './apply';
import { allReached } from './checkpoints/checkpoints';
import { poolSizeOf, type ReadModelDb } from './db';
import { createEmptyCatchup } from './emptyCatchup';
import { createFollower } from './following/follower';
import { createCheckpointWaiters } from './following/waiters';
import { createGrowthAnalyzer } from './growthAnalyze';
import type { Projection } from './projection';

export interface ProjectionRunnerOptions {
  db: Kysely<ReadModelDb>;
  store: EventStore;
  /** Default: every read model. */
  projections?: readonly Projection[];
  /**
   * Largest batch read from the log at once (default 5000), applied to each projection in one
   * transaction. Larger batches catch up faster (fewer round trips, more edits of one row folded
   * into one write) but hold their transactions open longer, and while one is open other
   * followers of the log wait for events appended meanwhile.
   */
  batchSize?: number;
  /**
   * Most projection transactions open at once (default DEFAULT_APPLY_CONCURRENCY), kept below the
   * pool's size (createReadModelDb maxConnections) so reads still find a connection.
   */
  applyConcurrency?: number;
  /** How often a standby tries to take over, and the active runner checks its lock connection (default 1000 ms). */
  takeoverIntervalMs?: number;
  /** Where errors go (a failed batch is retried from its checkpoint). Default: console.error. */
  onError?: (error: unknown) => void;
  /** Database for the lock connection; default: the one `db` was made for by createReadModelDb. */
  databaseUrl?: string;
  /** Re-validate events of the current version with their zod schema (see toProjectedEvent). Default false. */
  validateEvents?: boolean;
}

export interface ProjectionRunner {
  /** Take the locks it can and follow the log from the checkpoints; resolves once it has tried (not once caught up). */
  start(): Promise<void>;
  /** Stop following, release the locks and the lock connection. Pending waitFor calls answer false. */
  stop(): Promise<void>;
  /**
   * Resolves true as soon as every projection has applied the log up to `position` (woken by the
   * commit of the batch that gets there), false after timeoutMs. Read-your-writes for commands.
   * Projections another process runs are followed through their checkpoint rows. With `only`, just
   * those read models (a command waits for what its answer reads).
   */
  waitFor(position: LogPosition, timeoutMs: number, only?: readonly string[]): Promise<boolean>;
  /** Names of the projections this process runs right now (the rest are on standby). */
  activeProjections(): string[];
}

export const DEFAULT_BATCH_SIZE = 5000;

/**
 * Follow the event log into the read models: the log's one follower (following/follower.ts) with
 * the projections as members, each batch applied to each projection's rows and checkpoint in a
 * transaction of its own, side by side (apply.ts); a waiter wakes as soon as the read models it
 * waits for have committed, whatever the others are doing. After a batch, outside its transactions,
 * the held read models' tables that grew by a factor since PostgreSQL last recorded their size are
 * ANALYZEd (growthAnalyze.ts: autovacuum is off, and a catch-up grows tables from empty). A
 * catch-up from empty tables goes without the indexes only reads use, built again before it
 * counts as caught up (emptyCatchup.ts). Across
 * processes exactly one runs each projection; commands wait for their read models through
 * following/waiters.ts, also for those another process runs.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { db } = options;
  const projections = options.projections ?? allProjections;
  const names = projections.map((p) => p.name);
  const onError = options.onError ?? ((error: unknown) => console.error('[projections]', error));
  const validate = options.validateEvents ?? false;
  const poolSize = poolSizeOf(db);
  const wanted = options.applyConcurrency ?? DEFAULT_APPLY_CONCURRENCY;
  const concurrency = poolSize === undefined ? wanted : Math.max(1, Math.min(wanted, poolSize - 1));
  const durations = new Map<string, number>();
  // Statistics for the tables a catch-up grows, autovacuum being off (growthAnalyze.ts).
  const analyzer = createGrowthAnalyzer({ db, onError });
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  // A catch-up from empty read models without the indexes only reads use (emptyCatchup.ts).
  const emptyCatchup = createEmptyCatchup({ db, store: options.store, batchSize, concurrency, onError });

  const follower = createFollower<Projection>({
    kind: 'projection',
    db,
    store: options.store,
    members: projections,
    handle: async (held, checkpoints, events) => {
      await emptyCatchup.beforeBatch(held, checkpoints, events);
      await applyBatch(db, held, checkpoints, events, { validate, concurrency, durations, awaited: waiters.awaited(), onApplied: () => waiters.notify() });
      // After the batch's transactions have committed (and woken their waiters), outside them.
      await analyzer.afterBatch(held);
    },
    batchSize,
    takeoverIntervalMs: options.takeoverIntervalMs,
    onError,
    // Each projection's commit wakes its waiters already; this covers restarts.
    onHandled: () => waiters.notify(),
    databaseUrl: options.databaseUrl,
  });
  const { checkpoints } = follower;
  const waiters = createCheckpointWaiters({ db, names, checkpoints, isHeld: follower.isHeld, onError });
  let running = false;

  return {
    async start() {
      running = true;
      await follower.start();
    },

    async stop() {
      running = false;
      await follower.stop();
      waiters.cancelAll();
    },

    waitFor(position, timeoutMs, only) {
      // Names this runner does not know are ignored: a command may name a read model another
      // deployment runs elsewhere (its checkpoint is polled like any other).
      const awaited = only ? names.filter((name) => only.includes(name)) : names;
      if (allReached(checkpoints, awaited, position)) return Promise.resolve(true);
      if (!running) return Promise.resolve(false);
      return waiters.waitFor(position, timeoutMs, awaited);
    },

    activeProjections: follower.active,
  };
}
