import type { EventStore, LogPosition } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { allProjections } from './all';
import { allReached, ensureCheckpoints, readCheckpoints } from './checkpoints/checkpoints';
import type { ReadModelDb } from './db';
import { openLeaseSession, type LeaseSession } from './following/leases';
import { createLogFollower } from './following/logFollower';
import { createCheckpointWaiters } from './following/waiters';
import type { Projection } from './projection';

export interface ProjectionRunnerOptions {
  db: Kysely<ReadModelDb>;
  store: EventStore;
  /** Default: every read model. */
  projections?: readonly Projection[];
  /**
   * Largest batch applied in one transaction (default 5000). Larger batches catch up faster (fewer
   * round trips, more edits of one row folded into one write) but hold their transaction open
   * longer, and while it is open other followers of the log wait for events appended meanwhile.
   */
  batchSize?: number;
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
 * Follow the event log into the read models. One runner per process; across processes exactly one
 * runs each projection: it holds the projection's lease (following/leases.ts) for as long as it
 * runs, and a standby retries the lease every takeoverIntervalMs, so it takes over within about a
 * second of the active process dying. The projections it holds share one subscription
 * (following/logFollower.ts); commands wait for their read models through following/waiters.ts.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { db } = options;
  const projections = options.projections ?? allProjections;
  const names = projections.map((p) => p.name);
  const takeoverIntervalMs = options.takeoverIntervalMs ?? 1000;
  const onError = options.onError ?? ((error: unknown) => console.error('[projections]', error));

  let running = false;
  let session: LeaseSession | undefined;
  const held = new Set<string>();
  /** Exact for the projections held here; for the others, what their checkpoint rows said last. */
  const checkpoints = new Map<string, LogPosition>();
  let tickTimer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  const waiters = createCheckpointWaiters({ db, names, checkpoints, isHeld: (name) => held.has(name), onError });
  const follower = createLogFollower({
    db,
    store: options.store,
    projections,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    validateEvents: options.validateEvents ?? false,
    checkpoints,
    onApplied: () => waiters.notify(),
    onError,
  });

  /** Lease changes, subscription restarts and stop run one at a time. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };

  const restart = () => follower.restart(running ? held : new Set());

  /** Let go of everything held here (stopping, or the lease connection is gone): a standby takes over. */
  async function dropLeases() {
    await follower.stop();
    held.clear();
    const old = session;
    session = undefined;
    await old?.close();
  }

  async function tick() {
    if (!running) return;
    try {
      if (session?.lost) await dropLeases();
      session ??= await openLeaseSession(
        db,
        (lost, error) => {
          onError(error);
          if (session === lost) void serial(dropLeases);
        },
        options.databaseUrl,
      );
      const wanted = names.filter((n) => !held.has(n));
      let gained = false;
      if (wanted.length > 0) {
        for (const name of await session.take(wanted)) {
          held.add(name);
          gained = true;
        }
      } else {
        // The lease connection answers, so the leases are still ours.
        await session.check();
      }
      if (gained || follower.due()) await restart();
    } catch (error) {
      onError(error);
      await dropLeases().catch(onError);
    }
  }

  function scheduleTick() {
    if (!running) return;
    tickTimer = setTimeout(() => {
      void serial(tick).finally(scheduleTick);
    }, takeoverIntervalMs);
    tickTimer.unref?.();
  }

  return {
    start: () =>
      serial(async () => {
        if (running) return;
        running = true;
        await ensureCheckpoints(db, names);
        for (const [name, at] of await readCheckpoints(db, names)) checkpoints.set(name, at);
        await tick();
        scheduleTick();
      }),

    stop: () =>
      serial(async () => {
        running = false;
        clearTimeout(tickTimer);
        await dropLeases();
        waiters.cancelAll();
      }),

    waitFor(position, timeoutMs, only) {
      // Names this runner does not know are ignored: a command may name a read model another
      // deployment runs elsewhere (its checkpoint is polled like any other).
      const awaited = only ? names.filter((name) => only.includes(name)) : names;
      if (allReached(checkpoints, awaited, position)) return Promise.resolve(true);
      if (!running) return Promise.resolve(false);
      return waiters.waitFor(position, timeoutMs, awaited);
    },

    activeProjections: () => names.filter((n) => held.has(n)),
  };
}
