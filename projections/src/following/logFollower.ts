import { LOG_START, comparePositions, createBackoff, type EventStore, type LogPosition, type Subscription } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { applyBatch } from '../apply';
import { readCheckpoints } from '../checkpoints/checkpoints';
import type { ReadModelDb } from '../db';
import type { Projection } from '../projection';

/**
 * One subscription to the log for the projections held here (the log is read once for all of
 * them): each batch's rows and checkpoints commit in one transaction, a checkpoint only moves from
 * where this follower left it, and a failed batch is retried from the stored checkpoints, backing
 * off while it keeps failing.
 */
export interface LogFollower {
  /** (Re)start from the stored checkpoints of `held` (none: just stop). */
  restart(held: ReadonlySet<string>): Promise<void>;
  /** Stop following; waits for the batch still committing. */
  stop(): Promise<void>;
  /** A batch failed and its backoff has passed: restart now. */
  due(): boolean;
}

export function createLogFollower(deps: {
  db: Kysely<ReadModelDb>;
  store: EventStore;
  projections: readonly Projection[];
  batchSize: number;
  validateEvents: boolean;
  /** Shared with the waiters: moved here as each batch commits. */
  checkpoints: Map<string, LogPosition>;
  onApplied(): void;
  onError(error: unknown): void;
}): LogFollower {
  const { db, store, batchSize, checkpoints, onError } = deps;
  let subscription: Subscription | undefined;
  /** The batch transaction under way, if any. */
  let inFlight: Promise<void> | undefined;
  let needsRestart = false;
  let retryAt = 0;
  const backoff = createBackoff();

  async function stop() {
    const current = subscription;
    subscription = undefined;
    if (current) await current.stop().catch(() => {});
    // The last batch handed over may still be committing.
    const last = inFlight;
    inFlight = undefined;
    if (last) await last.catch(() => {});
  }

  async function restart(held: ReadonlySet<string>) {
    needsRestart = false;
    await stop();
    if (held.size === 0) return;
    const mine = deps.projections.filter((p) => held.has(p.name));
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
      retryAt = Date.now() + backoff.next();
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
        const applying = applyBatch(db, mine, checkpoints, events, { validate: deps.validateEvents }).then(
          () => {
            backoff.reset();
            deps.onApplied();
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

  return { restart, stop, due: () => needsRestart && Date.now() >= retryAt };
}
