import type { OrderItem } from './events';

/** An item's total, when its unit cost is known. */
export const itemTotal = (item: Pick<OrderItem, 'orderQuantity' | 'unitCost'>): number | null =>
  item.unitCost === undefined || item.unitCost === null ? null : roundMoney(item.orderQuantity * item.unitCost);

/**
 * The order's value: Σ quantity × unit cost when every item with a quantity has a unit cost;
 * null ('—') otherwise, since a partial sum would read as the price of the order.
 */
export function orderValue(items: readonly Pick<OrderItem, 'orderQuantity' | 'unitCost'>[]): number | null {
  let sum = 0;
  for (const item of items) {
    if (item.orderQuantity === 0) continue;
    const total = itemTotal(item);
    if (total === null) return null;
    sum += total;
  }
  return roundMoney(sum);
}

const roundMoney = (value: number) => Math.round(value * 100) / 100;
