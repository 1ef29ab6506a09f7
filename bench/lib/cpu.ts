import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time of processes on this machine (Linux /proc), to say what a piece of work costs in CPU
 * rather than in throughput: on a shared 2-core machine throughput moves with everyone else's load,
 * CPU seconds per operation much less.
 */

/** User + system CPU of a process so far, ms (0 once it has exited). /proc counts in 10 ms ticks. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
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
