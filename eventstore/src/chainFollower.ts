import { chainHash } from './hash';
import type { RecordedEvent } from './port';

/** The first place a stream's history does not hold. */
export interface ChainBreak {
  streamId: string;
  /** The revision of the first event that does not match (or that is missing). */
  revision: bigint;
  reason: string;
}

/** A stream head signed earlier: the stream's chain hash at that revision (see history checkpoints). */
export interface SignedHead {
  revision: bigint;
  hash: string;
}

/**
 * Verifies every stream's hash chain while the global log goes by (the log hands each stream's
 * events out in revision order), so a replay checks the history in the same pass that reads it.
 * With signed heads it also catches a stream rewritten and re-hashed from some event on: the
 * recomputed chain no longer meets the hash that was signed at a later revision.
 */
export function createChainFollower(signedHeads: ReadonlyMap<string, readonly SignedHead[]> = new Map()) {
  const heads = new Map<string, { revision: bigint; hash: string }>();
  return {
    /** The first break this event shows, or undefined when it continues its stream's chain. */
    check(event: Pick<RecordedEvent, 'streamId' | 'revision' | 'id' | 'type' | 'version' | 'data' | 'metadata' | 'hash'>): ChainBreak | undefined {
      const head = heads.get(event.streamId);
      const expectedRevision = head ? head.revision + 1n : 0n;
      if (event.revision !== expectedRevision) {
        return { streamId: event.streamId, revision: expectedRevision, reason: `revision ${expectedRevision} is missing` };
      }
      const hash = chainHash(head?.hash ?? '', event);
      if (hash !== event.hash) {
        return { streamId: event.streamId, revision: event.revision, reason: 'its content does not match its recorded hash' };
      }
      const signed = signedHeads.get(event.streamId)?.find((s) => s.revision === event.revision);
      if (signed && signed.hash !== hash) {
        return { streamId: event.streamId, revision: event.revision, reason: 'the history up to here differs from the one signed earlier' };
      }
      // Chain on what was recomputed: a rewritten stored hash then breaks the next link too.
      heads.set(event.streamId, { revision: event.revision, hash });
      return undefined;
    },
    /** Streams whose signed heads lie beyond their last event: events were removed from the end. */
    truncated(): ChainBreak[] {
      const breaks: ChainBreak[] = [];
      for (const [streamId, signed] of signedHeads) {
        const last = heads.get(streamId)?.revision ?? -1n;
        const beyond = signed.filter((s) => s.revision > last);
        if (beyond.length > 0) breaks.push({ streamId, revision: last + 1n, reason: `events up to revision ${beyond.at(-1)!.revision} were signed but are missing` });
      }
      return breaks;
    },
    /** The recomputed head of every stream seen so far. */
    heads(): ReadonlyMap<string, { revision: bigint; hash: string }> {
      return heads;
    },
  };
}
