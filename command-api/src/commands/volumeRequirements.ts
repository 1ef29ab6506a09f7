import {
  DomainError,
  evaluateChest,
  eventsAsOf,
  evolveVessel,
  foldInventory,
  initialVesselState,
  inventoryStreamId,
  isIsoDate,
  isoToday,
  medicalProfileOf,
  parseEvent,
  scaleStreamId,
  SHIPPED_SCALE_METADATA,
  vesselScaleStreamId,
  vesselStreamId,
  volumeRequirementRow,
  type ChestBatch,
  type DomainEvent,
  type ScaleEvent,
  type VolumeRequirementRow,
  type Scale,
  type VesselMedicalProfile,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import type { RecordedEvent } from '@medchest/eventstore';
import { isUuid } from '../ids';
import { getVolumeRequirements } from '../readModels';
import type { AppDeps } from './context';
import { vesselDecider } from './deciders';
import { inventoryDecider } from './inventory';

/**
 * GET /api/vessels/{id}/volume-requirements (spec 000 §3 "Volume requirement row", §7): one row per
 * item of the vessel's scale with what is required, what counts on board and the item's status.
 * Every rule (required quantity, which batches count, the status, "expiring soon", "as of") is the
 * domain's: this file only gathers the inputs and shapes the answer.
 */

const vesselNotFound = () => new DomainError('not_found', 'Vessel not found');
export const notInFleetOn = (asOf: string) => `This vessel was not in the fleet on ${asOf}`;

const INVALID_DATE = 'Please enter a valid date';
const FUTURE_DATE = 'The date must not be in the future';

/**
 * The `asOf` query value: absent → undefined (the chest today); otherwise a real YYYY-MM-DD day
 * that is not after `today`, or a 400 naming the field.
 */
export function parseAsOf(value: unknown, today: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw new DomainError('validation', INVALID_DATE, { asOf: INVALID_DATE });
  }
  // Both are YYYY-MM-DD, so string order is calendar order.
  if (value > today) throw new DomainError('validation', FUTURE_DATE, { asOf: FUTURE_DATE });
  return value;
}

/** The rows of a chest: the domain's evaluateChest on `today`, shaped for the API. */
export function volumeRequirementRows(
  scale: Pick<Scale, 'items'>,
  profile: VesselMedicalProfile,
  batches: readonly ChestBatch[],
  today: string,
): VolumeRequirementRow[] {
  return evaluateChest(scale, profile, batches, today).items.map(volumeRequirementRow);
}

/**
 * A stream's events as it stood at the end of `asOf`: the domain's eventsAsOf decides where the
 * stream is cut (on the recorded metadata.occurredAt); only the events kept are parsed, so a
 * date early in a long stream does not pay for the rest of it.
 */
function streamEventsAsOf<E extends DomainEvent>(
  recorded: readonly RecordedEvent[],
  asOf: string,
  isEvent: (event: DomainEvent) => event is E,
): E[] {
  const kept = eventsAsOf(
    recorded.map((stored) => ({ event: stored, occurredAt: stored.metadata.occurredAt })),
    asOf,
  );
  return kept.map((stored) => {
    const event = parseEvent(stored.type, stored.version, stored.data);
    if (!isEvent(event)) throw new Error(`Event ${stored.type} does not belong in stream ${stored.streamId}`);
    return event;
  });
}

const isScaleAssignment = (event: DomainEvent): event is Extract<ScaleEvent, { type: 'VesselScaleAssigned' }> => event.type === 'VesselScaleAssigned';
const isScaleImport = (event: DomainEvent): event is Extract<ScaleEvent, { type: 'ScaleImported' }> => event.type === 'ScaleImported';

/**
 * A scale's items from its own stream (ScaleImported is written once and never changes, so the
 * scale "as of" any day it was assigned is that event). No assignment, or the shipped scale's id:
 * the shipped scale.
 */
async function scaleById(deps: AppDeps, scaleId: string | undefined): Promise<Pick<Scale, 'items'>> {
  if (scaleId === undefined || scaleId === SHIPPED_SCALE_METADATA.id) return loadShippedScale();
  const recorded = await deps.store.readStream(scaleStreamId(scaleId), { maxCount: 1 });
  const imported = recorded.map((r) => parseEvent(r.type, r.version, r.data)).find(isScaleImport);
  // An assignment is only accepted for an imported scale; a missing one means a damaged log.
  if (!imported) throw new Error(`Scale ${scaleId} is assigned but was never imported`);
  return imported.data;
}

/**
 * The vessel's volume requirements.
 * - Without `asOf`: the volume requirements read model, evaluated for `now`'s UTC day.
 * - With `asOf` (YYYY-MM-DD, not after today): the vessel's own streams replayed to the end of that
 *   day (the vessel's details then, and its batches then), evaluated with that day as "today".
 *   A vessel that did not exist on that day (not yet created, or already deleted) is not found.
 */
export async function listVolumeRequirements(
  deps: AppDeps,
  vesselId: string,
  asOfQuery: unknown,
  now: Date,
): Promise<VolumeRequirementRow[]> {
  if (!isUuid(vesselId)) throw vesselNotFound();
  const today = isoToday(now);
  const asOf = parseAsOf(asOfQuery, today);

  if (asOf === undefined) {
    const rows = await getVolumeRequirements(deps.db, vesselId, today);
    if (!rows) throw vesselNotFound();
    return rows;
  }

  const [vesselRecorded, inventoryRecorded, assignmentsRecorded] = await Promise.all([
    deps.store.readStream(vesselStreamId(vesselId)),
    deps.store.readStream(inventoryStreamId(vesselId)),
    deps.store.readStream(vesselScaleStreamId(vesselId)),
  ]);
  if (vesselRecorded.length === 0) throw vesselNotFound();
  const vessel = streamEventsAsOf(vesselRecorded, asOf, vesselDecider.isEvent).reduce(evolveVessel, initialVesselState());
  // The vessel exists in the history but had not joined the fleet yet, or had left it, that day:
  // there was no chest of ours to show, and the auditor is told so in those words.
  if (vessel.status !== 'active') throw new DomainError('not_found', notInFleetOn(asOf));
  const batches = foldInventory(streamEventsAsOf(inventoryRecorded, asOf, inventoryDecider.isEvent));
  const assigned = streamEventsAsOf(assignmentsRecorded, asOf, isScaleAssignment).at(-1)?.data.scaleId;
  const scale = await scaleById(deps, assigned);
  return volumeRequirementRows(scale, medicalProfileOf(vessel.details), batches, asOf);
}
