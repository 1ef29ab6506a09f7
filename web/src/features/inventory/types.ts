import type { ItemStatus } from '@medchest/domain';

/** Inventory compliance status of one scale item (spec 000 §4): the domain's statuses. */
export type ItemComplianceStatus = ItemStatus;

/** One row of GET /api/vessels/{id}/volume-requirements (spec 000 §3): a scale item for this vessel. */
export interface VolumeRequirementRow {
  scaleId: string;
  scaleDescription: string;
  /** The scale's section (Medicines, 1. Resuscitation …). */
  section?: string;
  requiredQuantity: number | null;
  requiredUnit: string | null;
  /** The requirement as text, e.g. '50 tablets'. */
  requirement: string;
  actualQuantity: number;
  complianceStatus: ItemComplianceStatus | string;
  expiringSoon: boolean;
}

/** One batch of GET /api/vessels/{id}/inventory (spec 000 §3). */
export interface InventoryBatch {
  id: string;
  scaleId: string;
  productName: string | null;
  quantityOnBoard: number;
  batchNumber: number;
  expiryDate: string | null;
  conditionNotes: string | null;
}
