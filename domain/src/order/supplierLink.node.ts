import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The supplier's link to an order, `/supplier/orders/{token}`: the order id and an expiry, signed
 * with HMAC-SHA256, so the supplier reaches the order without an account and nobody can make a
 * link to another order. It expires SUPPLIER_LINK_DAYS after the vendor was assigned; the API also
 * refuses it once the order is delivered or cancelled. Node-only (node:crypto): not exported from
 * the domain's index.
 */
export const SUPPLIER_LINK_DAYS = 60;

/** 128 bits of HMAC-SHA256: ample for a link, and it keeps the URL short (routers cap a segment's length). */
const SIGNATURE_BYTES = 16;
const sign = (secret: string, payload: Buffer) => createHmac('sha256', secret).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** A link token for `orderId` (a UUID), valid until `assignedAt` + 60 days: id and expiry in 20 bytes, then the signature, 48 characters. */
export function signSupplierLink(secret: string, orderId: string, assignedAt: string): string {
  const expires = Math.floor(Date.parse(assignedAt) / 1000) + SUPPLIER_LINK_DAYS * 86_400;
  const payload = Buffer.alloc(20);
  Buffer.from(orderId.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(expires, 16);
  // One base64url run with no dot: a path ending in ".xyz" would read as a file to the web server.
  return Buffer.concat([payload, sign(secret, payload)]).toString('base64url');
}

/** The order id a token names, when its signature is right and it has not expired at `now`. */
export function verifySupplierLink(secret: string, token: string, now: Date): string | undefined {
  if (!/^[A-Za-z0-9_-]{48}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  const payload = bytes.subarray(0, 20);
  const given = bytes.subarray(20);
  if (given.length !== SIGNATURE_BYTES) return undefined;
  if (!timingSafeEqual(given, sign(secret, payload))) return undefined;
  if (payload.readUInt32BE(16) * 1000 <= now.getTime()) return undefined;
  const hex = payload.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const supplierLinkPath = (token: string) => `/supplier/orders/${token}`;
