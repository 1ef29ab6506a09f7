import { describe, expect, it } from 'vitest';
import { activityMetadataLines, activityTypeLabel, isActivityType } from './types';

describe('activity vocabulary', () => {
  it('reads the metadata of a line in the specification order, leaving out what it does not carry', () => {
    expect(
      activityMetadataLines(
        { quantityRemaining: 35, reason: 'usage', quantityUsed: 3, orderNumber: 'ORD-1', previousStatus: 'draft', newStatus: 'approved', other: 'x' },
        (d) => `day ${d}`,
      ),
    ).toEqual(['Order: ORD-1', 'Status: draft → approved', 'Quantity used: 3', 'Reason: usage', 'Quantity remaining: 35']);
    expect(activityMetadataLines({ certificateIssuer: 'DNV', expiryDate: '2027-01-31' }, (d) => `day ${d}`)).toEqual([
      'Issuer: DNV',
      'Expiry date: day 2027-01-31',
    ]);
    expect(activityMetadataLines({})).toEqual([]);
  });

  it('knows the eight types of the specification and vessel_deleted; others read as stored', () => {
    expect(isActivityType('order_status_updated')).toBe(true);
    expect(isActivityType('vessel_deleted')).toBe(true);
    expect(isActivityType('vessel_sunk')).toBe(false);
    expect(activityTypeLabel('usage_tracked')).toBe('Usage tracked');
    expect(activityTypeLabel('vessel_sunk')).toBe('vessel_sunk');
  });
});
