import type { LogPosition, RecordedEvent } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { applyBatch, type ApplyOptions } from './apply';
import type { ReadModelDb } from './db';
import type { ProjectedEvent, Projection } from './projection';

/**
 * Batches of the log, each read model applying them in order at its own pace (a rebuild's, see
 * rebuild.ts): a fast read model goes on with the next batches while a slow one still writes an
 * earlier one, instead of every read model waiting at each batch for the slowest. So this process
 * makes the rows of later batches while the database writes the slow read models' earlier ones
 * (issue 14: with a barrier per batch, ~19 s of a 74 s rebuild's two cores sat idle).
 *
 * - `push` hands a batch to every read model; it waits while the slowest read model is `ahead`
 *   batches behind (the batches held in memory are bounded).
 * - At most `concurrency` transactions are open at once, whichever read models they are for; a
 *   freed one goes to the read model furthest behind (the earliest batch), which holds the others'
 *   room, then the one whose last batch took longest.
 * - Each read model gets every batch once, in order (applyBatch, with its own checkpoint). Once one
 *   fails, no read model starts another batch: `push` and `finish` reject with the first failure
 *   after every open transaction has settled.
 */
export interface OwnPaceApplier {
  push(events: readonly RecordedEvent[]): Promise<void>;
  /** Resolves once every read model has applied every batch pushed. */
  finish(): Promise<void>;
  /** Stop (a failure elsewhere): no batch starts any more; resolves once no transaction is open. */
  stop(): Promise<void>;
}

export interface OwnPaceOptions extends Pick<ApplyOptions, 'validate' | 'schema' | 'exactlyOnce'> {
  db: Kysely<ReadModelDb>;
  projections: readonly Projection[];
  /** Where each read model stands; its entry moves as its batches commit. */
  checkpoints: Map<string, LogPosition>;
  /** Most read-model transactions open at once. */
  concurrency: number;
  /** Most batches the fastest read model may be ahead of the slowest (at least 1: the barrier). */
  ahead: number;
}

interface Batch {
  events: readonly RecordedEvent[];
  /** Parsed once for all read models (applyBatch's `parsed`). */
  parsed: Map<RecordedEvent, ProjectedEvent>;
}

export function applyAtOwnPace(options: OwnPaceOptions): OwnPaceApplier {
  const { db, projections, checkpoints } = options;
  const ahead = Math.max(1, options.ahead);
  /** Pushed batches not yet applied by every read model; batches[0] is number `first`. */
  const batches: Batch[] = [];
  let first = 0;
  let pushed = 0;
  let ended = false;
  let failure: { error: unknown } | undefined;
  /** The batch each read model applies next. */
  const next = new Map<string, number>(projections.map((p) => [p.name, 0]));
  const durations = new Map<string, number>();
  let changed = signal();

  const slots = transactionSlots(options.concurrency);
  const loops = projections.map((projection) => follow(projection));
  // A loop never rejects (it records the failure), so nothing is left unhandled.

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
        });
        durations.set(projection.name, performance.now() - started);
      } catch (error) {
        failure ??= { error };
        changed = changed.fire();
        return;
      } finally {
        slots.release();
      }
      next.set(projection.name, index + 1);
      // Batches every read model has applied are let go.
      const slowest = Math.min(...next.values());
      while (first < slowest) {
        batches.shift();
        first++;
      }
      changed = changed.fire();
    }
  }

  async function settled(): Promise<void> {
    ended = true;
    changed = changed.fire();
    await Promise.all(loops);
  }

  return {
    async push(events) {
      // With no read model, no batch would ever be let go.
      if (events.length === 0 || projections.length === 0) return;
      while (!failure && pushed - first >= ahead) await changed.wait;
      if (failure) {
        await settled();
        throw failure.error;
      }
      batches.push({ events, parsed: new Map() });
      pushed++;
      changed = changed.fire();
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
