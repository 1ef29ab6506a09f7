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
  return (request: FastifyRequest, reply: FastifyReply, json: string) => {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (json.length < GZIP_MIN_CHARS || !acceptsGzip(request.headers['accept-encoding'])) return reply.send(json);
    if (last?.json !== json) last = { json, gzipped: gzipSync(json) };
    return reply.header('content-encoding', 'gzip').send(last.gzipped);
  };
}
