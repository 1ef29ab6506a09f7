import {
  DomainError,
  evaluateChest,
  eventsAsOf,
  evolveVessel,
  foldInventory,
  formatRequirement,
  initialVesselState,
  inventoryStreamId,
  isIsoDate,
  isoToday,
  medicalProfileOf,
  parseEvent,
  vesselStreamId,
  type ChestBatch,
  type DomainEvent,
  type ItemCompliance,
  type ItemStatus,
  type Scale,
  type VesselMedicalProfile,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import type { RecordedEvent } from '@medchest/eventstore';
import { isUuid } from '../ids';
import { getVessel, listVesselBatches } from '../readModels';
import type { AppDeps } from './context';
import { vesselDecider } from './deciders';
import { inventoryDecider } from './inventory';

/**
 * GET /api/vessels/{id}/volume-requirements (spec 000 §3 "Volume requirement row", §7): one row per
 * item of the vessel's scale with what is required, what counts on board and the item's status.
 * Every rule (required quantity, which batches count, the status, "expiring soon", "as of") is the
 * domain's: this file only gathers the inputs and shapes the answer.
 */

/** One row of the answer, in the scale's order. */
export interface VolumeRequirementRow {
  scaleId: string;
  scaleDescription: string;
  /** What must be on board, in requiredUnit; null when the item is not required or has no figure. */
  requiredQuantity: number | null;
  requiredUnit: string | null;
  /** The Required column's text: "50 tablet", "70+ tablet", "Not required", "Quantity not set". */
  requirement: string;
  /** Sum of the quantities of the batches that count (not expired on the day evaluated). */
  actualQuantity: number;
  complianceStatus: ItemStatus;
  /** A counted batch of this item expires within 60 days of the day evaluated. */
  expiringSoon: boolean;
}

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

/**
 * The scale a vessel's requirements follow. Every vessel follows the shipped scale for now; when
 * vessels get a scale of their own assigned, this becomes the vessel's scale (as of the date).
 */
function scaleOf(): Pick<Scale, 'items'> {
  return loadShippedScale();
}

export function volumeRequirementRow(item: ItemCompliance): VolumeRequirementRow {
  const { requirement } = item;
  const required = requirement.kind === 'required';
  return {
    scaleId: item.item.id,
    scaleDescription: item.item.description,
    requiredQuantity: required ? requirement.amount : null,
    requiredUnit: required ? requirement.unit : null,
    requirement: formatRequirement(requirement),
    actualQuantity: item.countedQuantity,
    complianceStatus: item.status,
    expiringSoon: item.expiringSoonBatches.length > 0,
  };
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

/**
 * The vessel's volume requirements.
 * - Without `asOf`: the vessel and its batches from the read models, evaluated on `now`'s UTC day.
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
  const scale = scaleOf();

  if (asOf === undefined) {
    const [vessel, batches] = await Promise.all([getVessel(deps.db, vesselId), listVesselBatches(deps.db, vesselId)]);
    if (!vessel) throw vesselNotFound();
    const chestBatches = batches.map((b) => ({ scaleId: b.scaleId, quantity: b.quantityOnBoard, expiryDate: b.expiryDate }));
    return volumeRequirementRows(scale, medicalProfileOf(vessel), chestBatches, today);
  }

  const [vesselRecorded, inventoryRecorded] = await Promise.all([
    deps.store.readStream(vesselStreamId(vesselId)),
    deps.store.readStream(inventoryStreamId(vesselId)),
  ]);
  if (vesselRecorded.length === 0) throw vesselNotFound();
  const vessel = streamEventsAsOf(vesselRecorded, asOf, vesselDecider.isEvent).reduce(evolveVessel, initialVesselState());
  // The vessel exists in the history but had not joined the fleet yet, or had left it, that day:
  // there was no chest of ours to show, and the auditor is told so in those words.
  if (vessel.status !== 'active') throw new DomainError('not_found', notInFleetOn(asOf));
  const batches = foldInventory(streamEventsAsOf(inventoryRecorded, asOf, inventoryDecider.isEvent));
  return volumeRequirementRows(scale, medicalProfileOf(vessel.details), batches, asOf);
}
