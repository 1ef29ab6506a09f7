import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Whether an Accept-Encoding header lets us answer in gzip: `gzip` (or `x-gzip`, or `*` when gzip
 * is not named) with a weight above zero (RFC 9110 §12.5.3). No header: no.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of value.split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding === 'gzip' || coding === 'x-gzip') gzip = weight;
    else if (coding === '*') any = weight;
  }
  const weight = gzip ?? any ?? 0;
  return Number.isFinite(weight) && weight > 0;
}

/** Answers shorter than this go as they are: compressing them saves less than it costs. */
const GZIP_MIN_CHARS = 1024;

/**
 * Whether an If-None-Match header names this ETag (RFC 9110 §13.1.2: a list, `*`, weak
 * comparison, so `W/"x"` matches `"x"`).
 */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return value.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Distinct texts a sender keeps the ETag and compressed bytes of (one per scope and page in use). */
const SENDER_KEPT = 256;

/**
 * Sends JSON text that is served many times over (an answer kept by createReadCache), named by an
 * ETag made from the text: a client that has that text (a browser, whose HTTP cache sends the ETag
 * back as If-None-Match) is answered 304 with no body; `Cache-Control: private, no-cache` lets it
 * keep the answer but ask each time. Otherwise gzipped when the client accepts it and the text is
 * large. ETag and compressed bytes are made once per distinct text: the fleet compliance list is a
 * third of a megabyte at 1,000 vessels and a tenth of that compressed, and writing it out was most
 * of what serving it cost.
 */
export function createJsonAnswerSender() {
  // By the text itself: the read cache hands out the same string object while its answer holds, so
  // a lookup costs no hashing of the text after the first.
  const kept = new Map<string, { etag: string; gzipped?: Buffer }>();
  return (request: FastifyRequest, reply: FastifyReply, json: string) => {
    let entry = kept.get(json);
    if (entry) kept.delete(json);
    else entry = { etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"` };
    kept.set(json, entry); // most recently used last
    if (kept.size > SENDER_KEPT) kept.delete(kept.keys().next().value!);
    reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).header('vary', 'accept-encoding').send();
    const known = entry;
    return sendJson(request, reply, json, () => (known.gzipped ??= gzipSync(json)));
  };
}

/** JSON text, gzipped (bytes from `gzipped`, made by the caller once) when long and accepted. */
function sendJson(request: FastifyRequest, reply: FastifyReply, json: string, gzipped: () => Buffer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (json.length < GZIP_MIN_CHARS || !acceptsGzip(request.headers['accept-encoding'])) return reply.send(json);
  return reply.header('content-encoding', 'gzip').send(gzipped());
}

/** An answer named by the digest of its JSON text: the same digest is the same text, for ever. */
export interface DigestAnswer {
  digest: string;
  json: string;
}

/**
 * Answers kept by digest, for answers one per resource (a vessel's volume requirements): since a
 * digest names one text, a kept answer is never stale and nothing needs invalidating; the least
 * recently used go past `maxEntries`. Each is sent with its digest as ETag (a browser that has it
 * gets 304) and gzipped, compressed once, to clients that accept it.
 */
export function createDigestAnswerStore(maxEntries = 2000) {
  const entries = new Map<string, { answer: DigestAnswer; gzipped?: Buffer }>();
  return {
    get(digest: string): DigestAnswer | undefined {
      const entry = entries.get(digest);
      if (!entry) return undefined;
      // Map order is insertion order: moving the entry to the end keeps the oldest first.
      entries.delete(digest);
      entries.set(digest, entry);
      return entry.answer;
    },
    remember(answer: DigestAnswer): void {
      entries.set(answer.digest, { answer });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    send(request: FastifyRequest, reply: FastifyReply, answer: DigestAnswer) {
      const etag = `"${answer.digest.slice(0, 40)}"`;
      // Revalidated on every use: the browser may keep it, but asks (and gets 304) each time.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return sendJson(request, reply, answer.json, () => {
        const entry = entries.get(answer.digest) ?? { answer };
        entry.gzipped ??= gzipSync(answer.json);
        return entry.gzipped;
      });
    },
    get size() {
      return entries.size;
    },
  };
}
