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
 * Projections: each one's rows and checkpoint in a transaction of its own. Reactors: jobs queued
 * (job id = event id), then checkpoints. A handler that stored the batch for some members and not
 * for others rejects with MembersFailedError: the others carry on with the next batches.
 */
export type BatchHandler<M extends FollowerMember> = (
  members: readonly M[],
  checkpoints: Map<string, LogPosition>,
  events: readonly RecordedEvent[],
) => Promise<void>;

/**
 * Some members failed to handle a batch that the others stored (their checkpoints moved): only
 * the members named here must try it again, from their own stored checkpoints.
 */
export class MembersFailedError extends Error {
  constructor(public readonly failures: ReadonlyMap<string, unknown>) {
    const first = failures.values().next().value;
    super(`Batch failed for ${[...failures.keys()].join(', ')}: ${first instanceof Error ? first.message : String(first)}`, { cause: first });
    this.name = 'MembersFailedError';
  }
}

/** The errors a failed batch stands for: one per member that failed, or the one error. */
function errorsOf(error: unknown): unknown[] {
  return error instanceof MembersFailedError ? [...error.failures.values()] : [error];
}

/**
 * One subscription to the log for the members held here (the log is read once for all of them):
 * a checkpoint only moves from where this follower left it, and a failed batch is retried from the
 * stored checkpoints, backing off while it keeps failing. When only some members failed, the
 * others go on with the next batches meanwhile (the failed ones sit the subscription out until
 * the restart), so one failing member neither holds the others back nor makes them apply twice.
 */
export interface LogFollower {
  /** (Re)start from the stored checkpoints of `held` (none: just stop). */
  restart(held: ReadonlySet<string>): Promise<void>;
  /** Stop following; waits for the batch still being handled. */
  stop(): Promise<void>;
  /** A batch failed and its backoff has passed: restart now. */
  due(): boolean;
  /** A batch failed (for this member, if named) and the follower waits to start again. */
  failing(name?: string): boolean;
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
  let needsRestart = false;
  let retryAt = 0;
  /** Members whose batch failed: left out of the batches until the restart. */
  const benched = new Set<string>();
  const backoff = createBackoff(deps.backoff);

  async function stop() {
    const current = subscription;
    subscription = undefined;
    // Resolves once the batch being handled, if any, is done with.
    if (current) await current.stop().catch(() => {});
  }

  async function restart(held: ReadonlySet<string>) {
    needsRestart = false;
    await stop();
    benched.clear();
    if (held.size === 0) return;
    const mine = deps.members.filter((m) => held.has(m.name));
    const stored = await readCheckpoints(db, [...held]);
    let from: LogPosition | undefined;
    for (const m of mine) {
      const at = stored.get(m.name) ?? LOG_START;
      checkpoints.set(m.name, at);
      if (!from || comparePositions(at, from) < 0) from = at;
    }
    const scheduleRetry = () => {
      // Retry from the stored checkpoints (the truth), backing off while it keeps failing.
      const delay = backoff.next();
      retryAt = Date.now() + delay;
      needsRestart = true;
      deps.onFailed(delay);
    };
    const failed = (current: Subscription, error: unknown) => {
      if (subscription !== current) return;
      for (const e of errorsOf(error)) onError(e);
      subscription = undefined;
      void current.stop();
      scheduleRetry();
    };
    /** Some of `handed` failed, the others stored the batch: go on without the failed ones until the restart. */
    const partlyFailed = (current: Subscription, error: MembersFailedError, handed: readonly M[]) => {
      if (handed.every((m) => error.failures.has(m.name))) return false;
      if (subscription !== current) return true;
      for (const e of errorsOf(error)) onError(e);
      for (const name of error.failures.keys()) benched.add(name);
      if (!needsRestart) scheduleRetry();
      return true;
    };
    const current: Subscription = store.subscribe({
      from: from ?? LOG_START,
      batchSize,
      streamPrefixes: deps.streamPrefixes?.(mine),
      readIntervalMs: deps.readIntervalMs,
      // One batch at a time, in order, the next read waiting for this one to be stored: live, it
      // then takes in everything appended meanwhile (read at once instead, it would hold only what
      // came before this batch began, and what is appended while it is stored would wait a whole
      // batch more behind it). Catching up, the subscription reads the next full page while this
      // one is handled (its own read-ahead). A batch that fails for every member ends the
      // subscription, and the restart begins again at the stored checkpoints.
      onEvents: async (events) => {
        if (subscription !== current) throw new Error('Log subscription superseded');
        const handed = benched.size === 0 ? mine : mine.filter((m) => !benched.has(m.name));
        try {
          await deps.handle(handed, checkpoints, events);
        } catch (error) {
          if (error instanceof MembersFailedError && partlyFailed(current, error, handed)) deps.onHandled();
          else failed(current, error);
          return;
        }
        if (benched.size === 0) backoff.reset();
        deps.onHandled();
      },
    });
    subscription = current;
    current.done.catch((error: unknown) => failed(current, error));
  }

  return {
    restart,
    stop,
    due: () => needsRestart && Date.now() >= retryAt,
    failing: (name) => needsRestart && (name === undefined || subscription === undefined || benched.has(name)),
  };
}
