import { describe, expect, it } from 'vitest';
import { ALL, effectiveFilter } from './filters';

describe('a vessel filter', () => {
  const fleets = ['Atlantic Fleet', 'Pacific Fleet'];

  it('keeps a choice that is still offered, and all', () => {
    expect(effectiveFilter('Pacific Fleet', fleets)).toBe('Pacific Fleet');
    expect(effectiveFilter(ALL, fleets)).toBe(ALL);
    expect(effectiveFilter(ALL, [])).toBe(ALL);
  });

  it('selects all once its choice is no longer offered (its last vessel moved to another fleet)', () => {
    expect(effectiveFilter('Baltic Fleet', fleets)).toBe(ALL);
    expect(effectiveFilter('Pacific Fleet', [])).toBe(ALL);
  });
});
