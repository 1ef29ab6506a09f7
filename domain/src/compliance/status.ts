import { requiredQuantity, type Requirement } from '../scale/required';
import type { VesselMedicalProfile } from '../scale/profile';
import type { Scale, ScaleItem } from '../scale/scale';
import type { StatusTone } from '../shared/tone';
import { batchCounts, isExpiringSoon, type ChestBatch } from './batch';

export const ITEM_STATUSES = ['compliant', 'low_stock', 'critical', 'not_required', 'quantity_not_set'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** The Status column's text for each item status (spec 000 §4: compliant OK, low_stock Low, critical Critical). */
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  compliant: 'OK',
  low_stock: 'Low',
  critical: 'Critical',
  not_required: 'Not required',
  quantity_not_set: 'Quantity not set',
};

/** The Status badge's colour for each item status. */
export const ITEM_STATUS_TONES: Record<ItemStatus, StatusTone> = {
  compliant: 'success',
  low_stock: 'warning',
  critical: 'danger',
  not_required: 'neutral',
  quantity_not_set: 'info',
};

export const VESSEL_STATUSES = ['Critical', 'Non-Compliant', 'Expiring Soon', 'Compliant'] as const;
export type VesselStatus = (typeof VESSEL_STATUSES)[number];

/** A vessel's compliance status colour (spec 000 §4); the status is its own label. */
export const VESSEL_STATUS_TONES: Record<VesselStatus, StatusTone> = {
  Compliant: 'success',
  'Expiring Soon': 'warning',
  'Non-Compliant': 'danger',
  Critical: 'danger',
};

/**
 * An item's status from its requirement and the quantity counted toward it (non-expired batches):
 * compliant when counted >= required; low_stock when 0 < counted < required; critical when
 * nothing is counted and something is required. An item the vessel's category does not carry (or
 * whose rule excludes this vessel) is not_required, and one with no figure is quantity_not_set:
 * neither is ever compliant or non-compliant.
 */
export function itemStatus(requirement: Requirement, countedQuantity: number): ItemStatus {
  if (requirement.kind === 'quantity_not_set') return 'quantity_not_set';
  if (requirement.kind === 'not_required') return 'not_required';
  if (countedQuantity >= requirement.amount) return 'compliant';
  if (countedQuantity > 0) return 'low_stock';
  return 'critical';
}

/** Whether an item status takes part in the vessel's compliance (required items with a figure). */
export function isAssessed(status: ItemStatus | string): boolean {
  return status === 'compliant' || status === 'low_stock' || status === 'critical';
}

export interface ItemCompliance<B extends ChestBatch = ChestBatch> {
  item: ScaleItem;
  requirement: Requirement;
  status: ItemStatus;
  /** Sum of the quantities of the counted (not expired) batches. */
  countedQuantity: number;
  /** Every batch of the item, counted or not, in the order given. */
  batches: B[];
  /** Batches that count today. */
  countedBatches: B[];
  /** Counted batches expiring within 60 days. */
  expiringSoonBatches: B[];
}

/** One item of a vessel's chest on `today` (YYYY-MM-DD) from the batches of that item. */
export function evaluateItem<B extends ChestBatch>(
  item: ScaleItem,
  profile: VesselMedicalProfile,
  batches: readonly B[],
  today: string,
): ItemCompliance<B> {
  const requirement = requiredQuantity(item, profile);
  const countedBatches = batches.filter((b) => batchCounts(b, today));
  const countedQuantity = countedBatches.reduce((sum, b) => sum + b.quantity, 0);
  const expiringSoonBatches = countedBatches.filter((b) => isExpiringSoon(b, today));
  return {
    item,
    requirement,
    status: itemStatus(requirement, countedQuantity),
    countedQuantity,
    batches: [...batches],
    countedBatches,
    expiringSoonBatches,
  };
}

/**
 * A vessel's status from its items: Critical if any item is critical; else Non-Compliant if any
 * is low; else Expiring Soon if any batch counted toward a required item expires within 60 days;
 * else Compliant. Items not required or without a figure play no part, nor do their batches.
 */
export function vesselStatus(items: readonly { status: ItemStatus | string; expiringSoonBatches: readonly unknown[] }[]): VesselStatus {
  let criticalItems = 0;
  let lowStockItems = 0;
  let expiringBatches = 0;
  for (const i of items) {
    if (i.status === 'critical') criticalItems++;
    else if (i.status === 'low_stock') lowStockItems++;
    if (isAssessed(i.status)) expiringBatches += i.expiringSoonBatches.length;
  }
  return vesselStatusOfCounts({ criticalItems, lowStockItems, expiringBatches });
}

/**
 * The same rule from a chest's counts (what a read model keeps per vessel): critical items, low
 * items, and batches counted toward required items that expire within 60 days.
 */
export function vesselStatusOfCounts(counts: { criticalItems: number; lowStockItems: number; expiringBatches: number }): VesselStatus {
  if (counts.criticalItems > 0) return 'Critical';
  if (counts.lowStockItems > 0) return 'Non-Compliant';
  if (counts.expiringBatches > 0) return 'Expiring Soon';
  return 'Compliant';
}

export interface VesselChest<B extends ChestBatch = ChestBatch> {
  status: VesselStatus;
  /** One entry per scale item, in the scale's order. */
  items: ItemCompliance<B>[];
  criticalItems: number;
  lowStockItems: number;
  /** Batches counted toward required items that expire within 60 days. */
  expiringBatches: B[];
  /** Batches whose scale id is not in the scale: not counted anywhere, listed so they can be shown. */
  unmatchedBatches: B[];
}

/**
 * A vessel's chest on `today` (YYYY-MM-DD). For "as of" a past date, pass the batches as they
 * stood on that date and that date as `today`.
 */
export function evaluateChest<B extends ChestBatch>(
  scale: Pick<Scale, 'items'>,
  profile: VesselMedicalProfile,
  batches: readonly B[],
  today: string,
): VesselChest<B> {
  const byItem = new Map<string, B[]>();
  for (const item of scale.items) byItem.set(item.id, []);
  const unmatchedBatches: B[] = [];
  for (const batch of batches) {
    const list = byItem.get(batch.scaleId);
    if (list) list.push(batch);
    else unmatchedBatches.push(batch);
  }

  const items = scale.items.map((item) => evaluateItem(item, profile, byItem.get(item.id) ?? [], today));
  let criticalItems = 0;
  let lowStockItems = 0;
  const expiringBatches: B[] = [];
  for (const i of items) {
    if (i.status === 'critical') criticalItems++;
    else if (i.status === 'low_stock') lowStockItems++;
    if (isAssessed(i.status)) expiringBatches.push(...i.expiringSoonBatches);
  }
  return { status: vesselStatus(items), items, criticalItems, lowStockItems, expiringBatches, unmatchedBatches };
}
