/**
 * Counting attempts per key (client IP and email) in a fixed window, in the API process's memory.
 *
 * An attempt is counted when it starts, before the slow work (scrypt) it guards: a check that only
 * read the count and added to it afterwards would let any number of parallel guesses through
 * while the first ones were still being checked. An attempt that succeeds is given back, so a
 * user who signs in often is never locked out.
 *
 * With several API replicas the counts would move to a shared store (Redis INCR/DECR with a TTL);
 * the interface stays the same.
 */
export interface AttemptLimiter {
  /** Count one attempt for `key`; refused (and not counted) once `max` are counted in the window. */
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  /** Give back an attempt taken for `key` (it succeeded). */
  giveBack(key: string): void;
}

interface Window {
  count: number;
  endsAt: number;
}

/** Above this many keys, expired windows are swept on the next attempt. */
const SWEEP_ABOVE = 10_000;

export function createAttemptLimiter(options: { max: number; timeWindowMs: number; now?: () => number }): AttemptLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  }

  return {
    take(key) {
      const at = now();
      if (windows.size > SWEEP_ABOVE) sweep(at);
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + options.timeWindowMs };
        windows.set(key, window);
      }
      if (window.count >= options.max) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)) };
      }
      window.count++;
      return { allowed: true };
    },

    giveBack(key) {
      const window = windows.get(key);
      if (window && window.endsAt > now() && window.count > 0) window.count--;
    },
  };
}
