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
import { scaleInForce, streamEventsAsOf } from './scaleInForce';

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

  const [vesselRecorded, inventoryRecorded, scale] = await Promise.all([
    deps.store.readStream(vesselStreamId(vesselId)),
    deps.store.readStream(inventoryStreamId(vesselId)),
    scaleInForce(deps, vesselId, asOf),
  ]);
  if (vesselRecorded.length === 0) throw vesselNotFound();
  const vessel = streamEventsAsOf(vesselRecorded, asOf, vesselDecider.isEvent).reduce(evolveVessel, initialVesselState());
  // The vessel exists in the history but had not joined the fleet yet, or had left it, that day:
  // there was no chest of ours to show, and the auditor is told so in those words.
  if (vessel.status !== 'active') throw new DomainError('not_found', notInFleetOn(asOf));
  const batches = foldInventory(streamEventsAsOf(inventoryRecorded, asOf, inventoryDecider.isEvent));
  return volumeRequirementRows(scale, medicalProfileOf(vessel.details), batches, asOf);
}
