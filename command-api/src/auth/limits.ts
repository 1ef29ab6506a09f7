import type { Redis } from 'ioredis';

/**
 * Guessing limits: the one limiter of the API (login, sign-up, and any other guessable secret:
 * password reset, captain codes). Each attempt is counted against several limits at once, e.g.
 * per address-and-account, per account across addresses and per address across accounts.
 *
 * An attempt is counted when it starts, before the slow work it guards (scrypt): a check that read
 * the count and added to it afterwards would let any number of parallel guesses through. An
 * attempt that succeeds can be given back, so a user signing in often is never locked out.
 *
 * The counts live in Redis, so restarts and several processes share them. If Redis does not
 * answer, the limiter counts in this process's memory meanwhile (never failing the request:
 * logging in must keep working through a Redis outage, as every command does).
 */
export interface Limit {
  /** What is counted, e.g. `login:account:alice@example.com`. */
  key: string;
  /** Attempts allowed within the window; the next is refused until the window ends. */
  max: number;
  windowMs: number;
}

export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface Limits {
  /** Count one attempt against every limit; refused, and counted nowhere, when any is used up. */
  take(limits: readonly Limit[]): Promise<LimitAnswer>;
  /** Give back an attempt taken (it succeeded). */
  giveBack(limits: readonly Limit[]): Promise<void>;
}

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts in this process's memory: for tests, and the fallback while Redis is away. */
export function createMemoryLimits(now: () => number = Date.now): Limits {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string, at: number) => {
    const window = windows.get(key);
    if (window && window.endsAt > at) return window;
    windows.delete(key);
    return undefined;
  };
  return {
    async take(limits) {
      const at = now();
      if (windows.size > 10_000) for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
      let waitMs = 0;
      for (const limit of limits) {
        const window = live(limit.key, at);
        if (window && window.count >= limit.max) waitMs = Math.max(waitMs, window.endsAt - at);
      }
      if (waitMs > 0) return { allowed: false, retryAfterSeconds: retryAfter(waitMs) };
      for (const limit of limits) {
        const window = live(limit.key, at) ?? { count: 0, endsAt: at + limit.windowMs };
        window.count++;
        windows.set(limit.key, window);
      }
      return { allowed: true };
    },
    async giveBack(limits) {
      const at = now();
      for (const limit of limits) {
        const window = live(limit.key, at);
        if (window && window.count > 0) window.count--;
      }
    },
  };
}

/**
 * Check every limit, then count the attempt in all of them, in one atomic step (two processes
 * taking at once cannot both get the last place). KEYS: the counters; ARGV: max and window (ms)
 * of each in turn. Returns 0 when counted, else the milliseconds until the longest full window ends.
 */
const TAKE = `
local wait = 0
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
      ttl = tonumber(ARGV[2 * i])
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
end
return 0
`;

const GIVE_BACK = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;

/**
 * Counts in Redis under `prefix`. `redis` should fail fast when disconnected (no offline queue, a
 * command timeout: see limitsRedisOptions), so that an outage falls back at once.
 */
export function createRedisLimits(options: { redis: Redis; prefix: string; onError?: (error: unknown) => void; now?: () => number }): Limits {
  const { redis, prefix } = options;
  const fallback = createMemoryLimits(options.now);
  const keys = (limits: readonly Limit[]) => limits.map((limit) => `${prefix}${limit.key}`);
  let reported = false;
  const failed = (error: unknown) => {
    // One line per outage, not one per attempt.
    if (!reported) options.onError?.(error);
    reported = true;
  };
  return {
    async take(limits) {
      if (limits.length === 0) return { allowed: true };
      try {
        const args = limits.flatMap((limit) => [String(limit.max), String(limit.windowMs)]);
        const waitMs = Number(await redis.eval(TAKE, limits.length, ...keys(limits), ...args));
        reported = false;
        return waitMs > 0 ? { allowed: false, retryAfterSeconds: retryAfter(waitMs) } : { allowed: true };
      } catch (error) {
        failed(error);
        return fallback.take(limits);
      }
    },
    async giveBack(limits) {
      if (limits.length === 0) return;
      try {
        await redis.eval(GIVE_BACK, limits.length, ...keys(limits));
      } catch (error) {
        failed(error);
      }
      await fallback.giveBack(limits);
    },
  };
}

/** ioredis options for the limits' connection: commands fail at once while Redis is away. */
export const limitsRedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 1000,
  connectTimeout: 2000,
  lazyConnect: true,
} as const;
