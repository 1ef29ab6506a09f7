import type { LogPosition } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { allReached, readCheckpoints } from '../checkpoints/checkpoints';
import type { ReadModelDb } from '../db';

/**
 * Read-your-writes: callers waiting until read models have applied the log up to a position.
 * Woken when a batch applied here commits (notify); projections another process runs advance
 * only in their checkpoint rows, which are polled while someone waits for them.
 */
export interface CheckpointWaiters {
  /** Answer every waiter whose read models have all reached its position. */
  notify(): void;
  waitFor(position: LogPosition, timeoutMs: number, names: readonly string[]): Promise<boolean>;
  /** The read models someone waits for now. */
  awaited(): Set<string>;
  /** Answer every waiter false and stop polling (the runner stops). */
  cancelAll(): void;
}

interface Waiter {
  position: LogPosition;
  /** The read models waited for. */
  names: readonly string[];
  resolve(reached: boolean): void;
  timer: NodeJS.Timeout;
}

const POLL_MS = 25;

export function createCheckpointWaiters(deps: {
  db: Kysely<ReadModelDb>;
  /** Every projection the runner knows: exact for those held here, polled for the others. */
  names: readonly string[];
  checkpoints: Map<string, LogPosition>;
  isHeld(name: string): boolean;
  onError(error: unknown): void;
}): CheckpointWaiters {
  const { db, names, checkpoints, isHeld, onError } = deps;
  const waiters = new Set<Waiter>();
  let pollTimer: NodeJS.Timeout | undefined;

  function notify() {
    for (const waiter of waiters) {
      if (allReached(checkpoints, waiter.names, waiter.position)) {
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(true);
      }
    }
  }

  function ensurePolling() {
    if (pollTimer || waiters.size === 0) return;
    pollTimer = setTimeout(async () => {
      pollTimer = undefined;
      const others = names.filter((n) => !isHeld(n));
      if (others.length > 0) {
        try {
          for (const [name, at] of await readCheckpoints(db, others)) if (!isHeld(name)) checkpoints.set(name, at);
          notify();
        } catch (error) {
          onError(error);
        }
      }
      ensurePolling();
    }, POLL_MS);
    pollTimer.unref?.();
  }

  return {
    notify,
    waitFor(position, timeoutMs, awaited) {
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
        if (awaited.some((name) => !isHeld(name))) ensurePolling();
      });
    },
    awaited() {
      const awaited = new Set<string>();
      for (const waiter of waiters) for (const name of waiter.names) awaited.add(name);
      return awaited;
    },
    cancelAll() {
      clearTimeout(pollTimer);
      pollTimer = undefined;
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.resolve(false);
      }
      waiters.clear();
    },
  };
}
