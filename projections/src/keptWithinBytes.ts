/**
 * Values kept by key within a memory budget: the least recently used go first once the values kept
 * hold more than `maxBytes`, as `bytesOf` counts them. Bounded by bytes, not by count, because the
 * answers kept this way range from a few hundred bytes to megabytes (a fleet's whole list at
 * 10,000 vessels): a count that is safe for the large ones wastes the room the small ones need.
 * A value too large ever to fit is not kept: keeping it would first drop every other.
 */
export function keptWithinBytes<K, V>(maxBytes: number, bytesOf: (value: V) => number) {
  // Map order is insertion order: the least recently used first.
  const entries = new Map<K, { value: V; bytes: number }>();
  let total = 0;
  const drop = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  };
  const fit = () => {
    for (const key of entries.keys()) {
      if (total <= maxBytes) return;
      drop(key);
    }
  };
  return {
    /** The value kept for `key`, now the most recently used. */
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    has(key: K): boolean {
      return entries.has(key);
    },
    /** Keeps `value` as the most recently used; false when it is too large ever to be kept. */
    set(key: K, value: V): boolean {
      drop(key);
      const bytes = bytesOf(value);
      if (bytes > maxBytes) return false;
      entries.set(key, { value, bytes });
      total += bytes;
      fit();
      return true;
    },
    /** Counts the value kept for `key` again, after it changed what it holds (compressed, say). */
    resized(key: K): void {
      const entry = entries.get(key);
      if (!entry) return;
      const bytes = bytesOf(entry.value);
      total += bytes - entry.bytes;
      entry.bytes = bytes;
      if (bytes > maxBytes) drop(key);
      fit();
    },
    get size(): number {
      return entries.size;
    },
    /** What the values kept hold now, as counted against maxBytes. */
    get bytes(): number {
      return total;
    },
  };
}

/** The memory a string may take: V8 keeps it at two bytes a character once any is outside Latin-1 ('μ'). */
export function textBytes(text: string): number {
  return text.length * 2;
}
