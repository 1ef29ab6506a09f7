import { describe, expect, it } from 'vitest';
import { signSupplierLink, verifySupplierLink } from './supplierLink.node';

const secret = 'test-secret';
const orderId = '7c1b6a3e-2d4f-4e5a-8b9c-0d1e2f3a4b5c';
const assignedAt = '2026-11-25T10:00:00.000Z';

describe('the supplier link', () => {
  it('names its order until 60 days after the assignment, not after', () => {
    const token = signSupplierLink(secret, orderId, assignedAt);
    expect(verifySupplierLink(secret, token, new Date('2027-01-23T09:59:59.000Z'))).toBe(orderId);
    expect(verifySupplierLink(secret, token, new Date('2027-01-24T10:00:00.000Z'))).toBeUndefined();
  });

  it('is short enough for one URL segment', () => {
    expect(signSupplierLink(secret, orderId, assignedAt).length).toBeLessThan(60);
  });

  it('is refused when tampered with or signed with another secret', () => {
    const token = signSupplierLink(secret, orderId, assignedAt);
    const now = new Date('2026-11-26T00:00:00.000Z');
    const bytes = Buffer.from(token, 'base64url');
    bytes[0] ^= 1;
    expect(verifySupplierLink(secret, bytes.toString('base64url'), now)).toBeUndefined();
    const later = Buffer.from(token, 'base64url');
    later[19] ^= 1; // another expiry
    expect(verifySupplierLink(secret, later.toString('base64url'), now)).toBeUndefined();
    expect(verifySupplierLink(secret, `${token.slice(0, -2)}AA`, now)).toBeUndefined();
    expect(verifySupplierLink('another', token, now)).toBeUndefined();
    expect(verifySupplierLink(secret, 'garbage', now)).toBeUndefined();
  });
});
