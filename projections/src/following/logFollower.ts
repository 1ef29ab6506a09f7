import { LOG_START, comparePositions, createBackoff, type BackoffPolicy, type EventStore, type LogPosition, type RecordedEvent, type Subscription } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { readCheckpoints } from '../checkpoints/checkpoints';
import type { ReadModelDb } from '../db';

/** What every follower of the log is: a name, its checkpoint row's and its lease's key. */
export interface FollowerMember {
  name: string;
}

/**
 * Handle one batch of the log (consecutive, in log order) for these members, then move their
 * checkpoints (fenced, advanceCheckpoints) to its last event and, once that is stored, in
 * `checkpoints` too. Each member is handed only the events past its own checkpoint.
 * Projections: rows and checkpoints in one transaction. Reactors: jobs queued (job id = event
 * id), then checkpoints.
 */
export type BatchHandler<M extends FollowerMember> = (
  members: readonly M[],
  checkpoints: Map<string, LogPosition>,
  events: readonly RecordedEvent[],
) => Promise<void>;

/**
 * One subscription to the log for the members held here (the log is read once for all of them):
 * a checkpoint only moves from where this follower left it, and a failed batch is retried from the
 * stored checkpoints, backing off while it keeps failing.
 */
export interface LogFollower {
  /** (Re)start from the stored checkpoints of `held` (none: just stop). */
  restart(held: ReadonlySet<string>): Promise<void>;
  /** Stop following; waits for the batch still being handled. */
  stop(): Promise<void>;
  /** A batch failed and its backoff has passed: restart now. */
  due(): boolean;
  /** A batch failed and the follower waits to start again. */
  failing(): boolean;
}

export function createLogFollower<M extends FollowerMember>(deps: {
  db: Kysely<ReadModelDb>;
  store: EventStore;
  members: readonly M[];
  handle: BatchHandler<M>;
  batchSize: number;
  /** Read only these streams (undefined: the whole log). */
  streamPrefixes?: (held: readonly M[]) => string[] | undefined;
  backoff?: Partial<BackoffPolicy>;
  /** See SubscribeOptions.readIntervalMs. */
  readIntervalMs: number;
  /** Shared with the waiters: moved by `handle` as each batch is stored. */
  checkpoints: Map<string, LogPosition>;
  onHandled(): void;
  onError(error: unknown): void;
  /** A batch failed: restart in `delayMs` (the backoff). */
  onFailed(delayMs: number): void;
}): LogFollower {
  const { db, store, batchSize, checkpoints, onError } = deps;
  let subscription: Subscription | undefined;
  /** The batch under way, if any. */
  let inFlight: Promise<void> | undefined;
  let needsRestart = false;
  let retryAt = 0;
  const backoff = createBackoff(deps.backoff);

  async function stop() {
    const current = subscription;
    subscription = undefined;
    if (current) await current.stop().catch(() => {});
    // The last batch handed over may still be being handled.
    const last = inFlight;
    inFlight = undefined;
    if (last) await last.catch(() => {});
  }

  async function restart(held: ReadonlySet<string>) {
    needsRestart = false;
    await stop();
    if (held.size === 0) return;
    const mine = deps.members.filter((m) => held.has(m.name));
    const stored = await readCheckpoints(db, [...held]);
    let from: LogPosition | undefined;
    for (const m of mine) {
      const at = stored.get(m.name) ?? LOG_START;
      checkpoints.set(m.name, at);
      if (!from || comparePositions(at, from) < 0) from = at;
    }
    const failed = (current: Subscription, error: unknown) => {
      if (subscription !== current) return;
      onError(error);
      // Retry from the stored checkpoints (the truth), backing off while it keeps failing.
      const delay = backoff.next();
      retryAt = Date.now() + delay;
      needsRestart = true;
      subscription = undefined;
      void current.stop();
      deps.onFailed(delay);
    };
    const current: Subscription = store.subscribe({
      from: from ?? LOG_START,
      batchSize,
      streamPrefixes: deps.streamPrefixes?.(mine),
      readIntervalMs: deps.readIntervalMs,
      // Pipelined one deep: the subscription reads the next batch while this one is handled.
      // Batches are still handled one after the other, in order; a batch that fails ends the
      // subscription, and the restart begins again at the stored checkpoints.
      onEvents: async (events) => {
        if (subscription !== current) throw new Error('Log subscription superseded');
        if (inFlight) await inFlight;
        const handling = deps.handle(mine, checkpoints, events).then(
          () => {
            backoff.reset();
            deps.onHandled();
          },
          (error: unknown) => {
            failed(current, error);
            throw error;
          },
        );
        handling.catch(() => {});
        inFlight = handling;
      },
    });
    subscription = current;
    current.done.catch((error: unknown) => failed(current, error));
  }

  return { restart, stop, due: () => needsRestart && Date.now() >= retryAt, failing: () => needsRestart };
}
