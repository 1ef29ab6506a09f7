/**
 * Answers kept per resource under the version they were read at (a read model's checkpoint, the
 * day): served again only for the very same version, never for an older or newer one. The least
 * recently asked go first beyond `limit`. What a version is, and that it is read before the
 * answer, is the caller's to get right (see ReadModelClock).
 */
export function keptByVersion<T>(limit: number) {
  const kept = new Map<string, { version: string; value: T }>();
  return {
    get(id: string, version: string): T | undefined {
      const entry = kept.get(id);
      if (entry?.version !== version) return undefined;
      kept.delete(id);
      kept.set(id, entry); // most recently asked last
      return entry.value;
    },
    /** The value last kept for this id, whatever its version (for a caller that can check it is still right). */
    latest(id: string): T | undefined {
      return kept.get(id)?.value;
    },
    set(id: string, version: string, value: T): void {
      kept.delete(id);
      kept.set(id, { version, value });
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    },
    get size() {
      return kept.size;
    },
  };
}
