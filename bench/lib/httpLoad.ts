/**
 * A small closed-loop HTTP load generator: `clients` concurrent keep-alive connections, each
 * sending its next GET as soon as the previous answer has been read in full, for a fixed time.
 *
 * It runs in a worker thread, so the clients have an event loop of their own: in the server's
 * thread, their own work (writing requests, reading up to hundreds of kilobytes per answer) would
 * queue behind the server's and be counted as the server's latency. Only node:http is used.
 */
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface LoadPhase {
  /** Results are gathered per label: phases with the same label add up. */
  label: string;
  /** Paths requested in turn (each client walks the list from its own offset). */
  paths: string[];
  /** For this long; or, with `eachPathOnce`, until every path has been requested once. */
  durationMs: number;
  /**
   * Every path requested exactly once (the clients take them in turn), with no warm-up: the
   * server's first answer to each, when it has kept none of them yet.
   */
  eachPathOnce?: boolean;
  /**
   * As a browser's HTTP cache does: each path's ETag, once answered, goes back as If-None-Match,
   * and a 304 is an answer like a 200 (the cached copy is used).
   */
  revalidate?: boolean;
}

export interface LoadOptions {
  /** http://127.0.0.1:port */
  origin: string;
  headers: Record<string, string>;
  clients: number;
  /**
   * Run in this order on the same connections. Alternating short phases of two endpoints (A B B A
   * ...) lets both see the same background load of a shared machine, so their ratio means something.
   */
  phases: LoadPhase[];
  /** Each phase's first requests, sent and discarded (connections, JIT, caches): not measured. */
  warmupMs: number;
  /**
   * Called in the calling thread just before and just after each phase's measured requests (the
   * load waits for it): to sample CPU counters, so CPU per request is known per label.
   */
  onPhase?: (label: string, at: 'start' | 'end') => Promise<void>;
}

export interface LoadResult {
  requests: number;
  /** Answers other than 200 (or 304 to a revalidating phase): a failed run, the figures would measure error pages. */
  failures: number;
  firstFailure?: string;
  seconds: number;
  /** Per request, from sending it to having read the whole body, in ms, sorted ascending. */
  latenciesMs: number[];
  /** Body size of the last answer, bytes. */
  bodyBytes: number;
  /** Answers 304 Not Modified (revalidating phases). */
  notModified: number;
}

/** Runs the load in a worker thread and resolves with its figures. */
export function runLoad(options: LoadOptions): Promise<Record<string, LoadResult>> {
  return new Promise((resolve, reject) => {
    // Node 20 does not hand tsx's loader to worker threads: the worker registers it, then loads this file.
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const { onPhase, ...data } = options;
    const worker = new Worker(bootstrap, { eval: true, workerData: { ...data, hooked: onPhase !== undefined } });
    worker.on('message', (message: { phase: string; at: 'start' | 'end' } | { results: Record<string, LoadResult> }) => {
      if ('results' in message) resolve(message.results);
      else void onPhase!(message.phase, message.at).then(() => worker.postMessage('go'), reject);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/** The value below which `p` (0..1) of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

async function load(options: LoadOptions & { hooked: boolean }, port: NonNullable<typeof parentPort>): Promise<Record<string, LoadResult>> {
  /** Tells the calling thread where the load is and waits for its go (onPhase). */
  const mark = (phase: string, at: 'start' | 'end') =>
    options.hooked ? new Promise<void>((resolve) => { port.once('message', () => resolve()); port.postMessage({ phase, at }); }) : Promise.resolve();
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients, maxFreeSockets: options.clients });
  const results: Record<string, LoadResult> = {};

  const get = (path: string, etag?: string) =>
    new Promise<{ status: number; bytes: number; body?: string; etag?: string }>((resolve, reject) => {
      const headers = etag ? { ...options.headers, 'if-none-match': etag } : options.headers;
      const request = http.request({ host: url.hostname, port: url.port, path, method: 'GET', agent, headers }, (response) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        const keep = response.statusCode !== 200 && response.statusCode !== 304;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        const tag = response.headers.etag;
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, body: keep ? Buffer.concat(chunks).toString() : undefined, etag: tag }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });

  /** Every client sends requests back to back until the deadline; `result` undefined: not measured. */
  const drive = async (paths: string[], ms: number, revalidate: Map<string, string> | undefined, result?: LoadResult, eachPathOnce = false) => {
    const deadline = performance.now() + ms;
    const started = performance.now();
    const more = (n: number) => (eachPathOnce ? n < paths.length : performance.now() < deadline);
    await Promise.all(
      Array.from({ length: options.clients }, async (_, client) => {
        for (let n = client; more(n); n += options.clients) {
          const path = paths[n % paths.length];
          const sent = performance.now();
          const answer = await get(path, revalidate?.get(path));
          if (revalidate && answer.status === 200 && answer.etag) revalidate.set(path, answer.etag);
          if (!result) continue;
          result.latenciesMs.push(performance.now() - sent);
          result.requests += 1;
          result.bodyBytes = answer.bytes;
          if (answer.status === 304) result.notModified += 1;
          if (answer.status !== 200 && !(answer.status === 304 && revalidate)) {
            result.failures += 1;
            result.firstFailure ??= `${answer.status} ${path}: ${answer.body?.slice(0, 300)}`;
          }
        }
      }),
    );
    if (result) result.seconds += (performance.now() - started) / 1000;
  };

  const etags = new Map<string, Map<string, string>>();
  for (const phase of options.phases) {
    const result = (results[phase.label] ??= { requests: 0, failures: 0, seconds: 0, latenciesMs: [], bodyBytes: 0, notModified: 0 });
    // One browser cache per label, kept across its phases.
    const revalidate = phase.revalidate ? (etags.get(phase.label) ?? etags.set(phase.label, new Map()).get(phase.label)) : undefined;
    if (!phase.eachPathOnce) await drive(phase.paths, options.warmupMs, revalidate);
    await mark(phase.label, 'start');
    await drive(phase.paths, phase.durationMs, revalidate, result, phase.eachPathOnce);
    await mark(phase.label, 'end');
  }
  agent.destroy();
  for (const result of Object.values(results)) result.latenciesMs.sort((a, b) => a - b);
  return results;
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  load(workerData as LoadOptions & { hooked: boolean }, port).then(
    (results) => port.postMessage({ results }),
    (error: unknown) => {
      throw error;
    },
  );
}
