import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time of processes on this machine (Linux /proc), to say what a piece of work costs in CPU
 * rather than in throughput: on a shared 2-core machine throughput moves with everyone else's load,
 * CPU seconds per operation much less.
 */

/** User + system CPU of a process so far, ms (0 once it has exited). /proc counts in 10 ms ticks. */
export function processCpuMs(pid: number): number {
  return statCpuMs(String(pid));
}

/** User + system CPU of this process's main thread so far, ms: the server's event loop, without a load worker thread's. */
export function mainThreadCpuMs(): number {
  return statCpuMs(`${process.pid}/task/${process.pid}`);
}

function statCpuMs(path: string): number {
  try {
    const stat = readFileSync(`/proc/${path}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server processes serving connections with these application names to db's database. */
export async function backendPids(db: Pick<pg.Pool, 'query'>, applicationNames: readonly string[]): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ANY($1::text[])',
    [applicationNames],
  );
  return rows.map((row) => row.pid);
}

/** CPU of a set of processes from now on: `used()` is the ms they have spent since. */
export function cpuMeter(pids: readonly number[]): { used(): number } {
  const start = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  return {
    used: () => [...start].reduce((sum, [pid, at]) => sum + Math.max(0, processCpuMs(pid) - at), 0),
  };
}

/** CPU each of these processes has spent so far, ms: a sample to subtract from a later one. */
export function cpuSample(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
}

/** CPU spent between two samples (a process only in `end`, such as a connection opened since, counted from zero). */
export function cpuSpent(start: ReadonlyMap<number, number>, end: ReadonlyMap<number, number>): number {
  let ms = 0;
  for (const [pid, at] of end) ms += Math.max(0, at - (start.get(pid) ?? 0));
  return ms;
}

/**
 * CPU of every PostgreSQL process serving db's database while it runs, polled every `intervalMs`:
 * connections a pool opens and closes meanwhile (and an index build's parallel workers) are
 * counted up to their last poll, so at most one interval of a short-lived one is missed.
 * `stop()` answers the ms they spent since the sampler started.
 */
export function databaseCpuSampler(db: Pick<pg.Pool, 'query'>, intervalMs = 200): { stop(): Promise<number> } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let stopped = false;
  /** Processes first seen after the first poll started meanwhile: counted from zero. */
  let started = false;
  const poll = async () => {
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms === 0) continue;
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, ms);
    }
  };
  const loop = (async () => {
    await poll();
    started = true;
    while (!stopped) {
      await new Promise((r) => setTimeout(r, intervalMs));
      await poll();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      let ms = 0;
      for (const [pid, at] of last) ms += Math.max(0, at - (first.get(pid) ?? 0));
      return ms;
    },
  };
}
