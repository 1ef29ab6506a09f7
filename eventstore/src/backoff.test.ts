import { describe, expect, it } from 'vitest';
import { createBackoff, FOLLOWER_BACKOFF } from './backoff';

describe('the followers\' backoff', () => {
  it('doubles each wait up to the ceiling, and starts over after a success', () => {
    const backoff = createBackoff({ firstMs: 100, maxMs: 500 });
    expect([backoff.next(), backoff.next(), backoff.next(), backoff.next(), backoff.next()]).toEqual([100, 200, 400, 500, 500]);
    backoff.reset();
    expect(backoff.next()).toBe(100);
  });

  it('is one policy by default: 200 ms first, 30 s at most', () => {
    const backoff = createBackoff();
    expect(backoff.next()).toBe(FOLLOWER_BACKOFF.firstMs);
    for (let i = 0; i < 20; i++) backoff.next();
    expect(backoff.next()).toBe(30_000);
  });
});
