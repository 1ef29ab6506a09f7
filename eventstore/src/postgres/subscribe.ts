import type { LogPosition, SubscribeOptions, Subscription } from '../port';
import type { Notifications } from './notifications';
import type { LogPage } from './read';
import { isTransient } from './errors';

export interface FollowSource {
  readLogPage(options: { from: LogPosition; maxCount: number; streamPrefixes?: string[] }): Promise<LogPage>;
  notifications: Notifications;
}

export interface FollowTiming {
  /** Fallback poll when no notification comes (lost NOTIFY, listener reconnecting). */
  pollIntervalMs: number;
  /**
   * Re-read delays while committed events are held back behind an older open transaction: the
   * first, doubling up to the last. That transaction may write no events (a projection's, or one in
   * another database of the server), so no notification would tell us it ended.
   */
  heldBackRetryMs: number;
  heldBackMaxRetryMs: number;
}

export const DEFAULT_FOLLOW_TIMING: FollowTiming = { pollIntervalMs: 1_000, heldBackRetryMs: 5, heldBackMaxRetryMs: 200 };

const DEFAULT_BATCH_SIZE = 500;

/**
 * Catch up in batches, then follow. One loop, so handler calls are strictly sequential and each
 * batch starts where the previous one ended. After a full batch the next is read at once, while
 * the handler works on the full one (catching up, the read overlaps the writes); after
 * an empty read it sleeps until woken (append here, NOTIFY from elsewhere) or the poll interval
 * passes, except that it re-reads soon (5 ms, doubling up to 200 ms) while committed events are
 * held back behind an older open transaction, which may never announce its end. With
 * options.readIntervalMs, a read after a page that was not full waits until that long after the
 * previous read began.
 * `onEnd` runs once the subscription has ended, however it ended.
 */
export function follow(source: FollowSource, options: SubscribeOptions, timing: FollowTiming, onEnd?: () => void): Subscription {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let position = options.from;
  let stopped = false;
  // Bumped by every wake-up; a read that started before a wake-up must not lead to a sleep.
  let generation = 0;
  let wakeSleeper: (() => void) | undefined;
  let endPause: (() => void) | undefined;
  const readIntervalMs = options.readIntervalMs ?? 0;

  const wake = (): void => {
    generation += 1;
    wakeSleeper?.();
  };
  // Paced: NOTIFYs from other processes come at most once per readIntervalMs (notifications.ts).
  const unlisten = source.notifications.listen(wake, readIntervalMs);

  function sleep(ms: number, seenGeneration: number): Promise<void> {
    if (stopped || generation !== seenGeneration) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        wakeSleeper = undefined;
        resolve();
      }
      wakeSleeper = done;
    });
  }

  /** Wait `ms` whatever wakes come meanwhile (they are read by the read that follows); stop ends it. */
  function pause(ms: number): Promise<void> {
    if (stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        endPause = undefined;
        resolve();
      }
      endPause = done;
    });
  }

  /** A read of the page at `from`, with the wake-up generation and the time it began at. */
  function startRead(from: LogPosition) {
    const page = source.readLogPage({ from, maxCount: batchSize, streamPrefixes: options.streamPrefixes });
    // Awaited where it is used; a read ahead of a handler that throws, or of a stop, is dropped.
    page.catch(() => undefined);
    return { page, seen: generation, at: performance.now() };
  }

  async function run(): Promise<void> {
    let heldBackDelay = timing.heldBackRetryMs;
    let failureDelay = 100;
    let lastReadAt = -Infinity;
    let lastPageFull = true;
    /** The next page, read while a full one is handled. */
    let ahead: ReturnType<typeof startRead> | undefined;
    try {
      while (!stopped) {
        if (!lastPageFull) await pause(lastReadAt + readIntervalMs - performance.now());
        if (stopped) return;
        const read = ahead ?? startRead(position);
        ahead = undefined;
        const seen = read.seen;
        lastReadAt = read.at;
        let page: LogPage;
        try {
          page = await read.page;
          failureDelay = 100;
        } catch (error) {
          if (!isTransient(error)) throw error;
          await sleep(failureDelay, seen);
          failureDelay = Math.min(failureDelay * 2, timing.pollIntervalMs * 5);
          continue;
        }
        if (stopped) return;
        const batch = page.events;
        lastPageFull = batch.length === batchSize;
        // Catching up: the next page is read while this one is handled, so the database reads the
        // log while the handler makes its rows (the loop would read it next at once anyway).
        if (lastPageFull) ahead = startRead(page.scannedTo);
        if (batch.length > 0) {
          await options.onEvents(batch);
          heldBackDelay = timing.heldBackRetryMs;
        }
        position = page.scannedTo;
        if (lastPageFull) continue;
        if (page.heldBack) {
          await sleep(heldBackDelay, seen);
          heldBackDelay = Math.min(heldBackDelay * 2, timing.heldBackMaxRetryMs, timing.pollIntervalMs);
        } else {
          heldBackDelay = timing.heldBackRetryMs;
          await sleep(timing.pollIntervalMs, seen);
        }
      }
    } finally {
      // Not left running past the end: the caller may close the pool once the loop is idle.
      await ahead?.page.catch(() => undefined);
    }
  }

  // Nothing else is chained on `done`: a caller that awaits it sees the handler's error, and one that
  // never looks gets Node's usual unhandled-rejection report rather than silence.
  const done = run().finally(() => {
    stopped = true;
    unlisten();
    onEnd?.();
  });

  return {
    done,
    async stop() {
      stopped = true;
      wakeSleeper?.();
      endPause?.();
      // Resolve once the loop is idle, whether it ended cleanly or because a handler threw.
      await done.catch(() => undefined);
    },
  };
}
