import { LOG_START, comparePositions, type EventStore, type LogPosition, type Subscription } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { allProjections } from './all';
import { applyBatch } from './apply';
import { allReached, ensureCheckpoints, readCheckpoints } from './checkpoints/checkpoints';
import { openDedicatedConnection, type ReadModelDb } from './db';
import { LOCK_NAMESPACE, projectionLockName } from './locks';
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

interface LockSession {
  client: pg.Client;
  lost: boolean;
}

interface Waiter {
  position: LogPosition;
  /** The read models waited for. */
  names: readonly string[];
  resolve(reached: boolean): void;
  timer: NodeJS.Timeout;
}

const POLL_MS = 25;
export const DEFAULT_BATCH_SIZE = 5000;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Follow the event log into the read models. One runner per process; across processes exactly one
 * runs each projection: it holds the projection's session advisory lock on a connection of its own
 * for as long as it runs, and a standby retries the lock every takeoverIntervalMs, so it takes over
 * within about a second of the active process dying (PostgreSQL frees a dead session's locks).
 * The projections it holds share one subscription (the log is read once); each batch's rows and
 * checkpoints commit in one transaction, and a checkpoint only moves from where this runner left it.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { db, store } = options;
  const projections = options.projections ?? allProjections;
  const names = projections.map((p) => p.name);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const takeoverIntervalMs = options.takeoverIntervalMs ?? 1000;
  const onError = options.onError ?? ((error: unknown) => console.error('[projections]', error));
  const validateEvents = options.validateEvents ?? false;

  let running = false;
  let session: LockSession | undefined;
  const held = new Set<string>();
  /** Exact for the projections held here; for the others, what their checkpoint rows said last. */
  const checkpoints = new Map<string, LogPosition>();
  let subscription: Subscription | undefined;
  /** The batch transaction under way, if any. */
  let inFlight: Promise<void> | undefined;
  let needsRestart = false;
  let failures = 0;
  let retryAt = 0;
  let tickTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  const waiters = new Set<Waiter>();
  let chain: Promise<unknown> = Promise.resolve();

  /** Lock changes, subscription restarts and stop run one at a time. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };

  async function openLockSession(): Promise<LockSession> {
    const opened: LockSession = { client: undefined as unknown as pg.Client, lost: false };
    opened.client = await openDedicatedConnection(
      db,
      (error) => {
        // The locks went with the connection: stop applying at once, a standby may take over.
        if (opened.lost) return;
        opened.lost = true;
        onError(error);
        if (session === opened) void serial(dropLocks);
      },
      options.databaseUrl,
    );
    return opened;
  }

  function notifyWaiters() {
    for (const waiter of waiters) {
      if (allReached(checkpoints, waiter.names, waiter.position)) {
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(true);
      }
    }
  }

  /** Projections run elsewhere advance only in their rows: poll them while someone waits. */
  function ensurePolling() {
    if (pollTimer || waiters.size === 0) return;
    pollTimer = setTimeout(async () => {
      pollTimer = undefined;
      const others = names.filter((n) => !held.has(n));
      if (others.length > 0) {
        try {
          for (const [name, at] of await readCheckpoints(db, others)) if (!held.has(name)) checkpoints.set(name, at);
          notifyWaiters();
        } catch (error) {
          onError(error);
        }
      }
      ensurePolling();
    }, POLL_MS);
    pollTimer.unref?.();
  }

  async function stopSubscription() {
    const current = subscription;
    subscription = undefined;
    if (current) await current.stop().catch(() => {});
    // The last batch handed over may still be committing.
    const last = inFlight;
    inFlight = undefined;
    if (last) await last.catch(() => {});
  }

  /** (Re)start following the log for the projections held here, from their stored checkpoints. */
  async function restartSubscription() {
    needsRestart = false;
    await stopSubscription();
    if (!running || held.size === 0) return;
    const mine = projections.filter((p) => held.has(p.name));
    const stored = await readCheckpoints(db, [...held]);
    let from: LogPosition | undefined;
    for (const p of mine) {
      const at = stored.get(p.name) ?? LOG_START;
      checkpoints.set(p.name, at);
      if (!from || comparePositions(at, from) < 0) from = at;
    }
    const failed = (current: Subscription, error: unknown) => {
      if (subscription !== current) return;
      onError(error);
      // Retry from the stored checkpoints (the truth), backing off while it keeps failing.
      failures++;
      retryAt = Date.now() + Math.min(MAX_RETRY_DELAY_MS, 100 * 2 ** Math.min(failures, 10));
      needsRestart = true;
      subscription = undefined;
      void current.stop();
    };
    const current: Subscription = store.subscribe({
      from: from ?? LOG_START,
      batchSize,
      // Pipelined one deep: the subscription reads the next batch while this one's transaction
      // runs. Batches still commit one after the other, in order; a batch that fails ends the
      // subscription, and the restart begins again at the committed checkpoints.
      onEvents: async (events) => {
        if (subscription !== current) throw new Error('Projection subscription superseded');
        if (inFlight) await inFlight;
        const applying = applyBatch(db, mine, checkpoints, events, { validate: validateEvents }).then(
          () => {
            failures = 0;
            notifyWaiters();
          },
          (error: unknown) => {
            failed(current, error);
            throw error;
          },
        );
        applying.catch(() => {});
        inFlight = applying;
      },
    });
    subscription = current;
    current.done.catch((error: unknown) => failed(current, error));
  }

  /** Let go of everything held here (stopping, or the lock connection is gone): a standby takes over. */
  async function dropLocks() {
    await stopSubscription();
    held.clear();
    const old = session;
    session = undefined;
    if (old) {
      // Closing the session releases its advisory locks.
      await old.client.end().catch(() => {});
    }
  }

  async function tick() {
    if (!running) return;
    try {
      if (session?.lost) await dropLocks();
      if (!session) session = await openLockSession();
      const wanted = names.filter((n) => !held.has(n));
      let gained = false;
      if (wanted.length > 0) {
        const { rows } = await session.client.query<{ name: string; locked: boolean }>(
          `SELECT l.name, pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext(l.lock)) AS locked
             FROM unnest($1::text[], $2::text[]) AS l(name, lock)`,
          [wanted, wanted.map(projectionLockName)],
        );
        for (const row of rows) {
          if (row.locked) {
            held.add(row.name);
            gained = true;
          }
        }
      } else {
        // The lock connection answers, so the locks are still ours.
        await session.client.query('SELECT 1');
      }
      if (gained) await restartSubscription();
      else if (needsRestart && Date.now() >= retryAt) await restartSubscription();
    } catch (error) {
      onError(error);
      await dropLocks().catch(onError);
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
        clearTimeout(pollTimer);
        pollTimer = undefined;
        await dropLocks();
        for (const waiter of waiters) {
          clearTimeout(waiter.timer);
          waiter.resolve(false);
        }
        waiters.clear();
      }),

    waitFor(position, timeoutMs, only) {
      // Names this runner does not know are ignored: a command may name a read model another
      // deployment runs elsewhere (its checkpoint is polled below like any other).
      const awaited = only ? names.filter((name) => only.includes(name)) : names;
      if (allReached(checkpoints, awaited, position)) return Promise.resolve(true);
      if (!running) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position,
          names: awaited,
          resolve,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            resolve(false);
          }, timeoutMs),
        };
        waiters.add(waiter);
        if (awaited.some((name) => !held.has(name))) ensurePolling();
      });
    },

    activeProjections: () => names.filter((n) => held.has(n)),
  };
}
