import type { LogPosition, RecordedEvent } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { applyBatch, type ApplyOptions } from './apply';
import type { ReadModelDb } from './db';
import { MembersFailedError } from './following/logFollower';
import type { ProjectedEvent, Projection } from './projection';

/**
 * Batches of the log, each read model applying them in order at its own pace (a rebuild's, see
 * rebuild.ts, and a catch-up's, see runner.ts): a fast read model goes on with the next batches
 * while a slow one still writes an earlier one, instead of every read model waiting at each batch
 * for the slowest. So this process makes the rows of later batches while the database writes the
 * slow read models' earlier ones (issue 14: with a barrier per batch, ~19 s of a 74 s rebuild's two
 * cores sat idle).
 *
 * - `push` hands a batch to every read model; it waits while the slowest read model is `ahead`
 *   batches behind (the batches held in memory are bounded). It resolves with the batch's storing,
 *   `stored`, which settles once every read model has applied the batch (or failed).
 * - At most `concurrency` transactions are open at once, whichever read models they are for; a
 *   freed one goes to the read model furthest behind (the earliest batch), which holds the others'
 *   room, then the one whose last batch took longest.
 * - Each read model gets every batch once, in order (applyBatch, with its own checkpoint).
 * - A failure, by `failures`:
 *   - 'end' (a rebuild's): once one read model fails, none starts another batch, and `push` and
 *     `finish` reject with the first failure after every open transaction has settled;
 *   - 'isolate' (a catch-up's): the read model that failed starts no other batch, the others go on
 *     with every batch pushed (so none of them misses one), and the `stored` of the batch it failed
 *     rejects with a MembersFailedError naming it, once the others have applied that batch. Once
 *     every read model has failed, the batches left reject so too.
 *   Either way a batch's `stored` never settles while a transaction of the batch is still open.
 */
export interface OwnPaceApplier {
  push(events: readonly RecordedEvent[]): Promise<{ stored: Promise<void> }>;
  /** Resolves once every read model has applied every batch pushed (the isolated failures aside). */
  finish(): Promise<void>;
  /** Stop (a failure elsewhere): no batch starts any more; resolves once no transaction is open. */
  stop(): Promise<void>;
}

export interface OwnPaceOptions extends Pick<ApplyOptions, 'validate' | 'schema' | 'exactlyOnce' | 'onApplied'> {
  db: Kysely<ReadModelDb>;
  projections: readonly Projection[];
  /** Where each read model stands; its entry moves as its batches commit. */
  checkpoints: Map<string, LogPosition>;
  /** Most read-model transactions open at once. */
  concurrency: number;
  /** Most batches the fastest read model may be ahead of the slowest (at least 1: the barrier). */
  ahead: number;
  /** What a read model's failure does (default 'end'; see OwnPaceApplier). */
  failures?: 'end' | 'isolate';
}

interface Batch {
  events: readonly RecordedEvent[];
  /** Parsed once for all read models (applyBatch's `parsed`). */
  parsed: Map<RecordedEvent, ProjectedEvent>;
  /** The read models that failed to apply it ('isolate'). */
  failed: Map<string, unknown>;
  /** Settles once every read model has applied the batch or failed (see OwnPaceApplier). */
  stored: Promise<void>;
  settle(error?: unknown): void;
}

export function applyAtOwnPace(options: OwnPaceOptions): OwnPaceApplier {
  const { db, projections, checkpoints } = options;
  const ahead = Math.max(1, options.ahead);
  const isolate = options.failures === 'isolate';
  /** Pushed batches not yet applied by every read model; batches[0] is number `first`. */
  const batches: Batch[] = [];
  let first = 0;
  let pushed = 0;
  let ended = false;
  /** What ends every read model's loop: the first failure ('end'), or a stop. */
  let failure: { error: unknown } | undefined;
  /** The read models that failed ('isolate'), each with its error: they apply nothing more. */
  const isolated = new Map<string, unknown>();
  /** The batch each read model applies next. */
  const next = new Map<string, number>(projections.map((p) => [p.name, 0]));
  const durations = new Map<string, number>();
  let changed = signal();

  const slots = transactionSlots(options.concurrency);
  const loops = projections.map((projection) => follow(projection));
  // A loop never rejects (it records the failure), so nothing is left unhandled. Once every loop
  // has ended, whatever was pushed and not applied is told so.
  void Promise.all(loops).then(settleLeft);

  async function follow(projection: Projection): Promise<void> {
    for (;;) {
      const index = next.get(projection.name)!;
      while (!failure && index >= pushed && !ended) await changed.wait;
      if (failure || index >= pushed) return;
      const batch = batches[index - first];
      const priority = { batch: index, duration: durations.get(projection.name) ?? 0 };
      await slots.acquire(priority);
      try {
        if (failure) return;
        const started = performance.now();
        await applyBatch(db, [projection], checkpoints, batch.events, {
          validate: options.validate,
          schema: options.schema,
          exactlyOnce: options.exactlyOnce,
          parsed: batch.parsed,
          concurrency: 1,
          onApplied: options.onApplied,
        });
        durations.set(projection.name, performance.now() - started);
      } catch (error) {
        if (isolate) {
          // applyBatch names the read model that failed; its own error is what it stands for.
          const own = error instanceof MembersFailedError ? (error.failures.get(projection.name) ?? error) : error;
          batch.failed.set(projection.name, own);
          isolated.set(projection.name, own);
          letGo();
        } else {
          failure ??= { error };
        }
        changed = changed.fire();
        return;
      } finally {
        slots.release();
      }
      next.set(projection.name, index + 1);
      letGo();
      changed = changed.fire();
    }
  }

  /**
   * Batches every read model still going has applied are let go, their storing settled: stored, or
   * a MembersFailedError naming those that failed on the batch (or, every read model having
   * failed, all of them).
   */
  function letGo() {
    let slowest = pushed;
    for (const [name, index] of next) if (!isolated.has(name) && index < slowest) slowest = index;
    const going = isolated.size < projections.length;
    while (first < slowest) {
      const batch = batches.shift()!;
      first++;
      if (batch.failed.size > 0) batch.settle(new MembersFailedError(batch.failed));
      else batch.settle(going ? undefined : new MembersFailedError(isolated));
    }
  }

  function settleLeft() {
    const left = batches.splice(0);
    first += left.length;
    for (const batch of left) batch.settle(failure?.error ?? new Error('The batch was not applied: every read model stopped'));
  }

  async function settled(): Promise<void> {
    ended = true;
    changed = changed.fire();
    await Promise.all(loops);
    settleLeft();
  }

  return {
    async push(events) {
      // With no read model, no batch would ever be let go.
      if (events.length === 0 || projections.length === 0) return { stored: Promise.resolve() };
      while (!failure && pushed - first >= ahead) await changed.wait;
      if (failure) {
        await settled();
        throw failure.error;
      }
      const batch = newBatch(events);
      batches.push(batch);
      pushed++;
      // Every read model having failed ('isolate'), it is let go at once.
      letGo();
      changed = changed.fire();
      return { stored: batch.stored };
    },
    async finish() {
      await settled();
      if (failure) throw failure.error;
    },
    async stop() {
      failure ??= { error: new Error('stopped') };
      await settled();
    },
  };
}

function newBatch(events: readonly RecordedEvent[]): Batch {
  let settle!: Batch['settle'];
  const stored = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  // Whoever pushed may leave it unread (a rebuild reads push and finish): not an unhandled rejection.
  stored.catch(() => {});
  return { events, parsed: new Map(), failed: new Map(), stored, settle };
}

/** A promise to wait on until something changes; fire() resolves it and gives the next one. */
function signal(): { wait: Promise<void>; fire(): ReturnType<typeof signal> } {
  let resolve!: () => void;
  const wait = new Promise<void>((r) => (resolve = r));
  return {
    wait,
    fire() {
      resolve();
      return signal();
    },
  };
}

/**
 * `count` transactions to hand out; a waiter for a freed one is chosen by the earliest batch, then
 * the longest last duration (the critical path first).
 */
function transactionSlots(count: number) {
  let free = Math.max(1, count);
  const waiting: { batch: number; duration: number; take: () => void }[] = [];
  return {
    acquire(priority: { batch: number; duration: number }): Promise<void> {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise<void>((take) => waiting.push({ ...priority, take }));
    },
    release(): void {
      if (waiting.length === 0) {
        free++;
        return;
      }
      let best = 0;
      for (let i = 1; i < waiting.length; i++) {
        const w = waiting[i];
        const b = waiting[best];
        if (w.batch < b.batch || (w.batch === b.batch && w.duration > b.duration)) best = i;
      }
      const [chosen] = waiting.splice(best, 1);
      chosen.take();
    },
  };
}
