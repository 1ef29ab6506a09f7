import { describe, expect, it } from 'vitest';
import { captainCertificateState, captainStats } from './portal';

const today = new Date('2025-06-10T12:00:00Z');

describe('the captain portal rules', () => {
  it('calls a certificate expired when past, expiring soon within 30 days, valid after', () => {
    expect(captainCertificateState(null, today)).toBe('none');
    expect(captainCertificateState('2025-06-09', today)).toBe('expired');
    expect(captainCertificateState('2025-06-10', today)).toBe('expiring_soon');
    expect(captainCertificateState('2025-07-10', today)).toBe('expiring_soon');
    expect(captainCertificateState('2025-07-11', today)).toBe('valid');
  });

  it('counts batches on board, those expiring in the next 30 days, and items below the scale', () => {
    const stats = captainStats(
      [
        { quantityOnBoard: 5, expiryDate: '2025-06-20' },
        { quantityOnBoard: 5, expiryDate: '2025-07-11' },
        { quantityOnBoard: 5, expiryDate: '2025-06-01' },
        { quantityOnBoard: 0, expiryDate: '2025-06-20' },
        { quantityOnBoard: 2, expiryDate: null },
      ],
      [{ complianceStatus: 'compliant' }, { complianceStatus: 'low_stock' }, { complianceStatus: 'critical' }, { complianceStatus: 'not_required' }],
      today,
    );
    expect(stats).toEqual({ totalItems: 4, expiringSoon: 1, lowStock: 2 });
  });
});
