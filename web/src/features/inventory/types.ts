/** Inventory compliance status of one scale item (spec 000 §4; issue 3's rules). */
export type ItemComplianceStatus = 'compliant' | 'low_stock' | 'critical' | 'not_required' | 'quantity_not_set';

/** One row of GET /api/vessels/{id}/volume-requirements (spec 000 §3): a scale item for this vessel. */
export interface VolumeRequirementRow {
  scaleId: string;
  scaleDescription: string;
  requiredQuantity: number | null;
  requiredUnit: string;
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
