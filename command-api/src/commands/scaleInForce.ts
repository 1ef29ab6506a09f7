import {
  businessTimeOf,
  eventsAsOf,
  isScaleImportedEvent,
  isVesselScaleAssignedEvent,
  parseEvent,
  scaleStreamId,
  SHIPPED_SCALE_METADATA,
  vesselScaleStreamId,
  type DomainEvent,
  type Scale,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import type { EventStore, RecordedEvent } from '@medchest/eventstore';
import type { AppDeps } from './context';

/**
 * The scale a vessel's requirements follow, read from the event log (the source of truth for
 * commands and for "as of"): the last VesselScaleAssigned on the vessel's vesselScale stream, or
 * the shipped scale when there is none.
 */

/**
 * A stream's events as it stood at the end of `asOf`: the domain's eventsAsOf decides where the
 * stream is cut (on the recorded metadata.occurredAt); only the events kept are parsed, so a
 * date early in a long stream does not pay for the rest of it.
 */
export function streamEventsAsOf<E extends DomainEvent>(
  recorded: readonly RecordedEvent[],
  asOf: string | undefined,
  isEvent: (event: DomainEvent) => event is E,
): E[] {
  return cutAsOf(recorded, asOf).map((stored) => {
    const event = parseEvent(stored.type, stored.version, stored.data);
    if (!isEvent(event)) throw new Error(`Event ${stored.type} does not belong in stream ${stored.streamId}`);
    return event;
  });
}

/** The domain's eventsAsOf on recorded events, cut on their business time (undefined: all of them). */
function cutAsOf(recorded: readonly RecordedEvent[], asOf: string | undefined): readonly RecordedEvent[] {
  return asOf === undefined ? recorded : eventsAsOf(recorded.map((stored) => ({ event: stored, occurredAt: businessTimeOf(stored.metadata) })), asOf);
}

/** Events read from the log per call while looking for the end of a day. */
const AS_OF_PAGE = 500;

/**
 * streamEventsAsOf over the stream's events from `fromRevision` on, read page by page only until
 * the cut: a day early in a long stream, or a fold resumed from a snapshot, reads what it keeps
 * and one page at most beyond it. The events before fromRevision must all be kept (the caller's
 * snapshot says so), so the cut of the rest is the cut of the whole stream.
 */
export async function readStreamAsOf<E extends DomainEvent>(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  asOf: string,
  isEvent: (event: DomainEvent) => event is E,
  fromRevision = 0n,
): Promise<E[]> {
  const kept: E[] = [];
  for (let from = fromRevision; ; ) {
    const page = await store.readStream(streamId, { fromRevision: from, maxCount: AS_OF_PAGE });
    const cut = cutAsOf(page, asOf);
    kept.push(...streamEventsAsOf(cut, undefined, isEvent));
    if (cut.length < page.length || page.length < AS_OF_PAGE) return kept;
    from = page[page.length - 1].revision + 1n;
  }
}

/** A scale by id: the shipped one, or one imported (read from its own stream); undefined if none. */
export async function findScale(deps: Pick<AppDeps, 'store'>, scaleId: string): Promise<Scale | undefined> {
  if (scaleId === SHIPPED_SCALE_METADATA.id) return loadShippedScale();
  const recorded = await deps.store.readStream(scaleStreamId(scaleId), { maxCount: 1 });
  const event = recorded.map((r) => parseEvent(r.type, r.version, r.data)).find(isScaleImportedEvent);
  if (!event) return undefined;
  const { scaleId: id, name, source, effectiveDate, items } = event.data;
  return { id, name, source, effectiveDate, items };
}

/**
 * A scale by id (findScale: the shipped one, or ScaleImported from its own stream, written once and
 * so the scale on any day it was assigned); none given is the shipped scale.
 */
export async function scaleById(deps: AppDeps, scaleId: string | undefined): Promise<Scale> {
  if (scaleId === undefined) return loadShippedScale();
  const scale = await findScale(deps, scaleId);
  // An assignment is only accepted for an imported scale; a missing one means a damaged log.
  if (!scale) throw new Error(`Scale ${scaleId} is assigned but was never imported`);
  return scale;
}

/** The id of the scale assigned to a vessel (at the end of `asOf` when given); undefined: none, the shipped one. */
export async function assignedScaleId(deps: AppDeps, vesselId: string, asOf?: string): Promise<string | undefined> {
  const recorded = await deps.store.readStream(vesselScaleStreamId(vesselId));
  return streamEventsAsOf(recorded, asOf, isVesselScaleAssignedEvent).at(-1)?.data.scaleId;
}

/** The scale in force for a vessel, now or at the end of `asOf`. */
export async function scaleInForce(deps: AppDeps, vesselId: string, asOf?: string): Promise<Scale> {
  return scaleById(deps, await assignedScaleId(deps, vesselId, asOf));
}
