import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempts';

describe('attempt limiter', () => {
  it('allows max attempts per key in the window, refuses the next with the seconds left, and opens again after it', () => {
    let now = 1_000_000;
    const limiter = createAttemptLimiter({ max: 3, timeWindowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.take('a').allowed).toBe(true);
    now += 20_500;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limiter.take('b').allowed).toBe(true);
    now += 39_500;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('a refused attempt is not counted, and an attempt given back frees its place', () => {
    const limiter = createAttemptLimiter({ max: 2, timeWindowMs: 60_000 });
    limiter.take('a');
    limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    limiter.giveBack('a');
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });
});
