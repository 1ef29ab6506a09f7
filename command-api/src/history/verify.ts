import { createChainFollower, type ChainBreak, type EventStore, type RecordedEvent } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { loadSignedHeads, signHeads } from './checkpoints';

/** The first entry of a history that does not match, as Verify history names it. */
export interface BrokenEntry {
  streamId: string;
  /** Its revision in the stream (decimal text, like every position the API answers). */
  revision: string;
  eventId: string | null;
  type: string | null;
  occurredAt: string | null;
  reason: string;
}

/** A signed stream head, as the PSC pack prints it. */
export interface HistoryCheckpoint {
  streamId: string;
  revision: string;
  hash: string;
  signedAt: string;
}

export interface HistoryVerification {
  verified: boolean;
  /** Events checked in all. */
  events: number;
  streams: number;
  /** When the oldest event checked happened (the history is unbroken since then). */
  since: string | null;
  firstBroken: BrokenEntry | null;
  /** The signed heads the history now stands on (one per stream). */
  checkpoints: HistoryCheckpoint[];
}

async function readWholeStream(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  return store.readStream(streamId);
}

/**
 * Check the hash chain of each stream, and that it still meets every head signed before. When
 * everything holds, the heads reached are signed in turn (at `now`), so a later rewrite of any of
 * these events, even re-hashed, is caught. Nothing is signed over a broken history.
 */
export async function verifyHistory(
  deps: { store: EventStore; db: Kysely<any> },
  key: Buffer,
  streamIds: readonly string[],
  now: Date,
): Promise<HistoryVerification> {
  const { heads: signed, checkpoints, forged } = await loadSignedHeads(deps.db, key, streamIds);
  const follower = createChainFollower(signed);
  const breaks: { brk: ChainBreak; event?: RecordedEvent }[] = forged.map((brk) => ({ brk }));
  let events = 0;
  let since: string | null = null;
  for (const streamId of streamIds) {
    const recorded = await readWholeStream(deps.store, streamId);
    for (const event of recorded) {
      const brk = follower.check(event);
      if (brk) {
        breaks.push({ brk, event: recorded.find((e) => e.revision === brk.revision) });
        break;
      }
      events += 1;
      const at = event.metadata.occurredAt;
      if (since === null || at < since) since = at;
    }
  }
  for (const brk of follower.truncated()) if (!breaks.some((b) => b.brk.streamId === brk.streamId)) breaks.push({ brk });

  if (breaks.length > 0) {
    // The earliest entry that does not match: where the auditor should start looking.
    breaks.sort((a, b) => (a.event?.metadata.occurredAt ?? '').localeCompare(b.event?.metadata.occurredAt ?? ''));
    const [{ brk, event }] = breaks;
    return {
      verified: false,
      events,
      streams: streamIds.length,
      since,
      firstBroken: {
        streamId: brk.streamId,
        revision: brk.revision.toString(),
        eventId: event?.id ?? null,
        type: event?.type ?? null,
        occurredAt: event?.metadata.occurredAt ?? null,
        reason: brk.reason,
      },
      checkpoints: [],
    };
  }

  const reached = follower.heads();
  const unsigned = new Map([...reached].filter(([streamId, head]) => !signed.get(streamId)?.some((s) => s.revision === head.revision)));
  if (unsigned.size > 0) await signHeads(deps.db, key, unsigned, now);
  const signedAt = new Map(checkpoints.map((c) => [`${c.streamId} ${c.revision}`, c.signedAt]));
  return {
    verified: true,
    events,
    streams: streamIds.length,
    since,
    firstBroken: null,
    checkpoints: [...reached].map(([streamId, head]) => ({
      streamId,
      revision: head.revision.toString(),
      hash: head.hash,
      signedAt: (signedAt.get(`${streamId} ${head.revision}`) ?? now).toISOString(),
    })),
  };
}
