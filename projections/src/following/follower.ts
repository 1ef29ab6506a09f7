import type { BackoffPolicy, EventStore, LogPosition } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { ensureCheckpoints, readCheckpoints, type FollowerKind } from '../checkpoints/checkpoints';
import type { ReadModelDb } from '../db';
import { followerLockName } from '../locks';
import { openLeaseSession, type LeaseSession } from './leases';
import { createLogFollower, type BatchHandler, type FollowerMember } from './logFollower';

export type { BatchHandler, FollowerMember } from './logFollower';

export interface FollowerOptions<M extends FollowerMember> {
  kind: FollowerKind;
  /** The checkpoint store's database (and, by default, the lease connection's). */
  db: Kysely<ReadModelDb>;
  store: EventStore;
  members: readonly M[];
  handle: BatchHandler<M>;
  /** Largest batch handed to `handle` at once. */
  batchSize: number;
  /** Read only these streams (undefined: the whole log). */
  streamPrefixes?: (held: readonly M[]) => string[] | undefined;
  /** How often a standby tries to take over, and the active follower checks its lease connection (default 1000 ms). */
  takeoverIntervalMs?: number;
  /** Restart delays after a failed batch (default: the followers' one policy, FOLLOWER_BACKOFF). */
  backoff?: Partial<BackoffPolicy>;
  /** Pacing of reads while the log is busy (default: FOLLOWER_READ_INTERVAL_MS of its kind). */
  readIntervalMs?: number;
  /** Where errors go (a failed batch is retried from its checkpoint). */
  onError(error: unknown): void;
  /** After each batch handled here. */
  onHandled?: () => void;
  /** Database for the lease connection; default: the one `db` was made for by createReadModelDb. */
  databaseUrl?: string;
}

/**
 * How long a follower waits after a read that did not fill a batch before it reads again
 * (SubscribeOptions.readIntervalMs), by kind. Projections read as soon as woken: a command's answer
 * waits for them (read-your-writes). Nobody waits on a reactor by the millisecond (it queues mail),
 * so it reads a busy log at most every 50 ms, in fewer, larger batches: following the log then costs
 * the writers a read and a checkpoint write per 50 ms instead of per few events.
 */
export const FOLLOWER_READ_INTERVAL_MS: Readonly<Record<FollowerKind, number>> = { projection: 0, reactor: 50 };

/** What a member is doing in this process. */
export type FollowerState = 'starting' | 'running' | 'standby' | 'restarting' | 'stopped';

export interface Follower {
  /** Take the leases it can and follow the log from the checkpoints; resolves once it has tried (not once caught up). */
  start(): Promise<void>;
  /** Stop following, release the leases and the lease connection. */
  stop(): Promise<void>;
  /** Names of the members this process runs right now (the rest are on standby). */
  active(): string[];
  isHeld(name: string): boolean;
  state(name: string): FollowerState;
  /** The last error of a member that is restarting. */
  lastError(): unknown;
  /**
   * Where each member is: exact for the members held here (moved as their batches are stored);
   * for the others, what was read last. Shared: read-your-writes waiters fill in the others.
   */
  readonly checkpoints: Map<string, LogPosition>;
}

/**
 * The one way MedChest follows its event log, for projections and reactors alike (issue 8 point 5):
 * - one checkpoint store (follower_checkpoints), a row per member, moved only from where this
 *   follower left it (fenced);
 * - one lease rule: across processes exactly one runs each member, holding its session advisory
 *   lock (following/leases.ts) for as long as it runs; a standby retries the lease every
 *   takeoverIntervalMs, so it takes over within about a second of the active process dying;
 * - one catch-up/subscribe loop (following/logFollower.ts) for the members held here, with the
 *   followers' one backoff after a failed batch, restarting from the stored checkpoints, and the
 *   read pacing of its kind (FOLLOWER_READ_INTERVAL_MS).
 * What a batch does is the member kind's: projections write each one's rows and checkpoint in a
 * transaction of its own, side by side (apply.ts); reactors queue jobs under the event ids, then move their checkpoints
 * (workers/). Each kind runs its own follower, so Redis being away stalls the mails, not the read
 * models.
 */
export function createFollower<M extends FollowerMember>(options: FollowerOptions<M>): Follower {
  const { db, kind } = options;
  const names = options.members.map((m) => m.name);
  const takeoverIntervalMs = options.takeoverIntervalMs ?? 1000;
  const { onError } = options;

  let running = false;
  let started = false;
  let session: LeaseSession | undefined;
  const held = new Set<string>();
  const checkpoints = new Map<string, LogPosition>();
  let tickTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let lastError: unknown;
  let chain: Promise<unknown> = Promise.resolve();

  const log = createLogFollower({
    db,
    store: options.store,
    members: options.members,
    handle: options.handle,
    batchSize: options.batchSize,
    streamPrefixes: options.streamPrefixes,
    backoff: options.backoff,
    readIntervalMs: options.readIntervalMs ?? FOLLOWER_READ_INTERVAL_MS[kind],
    checkpoints,
    onHandled: () => {
      lastError = undefined;
      options.onHandled?.();
    },
    onError: (error) => {
      lastError = error;
      onError(error);
    },
    onFailed: (delayMs) => {
      // Restart as soon as the backoff has passed, not at the next takeover tick.
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void serial(tick), delayMs);
      retryTimer.unref?.();
    },
  });

  /** Lease changes, subscription restarts and stop run one at a time. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };

  const restart = () => log.restart(running ? held : new Set());

  /** Let go of everything held here (stopping, or the lease connection is gone): a standby takes over. */
  async function dropLeases() {
    await log.stop();
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
        (name) => followerLockName(kind, name),
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
      if (gained || log.due()) await restart();
    } catch (error) {
      lastError = error;
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
        await ensureCheckpoints(db, kind, names);
        for (const [name, at] of await readCheckpoints(db, names)) checkpoints.set(name, at);
        await tick();
        started = true;
        scheduleTick();
      }),

    stop: () =>
      serial(async () => {
        running = false;
        clearTimeout(tickTimer);
        clearTimeout(retryTimer);
        await dropLeases();
      }),

    active: () => names.filter((n) => held.has(n)),
    isHeld: (name) => held.has(name),
    state(name) {
      if (!running) return started ? 'stopped' : 'starting';
      if (!started) return 'starting';
      if (!held.has(name)) return session && !session.lost ? 'standby' : 'restarting';
      return log.failing(name) ? 'restarting' : 'running';
    },
    lastError: () => lastError,
    checkpoints,
  };
}
