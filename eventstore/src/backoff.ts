/**
 * The one restart policy of everything that follows the log (the projection runner's
 * subscription, the workers' reactors): after a failure, wait, doubling the wait after each
 * further failure up to a ceiling, then start again from the stored checkpoint (the truth); a
 * handled batch resets it. Not for command conflicts: those retry at once with a short jitter
 * (commands/handler.ts), as the other writer has already committed.
 */
export interface Backoff {
  /** The wait before the next attempt; the one after it is twice as long, up to the ceiling. */
  next(): number;
  /** Back to the first wait (after a success). */
  reset(): void;
}

export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
}

export const FOLLOWER_BACKOFF: BackoffPolicy = { firstMs: 200, maxMs: 30_000 };

export function createBackoff(policy: Partial<BackoffPolicy> = {}): Backoff {
  const firstMs = policy.firstMs ?? FOLLOWER_BACKOFF.firstMs;
  const maxMs = policy.maxMs ?? FOLLOWER_BACKOFF.maxMs;
  let wait = firstMs;
  return {
    next() {
      const now = Math.min(wait, maxMs);
      wait = Math.min(wait * 2, maxMs);
      return now;
    },
    reset() {
      wait = firstMs;
    },
  };
}
