import { createHash, randomUUID } from 'node:crypto';
import { normalizeEmail } from '@medchest/domain';

/**
 * Ids are UUIDs made by the API. Most are random (v4). A user's id is a name-based UUID v5 of the
 * email as the domain's normalizeEmail gives it: registering appends to `user-{id}` expecting no
 * stream, so the event store's optimistic-concurrency check is what guarantees one account per
 * email, with no read model in the way and no race between two sign-ups.
 */

/** The product's own namespace for name-based ids (a fixed random UUID, never change it). */
export const MEDCHEST_NAMESPACE = '4d3c1f0e-8a51-4c6b-9f27-6b0e1d2a9c57';

export const newId = (): string => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** RFC 9562 UUID version 5: SHA-1 of namespace bytes + name bytes, version and variant bits set. */
export function uuidV5(name: string, namespace: string): string {
  if (!isUuid(namespace)) throw new Error(`Not a UUID namespace: ${namespace}`);
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(Buffer.from(name, 'utf8'))
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const USER_NAMESPACE = uuidV5('user', MEDCHEST_NAMESPACE);

/** The one id an email address can have. */
export const userIdForEmail = (email: string): string => uuidV5(normalizeEmail(email), USER_NAMESPACE);
