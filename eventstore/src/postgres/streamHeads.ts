/**
 * The last (revision, hash) this store saw committed per stream, bounded, least recently used
 * first out. Events never change, so an entry can be stale (the stream has grown since) but never
 * wrong: an append that expects exactly that revision can chain to that hash without reading it
 * again, and the unique (stream_id, revision) index still rejects it if the stream has grown.
 */
export interface StreamHeads {
  hashAt(streamId: string, revision: bigint): string | undefined;
  remember(streamId: string, revision: bigint, hash: string): void;
}

export function createStreamHeads(capacity = 10_000): StreamHeads {
  const heads = new Map<string, { revision: bigint; hash: string }>();
  return {
    hashAt(streamId, revision) {
      const head = heads.get(streamId);
      return head?.revision === revision ? head.hash : undefined;
    },
    remember(streamId, revision, hash) {
      const known = heads.get(streamId);
      if (known && known.revision > revision) return;
      // Map keeps insertion order: delete and re-insert to mark the entry as recently used.
      heads.delete(streamId);
      heads.set(streamId, { revision, hash });
      if (heads.size > capacity) heads.delete(heads.keys().next().value as string);
    },
  };
}
