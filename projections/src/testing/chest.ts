import { requiredQuantity, type Scale, type VesselMedicalProfile } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import type { DomainEvent } from '@medchest/domain';

/** The items a vessel with this profile must carry under a scale, with the amount of each. */
export function requiredItems(profile: VesselMedicalProfile, scale: Pick<Scale, 'items'> = loadShippedScale()) {
  const out: { scaleId: string; amount: number }[] = [];
  for (const item of scale.items) {
    const requirement = requiredQuantity(item, profile);
    if (requirement.kind === 'required') out.push({ scaleId: item.id, amount: Math.ceil(requirement.amount) });
  }
  return out;
}

/**
 * BatchAdded events stocking every required item with exactly its requirement, in one batch per
 * item expiring on `expiryDate`; `except` items are left out. Batch ids are `${prefix}-${scaleId}`.
 */
export function stockingEvents(
  vesselId: string,
  profile: VesselMedicalProfile,
  options: { expiryDate: string | null; except?: readonly string[]; prefix?: string; scale?: Pick<Scale, 'items'> },
): DomainEvent[] {
  return requiredItems(profile, options.scale)
    .filter((item) => !options.except?.includes(item.scaleId))
    .map((item) => ({
      type: 'BatchAdded' as const,
      data: {
        batchId: `${options.prefix ?? vesselId}-${item.scaleId}`,
        vesselId,
        scaleId: item.scaleId,
        batchNumber: 1,
        quantity: item.amount,
        ...(options.expiryDate ? { expiryDate: options.expiryDate } : {}),
      },
    }));
}
