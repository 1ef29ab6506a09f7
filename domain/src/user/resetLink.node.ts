import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a password reset link, `/reset-password?token=…`: the user id and the request id
 * (two UUIDs, 32 bytes) then an HMAC-SHA256 of them under the product's password-reset key. The
 * event log holds the ids, never the signature, so reading the log gives no usable link; the
 * stream's decider makes it single-use and 30 minutes long. Node-only (node:crypto): not exported
 * from the domain's index.
 */
const SIGNATURE_BYTES = 16;
const IDS_BYTES = 32;

const sign = (secret: string, payload: Buffer) =>
  createHmac('sha256', secret).update('password-reset\n').update(payload).digest().subarray(0, SIGNATURE_BYTES);

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function signResetToken(secret: string, userId: string, requestId: string): string {
  const payload = Buffer.concat([uuidBytes(userId), uuidBytes(requestId)]);
  if (payload.length !== IDS_BYTES) throw new Error('A reset token is made of two UUIDs');
  return Buffer.concat([payload, sign(secret, payload)]).toString('base64url');
}

/** The ids a token names when its signature is right; whether it is still usable is the decider's call. */
export function verifyResetToken(secret: string, token: string): { userId: string; requestId: string } | undefined {
  if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  const payload = bytes.subarray(0, IDS_BYTES);
  const given = bytes.subarray(IDS_BYTES);
  if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(secret, payload))) return undefined;
  return { userId: uuidText(payload.subarray(0, 16)), requestId: uuidText(payload.subarray(16)) };
}

export const resetPasswordPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;
