import {
  DomainError,
  evaluateChest,
  evolveVessel,
  foldInventory,
  initialVesselState,
  inventoryStreamId,
  isInventoryEvent,
  isVesselEvent,
  isIsoDate,
  isoToday,
  medicalProfileOf,
  vesselStreamId,
  volumeRequirementRow,
  type ChestBatch,
  type VolumeRequirementRow,
  type Scale,
  type VesselMedicalProfile,
  vesselNotFound,
} from '@medchest/domain';
import { chestSnapshotAsOf, getVolumeRequirements, getVolumeRequirementsAnswer, type VolumeRequirementsAnswer } from '../readModels';
import type { AppDeps } from './context';
import { readStreamAsOf, scaleInForce, streamEventsAsOf } from './scaleInForce';

/**
 * GET /api/vessels/{id}/volume-requirements (spec 000 §3 "Volume requirement row", §7): one row per
 * item of the vessel's scale with what is required, what counts on board and the item's status.
 * Every rule (required quantity, which batches count, the status, "expiring soon", "as of") is the
 * domain's: this file only gathers the inputs and shapes the answer.
 */

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

/** What a GET volume-requirements asks: today's chest, or the chest as of a past day. */
export type VolumeRequirementsQuery = { today: string; asOf?: undefined } | { today: string; asOf: string };

/** The request's `asOf` checked: 400 for a bad date (the route's schema has checked the vessel id). */
export function volumeRequirementsQuery(asOfQuery: unknown, now: Date): VolumeRequirementsQuery {
  const today = isoToday(now);
  return { today, asOf: parseAsOf(asOfQuery, today) };
}

/**
 * Today's volume requirements as JSON text named by its digest, from the read model (see
 * getVolumeRequirementsAnswer): kept answers in `known` are served after reading one row.
 */
export async function volumeRequirementsToday(
  deps: AppDeps,
  vesselId: string,
  today: string,
  known: Parameters<typeof getVolumeRequirementsAnswer>[3],
  heldDigest?: string,
): Promise<VolumeRequirementsAnswer> {
  const answer = await getVolumeRequirementsAnswer(deps.db, vesselId, today, known, heldDigest);
  if (!answer) throw vesselNotFound();
  return answer;
}

/**
 * The vessel's volume requirements as of the end of `asOf` (YYYY-MM-DD, not after today): the
 * vessel's own streams replayed to the end of that day (the vessel's details, batches and scale
 * then), evaluated with that day as "today". A vessel that did not exist on that day (not yet
 * created, or already deleted) is not found.
 */
export async function volumeRequirementsAsOf(deps: AppDeps, vesselId: string, asOf: string): Promise<VolumeRequirementRow[]> {
  const [vesselRecorded, batches, scale] = await Promise.all([
    deps.store.readStream(vesselStreamId(vesselId)),
    chestBatchesAsOf(deps, vesselId, asOf),
    scaleInForce(deps, vesselId, asOf),
  ]);
  if (vesselRecorded.length === 0) throw vesselNotFound();
  const vessel = streamEventsAsOf(vesselRecorded, asOf, isVesselEvent).reduce(evolveVessel, initialVesselState());
  // The vessel exists in the history but had not joined the fleet yet, or had left it, that day:
  // there was no chest of ours to show, and the auditor is told so in those words.
  if (vessel.status !== 'active') throw new DomainError('not_found', notInFleetOn(asOf));
  return volumeRequirementRows(scale, medicalProfileOf(vessel.details), batches, asOf);
}

/**
 * The vessel's batches at the end of `asOf`: the latest chest snapshot that day keeps whole, and
 * the inventory stream's events after it up to the cut, folded on (issue 14: a long history costs
 * one snapshot and a few hundred events, not all of it). The log stays the source: with no
 * snapshot (none taken yet, the read model rebuilding, a day before the first) the fold starts at
 * the stream's beginning, and the batches are the same either way.
 */
export async function chestBatchesAsOf(deps: Pick<AppDeps, 'db' | 'store'>, vesselId: string, asOf: string) {
  const snapshot = await chestSnapshotAsOf(deps.db, vesselId, asOf);
  const events = await readStreamAsOf(deps.store, inventoryStreamId(vesselId), asOf, isInventoryEvent, BigInt((snapshot?.revision ?? -1) + 1));
  return foldInventory(events, snapshot);
}

/** The vessel's volume requirements as rows: today's from the read model, or as of a past day. */
export async function listVolumeRequirements(deps: AppDeps, vesselId: string, asOfQuery: unknown, now: Date): Promise<VolumeRequirementRow[]> {
  const { today, asOf } = volumeRequirementsQuery(asOfQuery, now);
  if (asOf !== undefined) return volumeRequirementsAsOf(deps, vesselId, asOf);
  const rows = await getVolumeRequirements(deps.db, vesselId, today);
  if (!rows) throw vesselNotFound();
  return rows;
}
