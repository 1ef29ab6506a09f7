import { describe, expect, it } from 'vitest';
import { itemsToReceive, NOTHING_RECEIVED, RECEIVE_MESSAGES, stillToCome } from './receive';
import { receiveOrderSchema } from './receiveSchema';

const line = (extra: object = {}) => ({ orderItemId: 'item-1', quantityReceived: 4, ...extra });
const issuesOf = (body: unknown) => {
  const result = receiveOrderSchema.safeParse(body);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the receive form and request (one schema for the fleet dialog, the captain dialog and the API)', () => {
  it('reads what the form holds: numbers typed as text, a blank batch number and expiry as absent', () => {
    const parsed = receiveOrderSchema.parse({
      receivedItems: [line({ quantityReceived: ' 12 ', batchNumber: '', expiryDate: '' }), line({ orderItemId: 'item-2', quantityReceived: '0', batchNumber: '3', expiryDate: '2028-02-29' })],
    });
    expect(parsed.receivedItems).toEqual([
      { orderItemId: 'item-1', quantityReceived: 12, batchNumber: undefined, expiryDate: undefined },
      { orderItemId: 'item-2', quantityReceived: 0, batchNumber: 3, expiryDate: '2028-02-29' },
    ]);
  });

  it('names the line and field of each bad value', () => {
    expect(
      issuesOf({
        receivedItems: [line({ quantityReceived: '2.5' }), line({ quantityReceived: -1 }), line({ batchNumber: 'abc' }), line({ batchNumber: 0 }), line({ expiryDate: '2027-02-30' }), line({ quantityReceived: 'x' })],
      }),
    ).toEqual({
      'receivedItems.0.quantityReceived': RECEIVE_MESSAGES.quantityWhole,
      'receivedItems.1.quantityReceived': RECEIVE_MESSAGES.quantityMin,
      'receivedItems.2.batchNumber': RECEIVE_MESSAGES.batchWhole,
      'receivedItems.3.batchNumber': RECEIVE_MESSAGES.batchMin,
      'receivedItems.4.expiryDate': RECEIVE_MESSAGES.expiryInvalid,
      'receivedItems.5.quantityReceived': RECEIVE_MESSAGES.quantityWhole,
    });
  });

  it('refuses a receipt with nothing received, or none at all', () => {
    expect(issuesOf({ receivedItems: [line({ quantityReceived: 0 })] })).toEqual({ receivedItems: NOTHING_RECEIVED });
    expect(issuesOf({ receivedItems: [] })).toEqual({ receivedItems: NOTHING_RECEIVED });
    expect(issuesOf({})).toEqual({ receivedItems: NOTHING_RECEIVED });
  });
});

describe('what a receipt offers', () => {
  it('offers the items still to come, prefilled with what is still to come', () => {
    const items = [
      { id: 'a', orderQuantity: 10, receivedQuantity: 4 },
      { id: 'b', orderQuantity: 5, receivedQuantity: 5 },
      { id: 'c', orderQuantity: 0, receivedQuantity: 0 },
      { id: 'd', orderQuantity: 3, receivedQuantity: 7 },
    ];
    expect(itemsToReceive(items).map((item) => [item.id, stillToCome(item)])).toEqual([['a', 6]]);
  });
});
