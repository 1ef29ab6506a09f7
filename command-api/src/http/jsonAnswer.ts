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
 * Sends JSON text that is served many times over (an answer kept by createReadCache): gzipped when
 * the client accepts it and the text is large, the compressed bytes made once per distinct text.
 * The fleet compliance list is a third of a megabyte at 1,000 vessels and a tenth of that
 * compressed; writing it out was most of what serving it cost.
 */
export function createJsonAnswerSender() {
  let last: { json: string; gzipped: Buffer } | undefined;
  return (request: FastifyRequest, reply: FastifyReply, json: string) =>
    sendJson(request, reply, json, () => {
      if (last?.json !== json) last = { json, gzipped: gzipSync(json) };
      return last.gzipped;
    });
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
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
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
