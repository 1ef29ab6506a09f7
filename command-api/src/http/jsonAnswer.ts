import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keptWithinBytes, textBytes } from '../readModels';

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

/**
 * Memory a sender's kept answers may take, by default: 64 MiB. Its answers are kept by their text,
 * so it holds each text as long as its ETag and compressed bytes (the read cache may hold the same
 * string too, or may have dropped it). The fleet compliance list's whole text is 3.4 MB at 10,000
 * vessels, and V8 may hold it at two bytes a character: the count of 256 texts kept before could
 * pin up to 1.7 GB.
 */
const SENDER_BYTES = 64 * 1024 * 1024;
/** What a kept answer costs besides its text or bytes: its ETag or digest, the map's entry, the objects. */
const ENTRY_OVERHEAD_BYTES = 300;

interface SentText {
  etag: string;
  /** What its text holds (the map's key: kept as long as this is). */
  textBytes: number;
  gzipped?: Buffer;
}

/**
 * Sends JSON text that is served many times over (an answer kept by createReadCache), named by an
 * ETag made from the text: a client that has that text (a browser, whose HTTP cache sends the ETag
 * back as If-None-Match) is answered 304 with no body; `Cache-Control: private, no-cache` lets it
 * keep the answer but ask each time. Otherwise gzipped when the client accepts it and the text is
 * large. ETag and compressed bytes are made once per distinct text while it is kept (within
 * `maxBytes`): the fleet compliance list is a third of a megabyte at 1,000 vessels and a tenth of
 * that compressed, and writing it out was most of what serving it cost.
 */
export function createJsonAnswerSender(maxBytes = SENDER_BYTES) {
  // By the text itself: the read cache hands out the same string object while its answer holds, so
  // a lookup costs no hashing of the text after the first.
  const kept = keptWithinBytes<string, SentText>(maxBytes, (entry) => ENTRY_OVERHEAD_BYTES + entry.textBytes + (entry.gzipped?.length ?? 0));
  const send = (request: FastifyRequest, reply: FastifyReply, json: string) => {
    let entry = kept.get(json);
    if (!entry) {
      entry = { etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`, textBytes: textBytes(json) };
      kept.set(json, entry);
    }
    reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).header('vary', 'accept-encoding').send();
    const known = entry;
    return sendJson(request, reply, json.length, () => json, () => {
      if (!known.gzipped) {
        known.gzipped = gzipSync(json);
        kept.resized(json);
      }
      return known.gzipped;
    });
  };
  /** How many answers are kept now, and what they hold as counted against maxBytes. */
  send.kept = () => ({ size: kept.size, bytes: kept.bytes });
  return send;
}

/**
 * JSON text of `chars` characters, gzipped (bytes from `gzipped`, made by the caller once) when long
 * and accepted; otherwise as `text` gives it (each asked for only if sent so).
 */
function sendJson(request: FastifyRequest, reply: FastifyReply, chars: number, text: () => string, gzipped: () => Buffer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (chars < GZIP_MIN_CHARS || !acceptsGzip(request.headers['accept-encoding'])) return reply.send(text());
  return reply.header('content-encoding', 'gzip').send(gzipped());
}

/** An answer named by the digest of its JSON text: the same digest is the same text, for ever. */
export interface DigestAnswer {
  digest: string;
  json: string;
}

/**
 * Memory the answers kept by digest may take, by default: 64 MiB. A vessel's volume requirements
 * are some 34 KB of text and 3.4 KB gzipped (the reads bench's vessels): kept gzipped, a
 * fleet of 10,000 vessels fits, where a count of 2,000 answers made its steady state 4 reads in 5
 * missing (each some 2.5 ms of CPU more than a hit).
 */
const DIGEST_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * One kept answer. Once sent gzipped, only the compressed bytes are kept (a browser always accepts
 * gzip): its text is unzipped again for the rare client that does not.
 */
class KeptAnswer implements DigestAnswer {
  private text: string | undefined;
  private gzipped: Buffer | undefined;
  /** The text's length in characters. */
  readonly chars: number;

  constructor(
    readonly digest: string,
    json: string,
  ) {
    this.text = json;
    this.chars = json.length;
  }

  get json(): string {
    return this.text ?? gunzipSync(this.gzipped!).toString();
  }

  /** Its gzipped bytes, compressed once; the text is dropped then. */
  gzip(): Buffer {
    if (!this.gzipped) {
      this.gzipped = gzipSync(this.text!);
      this.text = undefined;
    }
    return this.gzipped;
  }

  /** Memory it holds. */
  get bytes(): number {
    return ENTRY_OVERHEAD_BYTES + (this.gzipped?.length ?? 0) + (this.text === undefined ? 0 : textBytes(this.text));
  }
}

/**
 * Answers kept by digest, for answers one per resource (a vessel's volume requirements): since a
 * digest names one text, a kept answer is never stale and nothing needs invalidating; the least
 * recently used go once the kept answers hold more than `maxBytes`. Each is sent with its digest as
 * ETag (a browser that has it gets 304) and gzipped, compressed once, to clients that accept it.
 */
export function createDigestAnswerStore(maxBytes = DIGEST_ANSWER_BYTES) {
  const entries = keptWithinBytes<string, KeptAnswer>(maxBytes, (entry) => entry.bytes);
  return {
    get(digest: string): DigestAnswer | undefined {
      return entries.get(digest);
    },
    remember(answer: DigestAnswer): void {
      if (!entries.has(answer.digest)) entries.set(answer.digest, new KeptAnswer(answer.digest, answer.json));
    },
    send(request: FastifyRequest, reply: FastifyReply, answer: DigestAnswer) {
      const etag = `"${answer.digest.slice(0, 40)}"`;
      // Revalidated on every use: the browser may keep it, but asks (and gets 304) each time.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const entry = entries.get(answer.digest);
      // Not kept (too large to keep, or dropped since for answers used later): sent as it is.
      if (!entry) return sendJson(request, reply, answer.json.length, () => answer.json, () => gzipSync(answer.json));
      return sendJson(request, reply, entry.chars, () => entry.json, () => {
        const gzipped = entry.gzip();
        entries.resized(answer.digest);
        return gzipped;
      });
    },
    get size() {
      return entries.size;
    },
    /** What the kept answers hold now, as counted against maxBytes. */
    get bytes() {
      return entries.bytes;
    },
  };
}
