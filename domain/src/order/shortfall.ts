import { batchCounts, type ChestBatch } from '../compliance/batch';
import { requiredQuantity } from '../scale/required';
import type { VesselMedicalProfile } from '../scale/profile';
import type { Scale } from '../scale/scale';

/** One line of the generate-order preview (spec 001 §3 Order item, before it is an order). */
export interface ShortfallItem {
  scaleId: string;
  scaleDescription: string;
  requiredQuantity: number;
  /** Units on board that are still in date on the threshold date. */
  currentInventory: number;
  /** required − current, rounded up to a whole unit. */
  orderQuantity: number;
}

export const NOTHING_SHORT_MESSAGE = 'No items need to be ordered for this vessel with the current expiry threshold.';

/**
 * What a vessel must order so that its chest is still complete on `threshold` (YYYY-MM-DD): every
 * item of the scale it must carry whose quantity still in date on that day is below the required
 * quantity. "In date on that day" is the chest's own rule (batchCounts) with the threshold as
 * today: a batch expiring on the threshold date still counts, one expiring the day before does
 * not, one without an expiry date always does. Items not required for this vessel, or without a
 * figure, are never ordered. In the scale's order.
 */
export function orderShortfall(
  scale: Pick<Scale, 'items'>,
  profile: VesselMedicalProfile,
  batches: readonly ChestBatch[],
  threshold: string,
): ShortfallItem[] {
  return chestOnThreshold(scale, profile, batches, threshold)
    .filter((item) => item.required && item.orderQuantity > 0)
    .map(({ required: _required, ...item }) => item);
}

/**
 * Every item of the scale on the threshold date, short or not (`required`: whether the vessel must
 * carry it; orderQuantity 0 when it has enough): what an order's lines are checked against.
 */
export function chestOnThreshold(
  scale: Pick<Scale, 'items'>,
  profile: VesselMedicalProfile,
  batches: readonly ChestBatch[],
  threshold: string,
): (ShortfallItem & { required: boolean })[] {
  const inDate = new Map<string, number>();
  for (const batch of batches) {
    if (batchCounts(batch, threshold)) inDate.set(batch.scaleId, (inDate.get(batch.scaleId) ?? 0) + batch.quantity);
  }
  return scale.items.map((item) => {
    const requirement = requiredQuantity(item, profile);
    const required = requirement.kind === 'required' ? requirement.amount : 0;
    const current = inDate.get(item.id) ?? 0;
    return {
      scaleId: item.id,
      scaleDescription: item.description,
      requiredQuantity: required,
      currentInventory: current,
      orderQuantity: Math.max(0, Math.ceil(required - current)),
      required: requirement.kind === 'required',
    };
  });
}
