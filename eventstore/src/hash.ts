import { hash as digest } from 'node:crypto';
import type { IntegrityReport } from './port';

/**
 * The hash chain every adapter records, defined once so that an auditor can check a stream with
 * nothing but this file, whichever store it came from.
 *
 *   content(e) = canonical JSON of [streamId, revision, id, type, version, data, metadata]
 *   hash(e)    = lowercase hex sha256 of the UTF-8 bytes of  hash(previous event of the stream) + content(e)
 *                (the empty string stands in for the previous hash at revision 0)
 *
 * Canonical JSON: what JSON.stringify gives, but with object keys sorted by UTF-16 code units (see
 * canonicalJson); no whitespace; the revision as a decimal integer.
 * Because the hash covers the previous hash, changing, removing or reordering any event breaks
 * every later link unless the attacker rewrites the whole tail (anchor the head hash elsewhere for
 * that).
 *
 * `content` is split around the revision (head + revision + tail) so that the PostgreSQL adapter can
 * let the database fill in the revision and previous hash inside the INSERT statement itself.
 */
export interface ContentParts {
  head: string;
  tail: string;
}

export interface HashableEvent {
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: unknown;
}

/**
 * Canonical JSON of any value JSON.stringify accepts: the same text JSON.stringify would give
 * (toJSON honoured, undefined and functions dropped from objects and nulled in arrays, non-finite
 * numbers as null) except that object keys are sorted. Stored data is this text, and reading it back
 * and serialising again gives the same text, which is what lets a stored chain be re-verified.
 */
export function canonicalJson(value: unknown): string {
  // Fast path (it runs on every append): copy with keys inserted in sorted order and let the native
  // JSON.stringify write it. JavaScript lists integer-like keys ("7", "10") first whatever the
  // insertion order, so a value containing one is written by hand instead.
  const copy = sortedCopy(value, '');
  if (copy !== INTEGER_LIKE_KEY) return JSON.stringify(copy) ?? 'null';
  return write(value, '') ?? 'null';
}

const INTEGER_LIKE_KEY = Symbol('integer-like key');
const INTEGER_LIKE = /^(?:0|[1-9][0-9]*)$/;
/** Most keys are not integer-like, and a character code is cheaper than running the expression. */
const startsWithDigit = (key: string): boolean => {
  const code = key.charCodeAt(0);
  return code >= 48 && code <= 57;
};

function sortedCopy(input: unknown, key: string): unknown {
  let value = input;
  if (typeof value !== 'object' || value === null) return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
    if (typeof value !== 'object' || value === null) return value;
  }
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) {
      const item = sortedCopy(value[i], String(i));
      if (item === INTEGER_LIKE_KEY) return item;
      items[i] = item;
    }
    return items;
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  const record = value as Record<string, unknown>;
  const keys = sortKeys(Object.keys(record));
  const copy: Record<string, unknown> = {};
  for (const name of keys) {
    if (startsWithDigit(name) && INTEGER_LIKE.test(name)) return INTEGER_LIKE_KEY;
    const member = sortedCopy(record[name], name);
    if (member === INTEGER_LIKE_KEY) return member;
    // A "__proto__" key must stay an ordinary property, as it is in JSON.
    if (name === '__proto__') Object.defineProperty(copy, name, { value: member, enumerable: true, writable: true, configurable: true });
    else copy[name] = member;
  }
  return copy;
}

/**
 * The keys in the order Array.prototype.sort() gives them (UTF-16 code units), sorted in place.
 * A replay verifies every event, a few objects each with a handful of keys: an insertion sort of
 * so few allocates nothing, where the built-in sort copies the keys into work arrays first.
 */
function sortKeys(keys: string[]): string[] {
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i += 1) {
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > key) {
      keys[j + 1] = keys[j];
      j -= 1;
    }
    keys[j + 1] = key;
  }
  return keys;
}

// The general writer, for values with integer-like keys.
function write(input: unknown, key: string): string | undefined {
  let value = input;
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('A bigint cannot be stored as JSON; convert it to a string first');
    case 'object':
      break;
    default:
      return undefined; // undefined, functions and symbols, as JSON.stringify does
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) text += ',';
      text += write(value[i], String(i)) ?? 'null';
    }
    return `${text}]`;
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return write(value.valueOf(), key);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  for (const name of keys) {
    const member = write(record[name], name);
    if (member === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(name)}:${member}`;
  }
  return `${text}}`;
}

/** The content of an event around its revision, from data and metadata already in canonical JSON. */
export function contentParts(
  event: Pick<HashableEvent, 'streamId' | 'id' | 'type' | 'version'> & { dataJson: string; metadataJson: string },
): ContentParts {
  return {
    head: `[${JSON.stringify(event.streamId)},`,
    tail: `,${JSON.stringify(event.id)},${JSON.stringify(event.type)},${JSON.stringify(event.version)},${event.dataJson},${event.metadataJson}]`,
  };
}

/** hash(e) from the previous hash and e's content parts. */
export function hashContent(previousHash: string, revision: bigint, content: ContentParts): string {
  return digest('sha256', previousHash + content.head + revision.toString() + content.tail, 'hex');
}

export function chainHash(previousHash: string, event: HashableEvent): string {
  // Field by field, not a spread of `event`: a replay verifies every event it reads, and the spread
  // of a recorded event (ten fields, two more added) was half of this function's time.
  const content = contentParts({
    streamId: event.streamId,
    id: event.id,
    type: event.type,
    version: event.version,
    dataJson: canonicalJson(event.data),
    metadataJson: canonicalJson(event.metadata),
  });
  return hashContent(previousHash, event.revision, content);
}

/**
 * Recompute a stream's chain from its stored events (in revision order) and report the first event
 * whose stored hash does not match, or whose revision is not the next one.
 */
export function verifyChain(events: Iterable<HashableEvent & { hash: string }>): IntegrityReport {
  let previous = '';
  let checked = 0;
  let expectedRevision = 0n;
  for (const event of events) {
    if (event.revision !== expectedRevision) {
      return { ok: false, checked, brokenAt: expectedRevision, reason: `revision ${expectedRevision} is missing` };
    }
    const expected = chainHash(previous, event);
    if (expected !== event.hash) {
      return { ok: false, checked, brokenAt: event.revision, reason: 'stored hash does not match the content' };
    }
    // Chain on what we recomputed, not on what is stored: a rewritten hash then breaks the next link.
    previous = expected;
    checked += 1;
    expectedRevision += 1n;
  }
  return { ok: true, checked };
}
