import { describe, expect, it } from 'vitest';
import { keptWithinBytes } from './keptWithinBytes';

describe('keptWithinBytes', () => {
  const text = (bytes: number) => 'x'.repeat(bytes);

  it('keeps values within the budget, the least recently used dropped first', () => {
    const kept = keptWithinBytes<string, string>(100, (value) => value.length);
    kept.set('a', text(40));
    kept.set('b', text(40));
    expect(kept.get('a')).toBe(text(40)); // a is now the most recently used
    kept.set('c', text(40));
    expect([kept.has('a'), kept.has('b'), kept.has('c'), kept.size, kept.bytes]).toEqual([true, false, true, 2, 80]);
  });

  it('does not keep a value too large ever to fit, and drops nothing for it', () => {
    const kept = keptWithinBytes<string, string>(100, (value) => value.length);
    kept.set('a', text(60));
    expect(kept.set('huge', text(101))).toBe(false);
    expect([kept.has('huge'), kept.get('a'), kept.bytes]).toEqual([false, text(60), 60]);
  });

  it('replaces the value kept for a key, counting only the new one', () => {
    const kept = keptWithinBytes<string, string>(100, (value) => value.length);
    kept.set('a', text(60));
    kept.set('a', text(30));
    expect([kept.size, kept.bytes]).toEqual([1, 30]);
  });

  it('counts a value again when it changes size, dropping the oldest to fit', () => {
    const kept = keptWithinBytes<string, { bytes: number }>(100, (value) => value.bytes);
    const a = { bytes: 30 };
    kept.set('a', a);
    kept.set('b', { bytes: 30 });
    const c = { bytes: 30 };
    kept.set('c', c);
    c.bytes = 60; // grew: a (the oldest) must go
    kept.resized('c');
    expect([kept.has('a'), kept.has('b'), kept.has('c'), kept.bytes]).toEqual([false, true, true, 90]);
    c.bytes = 5; // shrank
    kept.resized('c');
    expect(kept.bytes).toBe(35);
  });
});
