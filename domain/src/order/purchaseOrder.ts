import { toCsv } from '../shared/csvExport';
import { itemTotal, orderValue } from './totals';
import { supplierStatus } from './lifecycle';
import type { ExistingOrder } from './state';

/** What a printed purchase order (PDF) and its CSV hold: one model, two renderings. */
export interface PurchaseOrderDocument {
  orderNumber: string;
  status: string;
  vesselName: string;
  imoNumber: string;
  supplierName: string | null;
  supplierEmail: string | null;
  expiryThreshold: string;
  notes: string | null;
  lines: { scaleId: string; description: string; quantity: number; unitCost: number | null; total: number | null }[];
  /** Σ of the line totals when every line's unit cost is known; null otherwise. */
  total: number | null;
}

/** The purchase order of an order as its stream leaves it (lines with nothing to order are left out). */
export function purchaseOrderOf(order: ExistingOrder): PurchaseOrderDocument {
  const items = order.items.filter((item) => item.orderQuantity > 0);
  return {
    orderNumber: order.orderNumber,
    status: supplierStatus(order.status),
    vesselName: order.vesselName,
    imoNumber: order.imoNumber,
    supplierName: order.supplier?.supplierName ?? null,
    supplierEmail: order.supplier?.supplierEmail ?? null,
    expiryThreshold: order.expiryThreshold,
    notes: order.notes ?? null,
    lines: items.map((item) => ({
      scaleId: item.scaleId,
      description: item.scaleDescription,
      quantity: item.orderQuantity,
      unitCost: item.unitCost ?? null,
      total: itemTotal(item),
    })),
    total: orderValue(items),
  };
}

export const PURCHASE_ORDER_CSV_COLUMNS = ['Order #', 'Vessel', 'IMO', 'Scale ID', 'Description', 'Quantity', 'Unit Cost', 'Total'] as const;

/** The purchase order as CSV: one row per line, the order's number and vessel on each. */
export function purchaseOrderCsv(document: PurchaseOrderDocument): string {
  const money = (value: number | null) => (value === null ? '' : value.toFixed(2));
  // Through the one formula-safe CSV writer: a vessel or item name a user typed is never a formula.
  return toCsv([
    [...PURCHASE_ORDER_CSV_COLUMNS],
    ...document.lines.map((line) => [
      document.orderNumber,
      document.vesselName,
      document.imoNumber,
      line.scaleId,
      line.description,
      line.quantity,
      money(line.unitCost),
      money(line.total),
    ]),
  ]);
}

/** File names of the two renderings. */
export const purchaseOrderFileName = (document: Pick<PurchaseOrderDocument, 'orderNumber'>, extension: 'pdf' | 'csv') =>
  `purchase-order-${document.orderNumber}.${extension}`;
