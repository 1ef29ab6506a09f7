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
  const inDate = new Map<string, number>();
  for (const batch of batches) {
    if (batchCounts(batch, threshold)) inDate.set(batch.scaleId, (inDate.get(batch.scaleId) ?? 0) + batch.quantity);
  }
  const items: ShortfallItem[] = [];
  for (const item of scale.items) {
    const requirement = requiredQuantity(item, profile);
    if (requirement.kind !== 'required') continue;
    const current = inDate.get(item.id) ?? 0;
    if (current >= requirement.amount) continue;
    items.push({
      scaleId: item.id,
      scaleDescription: item.description,
      requiredQuantity: requirement.amount,
      currentInventory: current,
      orderQuantity: Math.ceil(requirement.amount - current),
    });
  }
  return items;
}
