import { describe, expect, it } from 'vitest';
import { decideOrderNumber, evolveOrderNumber, initialOrderNumberState, type OrderNumberEvent } from './orderNumber';
import { parseOrderQuantity } from './schema';
import { orderValue } from './totals';

describe('order numbers', () => {
  it('hands out the next number of the sequence, with the year of the command', () => {
    const first = decideOrderNumber({ type: 'AssignOrderNumber', orderId: 'a', at: '2026-11-25T10:00:00Z' }, initialOrderNumberState());
    expect(first).toEqual([{ type: 'OrderNumberAssigned', data: { orderNumber: 'ORD-2026-00001', sequence: 1, orderId: 'a' } }]);
    const state = first.reduce<ReturnType<typeof initialOrderNumberState>>((s, e: OrderNumberEvent) => evolveOrderNumber(s, e), initialOrderNumberState());
    expect(decideOrderNumber({ type: 'AssignOrderNumber', orderId: 'b', at: '2027-01-01T00:00:00Z' }, state)[0].data.orderNumber).toBe('ORD-2027-00002');
  });
});

describe('order quantities and values', () => {
  it('reads an order quantity as a whole number of at least 0, non-numeric as 0', () => {
    expect(parseOrderQuantity('12')).toBe(12);
    expect(parseOrderQuantity('abc')).toBe(0);
    expect(parseOrderQuantity('-3')).toBe(0);
    expect(parseOrderQuantity('2.7')).toBe(2);
    expect(parseOrderQuantity('')).toBe(0);
  });

  it('sums quantity × unit cost only when every item to order has a cost', () => {
    expect(orderValue([{ orderQuantity: 3, unitCost: 1.1 }, { orderQuantity: 2, unitCost: 5 }])).toBe(13.3);
    expect(orderValue([{ orderQuantity: 3, unitCost: 1.1 }, { orderQuantity: 2 }])).toBeNull();
    expect(orderValue([{ orderQuantity: 3, unitCost: 1 }, { orderQuantity: 0 }])).toBe(3);
  });
});
