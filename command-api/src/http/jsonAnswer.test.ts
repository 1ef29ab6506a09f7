import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, createDigestAnswerStore, createJsonAnswerSender, etagMatches } from './jsonAnswer';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0', false],
    ['*', true],
    ['*;q=0', false],
    ['gzip;q=0, *', false],
    ['deflate, *;q=0.1', true],
    [['deflate', 'gzip'], true],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('createJsonAnswerSender', () => {
  const long = JSON.stringify(Array.from({ length: 200 }, (_, n) => ({ id: n, vesselName: `MV Vessel ${n}`, complianceStatus: 'Compliant' })));
  const short = JSON.stringify({ totalVessels: 3 });

  async function app() {
    const server = Fastify();
    const send = createJsonAnswerSender();
    let text = long;
    server.get('/answer', async (request, reply) => send(request, reply, text));
    await server.ready();
    return { server, setText: (value: string) => (text = value) };
  }

  it('sends a long answer gzipped to a client that accepts it, the same JSON once decoded', async () => {
    const { server } = await app();
    const response = await server.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(long.length / 4);
    expect(gunzipSync(response.rawPayload).toString()).toBe(long);
    await server.close();
  });

  it('sends it as it is to a client that does not accept gzip, and a short answer always so', async () => {
    const { server, setText } = await app();
    const plain = await server.inject({ url: '/answer' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(long);
    setText(short);
    const small = await server.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ totalVessels: 3 });
    await server.close();
  });

  it('compresses a new text when the answer changes', async () => {
    const { server, setText } = await app();
    const headers = { 'accept-encoding': 'gzip' };
    await server.inject({ url: '/answer', headers });
    const changed = long.replaceAll('Compliant', 'Critical');
    setText(changed);
    const response = await server.inject({ url: '/answer', headers });
    expect(gunzipSync(response.rawPayload).toString()).toBe(changed);
    await server.close();
  });
});

describe('createJsonAnswerSender: memory', () => {
  const text = (n: number) => JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, answer: n, vesselName: `MV Vessel ${i}` })));

  it('keeps answers within its byte budget, counting each text, its ETag and its gzipped bytes', async () => {
    const one = text(1);
    const send = createJsonAnswerSender((300 + one.length * 2) * 2 + 2_000);
    const server = Fastify();
    let json = one;
    server.get('/answer', async (request, reply) => send(request, reply, json));
    const zipped = await server.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(send.kept()).toEqual({ size: 1, bytes: 300 + one.length * 2 + zipped.rawPayload.length });
    for (const n of [2, 3, 4]) {
      json = text(n);
      await server.inject({ url: '/answer' });
    }
    // Room for two texts of this size: the oldest went.
    expect(send.kept().size).toBe(2);
    expect(send.kept().bytes).toBeLessThanOrEqual((300 + one.length * 2) * 2 + 2_000);
    await server.close();
  });

  it('sends a text too large to keep, with its ETag, keeping nothing', async () => {
    const send = createJsonAnswerSender(1_000);
    const server = Fastify();
    const json = text(1);
    server.get('/answer', async (request, reply) => send(request, reply, json));
    const first = await server.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(first.rawPayload).toString()).toBe(json);
    const again = await server.inject({ url: '/answer', headers: { 'if-none-match': first.headers.etag as string } });
    expect([again.statusCode, send.kept()]).toEqual([304, { size: 0, bytes: 0 }]);
    await server.close();
  });
});

describe('etagMatches (If-None-Match)', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['"abd"', false],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['*', true],
    [['"x"', '"abc"'], true],
  ] as const)('%j → %s', (header, expected) => {
    expect(etagMatches(header as string | string[] | undefined, '"abc"')).toBe(expected);
  });
});

describe('createJsonAnswerSender: ETags', () => {
  it('names each text with its own ETag, answers 304 with no body to a client that has it, and a new text anew', async () => {
    const server = Fastify();
    const send = createJsonAnswerSender();
    let text = JSON.stringify([{ id: 1 }]);
    server.get('/answer', async (request, reply) => send(request, reply, text));
    await server.ready();
    const first = await server.inject({ url: '/answer' });
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await server.inject({ url: '/answer', headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The same text made anew (another string with the same characters) keeps its name.
    text = JSON.stringify([{ id: 1 }]);
    expect((await server.inject({ url: '/answer', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    text = JSON.stringify([{ id: 2 }]);
    const changed = await server.inject({ url: '/answer', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toEqual([{ id: 2 }]);
    await server.close();
  });
});

describe('answers kept by digest', () => {
  it('keeps what fits in maxBytes, dropping the least recently used', () => {
    const store = createDigestAnswerStore(1_000);
    const sized = (n: number) => ({ digest: `d${n}`, json: 'x'.repeat(100) }); // 300 + 2 x 100 bytes counted
    store.remember(sized(1));
    store.remember(sized(2));
    expect(store.bytes).toBe(1_000);
    expect(store.get('d1')?.json).toBe(sized(1).json); // d1 is now the most recently used
    store.remember(sized(3));
    expect([store.get('d1')?.digest, store.get('d2'), store.get('d3')?.digest, store.size, store.bytes]).toEqual(['d1', undefined, 'd3', 2, 1_000]);
  });

  it('keeps only the gzipped bytes once sent gzipped, and unzips them for a client that takes no gzip', async () => {
    const store = createDigestAnswerStore();
    const json = JSON.stringify(Array.from({ length: 141 }, (_, i) => ({ scaleId: `IMGS${i}`, description: 'Paracetamol 500 mg tablets', complianceStatus: 'compliant' })));
    store.remember({ digest: 'b'.repeat(64), json });
    const asText = store.bytes;
    const server = Fastify();
    server.get('/answer', (request, reply) => store.send(request, reply, store.get('b'.repeat(64))!));
    const zipped = await server.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(json);
    // The text is no longer held: what is kept is a tenth of it.
    expect(store.bytes).toBeLessThan(asText / 10);
    expect(store.bytes).toBe(300 + zipped.rawPayload.length);
    const plain = await server.inject({ url: '/answer' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, json]);
    await server.close();
  });

  it('sends an answer too large to keep without keeping it', async () => {
    const store = createDigestAnswerStore(1_000);
    const small = { digest: 'd'.repeat(64), json: '[1]' };
    store.remember(small);
    const long = { digest: 'c'.repeat(64), json: JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i }))) };
    store.remember(long);
    // Not kept, and nothing else dropped for it.
    expect([store.get(long.digest), store.get(small.digest)?.json, store.size]).toEqual([undefined, '[1]', 1]);
    const server = Fastify();
    server.get('/answer', (request, reply) => store.send(request, reply, long));
    const zipped = await server.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect([zipped.headers.etag, gunzipSync(zipped.rawPayload).toString()]).toEqual([`"${'c'.repeat(40)}"`, long.json]);
    await server.close();
  });

  it('sends the digest as ETag, 304 when the client has it, gzipped once when accepted', async () => {
    const store = createDigestAnswerStore();
    const long = { digest: 'a'.repeat(64), json: JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ scaleId: `IMGS${i}`, complianceStatus: 'compliant' }))) };
    store.remember(long);
    const server = Fastify();
    server.get('/answer', (request, reply) => store.send(request, reply, store.get(long.digest)!));
    const plain = await server.inject({ url: '/answer' });
    expect([plain.statusCode, plain.headers.etag, plain.body]).toEqual([200, `"${'a'.repeat(40)}"`, long.json]);
    const zipped = await server.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(long.json);
    const cached = await server.inject({ url: '/answer', headers: { 'if-none-match': plain.headers.etag as string } });
    expect([cached.statusCode, cached.body]).toEqual([304, '']);
    await server.close();
  });
});
