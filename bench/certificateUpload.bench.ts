/**
 * "A 9 MB certificate PDF uploads and records without the server holding it in memory": the time
 * of the whole browser path over a real socket — POST upload URL, PUT the PDF (streamed into the
 * file store in 256 KB chunks), PUT the record (CertificateRecorded, read models waited for) — and
 * the peak memory the process grows by while doing it, for a 1 MB and a 9 MB file side by side.
 * Streamed means the two peaks are about the same: memory does not grow with the file's size.
 *
 * The client sends the file from a generator, one 64 KB piece at a time, so the figures are the
 * server's own (client and server share this process). Time and memory are separate runs: the
 * memory runs collect garbage before each sample (every 20 ms), so a sample is the memory still
 * held, not garbage waiting for the collector; that slows those runs, so they are not timed.
 */
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { isoToday } from '@medchest/domain';
import { startTestApp } from '@medchest/command-api/testing/harness';
import { recordFigure } from './lib/results';

const MB = 1024 * 1024;
// A collector this script can call, whatever flags tsx started node with.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function* pdfPieces(size: number, seed: number) {
  const piece = 64 * 1024;
  const head = Buffer.from(`%PDF-1.7\n% bench ${seed} ${Date.now()}\n`);
  yield head;
  for (let sent = head.length; sent < size; sent += piece) {
    const bytes = Buffer.alloc(Math.min(piece, size - sent), 0x20 + ((sent / piece + seed) % 90));
    yield bytes;
  }
}

/** Memory in use now: JS heap plus the buffers outside it (where file bytes would sit). */
const inUse = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

const t = await startTestApp('bench_certificates');
try {
  const { manager } = await t.sessionsForEveryRole();
  const vesselId = await t.createVessel(manager, { vesselName: 'Certificate Bench' });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: manager, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  let seed = 0;
  const uploadAndRecord = async (size: number) => {
    const { uploadURL } = (await call('POST', `/api/vessels/${vesselId}/certificate/upload`)) as { uploadURL: string };
    const put = await fetch(`${base}${uploadURL}`, {
      method: 'PUT',
      headers: { cookie: manager, 'content-type': 'application/pdf', 'x-file-name': 'bench.pdf' },
      body: Readable.toWeb(Readable.from(pdfPieces(size, ++seed))) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (!put.ok) throw new Error(`PUT file: ${put.status} ${await put.text()}`);
    await call('PUT', `/api/vessels/${vesselId}/certificate`, { certificateURL: uploadURL, expiryDate: isoToday(), certificateIssuer: 'Bench Authority' });
  };

  const measure = async (size: number) => {
    const times: number[] = [];
    const peaks: number[] = [];
    await uploadAndRecord(size); // warm-up
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await uploadAndRecord(size);
      times.push(performance.now() - started);
    }
    for (let run = 0; run < 3; run++) {
      gc();
      const baseline = inUse();
      let peak = baseline;
      const sampler = setInterval(() => {
        gc();
        peak = Math.max(peak, inUse());
      }, 20);
      await uploadAndRecord(size);
      clearInterval(sampler);
      peaks.push(peak - baseline);
    }
    return { time: median(times), peak: median(peaks) };
  };

  const small = await measure(1 * MB);
  const large = await measure(9 * MB);
  recordFigure('certificate upload+record 9 MB (median)', large.time, 'ms');
  recordFigure('certificate upload+record 1 MB (median)', small.time, 'ms');
  recordFigure('certificate upload 9 MB: peak memory growth (median)', large.peak / MB, 'MB');
  recordFigure('certificate upload 1 MB: peak memory growth (median)', small.peak / MB, 'MB');
  recordFigure('certificate upload: peak memory growth 9 MB / 1 MB', large.peak / Math.max(small.peak, 1), 'x');
} finally {
  await t.close();
}
