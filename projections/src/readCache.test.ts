import { describe, expect, it } from 'vitest';
import { coalesced } from './readCache';

/** A read whose every call is answered by hand, in order: read n answers `n` when released. */
function manualReads() {
  const pending: { n: number; release: () => void; fail: () => void }[] = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const n = ++started;
      pending.push({ n, release: () => resolve(n), fail: () => reject(new Error(`read ${n} failed`)) });
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { read, pending, started: () => started, settle };
}

describe('coalesced reads', () => {
  it('with no read under way, a call starts its own', async () => {
    const reads = manualReads();
    const version = coalesced(reads.read);
    const first = version();
    reads.pending[0].release();
    expect(await first).toBe(1);
    const second = version();
    reads.pending[1].release();
    expect(await second).toBe(2);
    expect(reads.started()).toBe(2);
  });

  it('calls made while a read is under way share the next one, started once it ends, never the one under way', async () => {
    const reads = manualReads();
    const version = coalesced(reads.read);
    const early = version();
    const late = [version(), version(), version()];
    await reads.settle();
    expect(reads.started()).toBe(1);
    reads.pending[0].release();
    expect(await early).toBe(1);
    await reads.settle();
    expect(reads.started()).toBe(2);
    // A call now (read 2 under way) waits for read 3.
    const later = version();
    reads.pending[1].release();
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
    await reads.settle();
    reads.pending[2].release();
    expect(await later).toBe(3);
    expect(reads.started()).toBe(3);
  });

  it('a failed read fails its callers only; the next call reads again', async () => {
    const reads = manualReads();
    const version = coalesced(reads.read);
    const early = version();
    const late = version();
    reads.pending[0].fail();
    await expect(early).rejects.toThrow('read 1 failed');
    await reads.settle();
    reads.pending[1].fail();
    await expect(late).rejects.toThrow('read 2 failed');
    const again = version();
    reads.pending[2].release();
    expect(await again).toBe(3);
  });
});
