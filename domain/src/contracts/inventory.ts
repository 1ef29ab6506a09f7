/** One batch of GET /api/vessels/{id}/inventory (spec 000 §3), and the answer of a quantity change. */
export interface BatchAnswer {
  id: string;
  scaleId: string;
  productName: string | null;
  quantityOnBoard: number;
  batchNumber: number;
  expiryDate: string | null;
  conditionNotes: string | null;
  /**
   * The inventory stream's revision of the batch's last change: what a count sends back as
   * `version` (a newer one on record answers 409). See InventoryBatch.version in domain/inventory.
   */
  version: number;
}
