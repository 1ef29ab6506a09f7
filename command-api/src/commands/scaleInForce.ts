import {
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
import type { RecordedEvent } from '@medchest/eventstore';
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
  const kept = asOf === undefined ? recorded : eventsAsOf(recorded.map((stored) => ({ event: stored, occurredAt: stored.metadata.occurredAt })), asOf);
  return kept.map((stored) => {
    const event = parseEvent(stored.type, stored.version, stored.data);
    if (!isEvent(event)) throw new Error(`Event ${stored.type} does not belong in stream ${stored.streamId}`);
    return event;
  });
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
