import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/**
 * Issue 14, "the web, delivered like a product": the build's precompressed copies are sent to the
 * browsers that accept them, hashed assets are cached for good and the pages are revalidated.
 * Over a real socket, with raw Accept-Encoding headers (fetch would choose its own).
 */
const SCRIPT = `console.log(${JSON.stringify('medchest '.repeat(400))});`;
const PAGE = `<!doctype html><title>MedChest</title><div id="root"></div><!--${'x'.repeat(2000)}-->`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let dist: string;
let base: string;

async function writeWithCopies(file: string, text: string) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'medchest-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeWithCopies(path.join(dist, 'index.html'), PAGE);
  await writeWithCopies(path.join(dist, 'assets', 'main-AbC123.js'), SCRIPT);
  // A small file the build leaves uncompressed.
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp('api_web', { webDist: dist });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${base}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('serving the built web app', () => {
  it('sends the Brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const response = await get('/assets/main-AbC123.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const response = await get('/assets/main-AbC123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
  });

  it.each([undefined, 'identity', 'compress'])('sends the file as it is when the browser asks for %s', async (encoding) => {
    const response = await get('/assets/main-AbC123.js', encoding);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it.each(['/', '/index.html', '/vessels', '/login'])('sends the page at %s compressed and never cached without asking', async (url) => {
    const response = await get(url, 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.body).toString()).toBe(PAGE);
    const plain = await get(url);
    expect([plain.headers['content-encoding'], plain.headers['cache-control'], plain.body.toString()]).toEqual([undefined, 'no-cache', PAGE]);
  });

  it('answers an unchanged page with 304 when the browser revalidates it', async () => {
    const first = await get('/');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await new Promise<number>((resolve, reject) => {
      request(`${base}/`, { headers: { 'if-none-match': etag } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(again).toBe(304);
  });

  it('sends a file without compressed copies as it is, revalidated', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body.toString()).toContain('<svg');
  });
});
