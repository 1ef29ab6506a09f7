/** One batch of GET /api/vessels/{id}/inventory (spec 000 §3), and the answer of a quantity change. */
export interface BatchAnswer {
  id: string;
  scaleId: string;
  productName: string | null;
  quantityOnBoard: number;
  batchNumber: number;
  expiryDate: string | null;
  conditionNotes: string | null;
}
