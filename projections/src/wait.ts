import type { LogPosition } from '@medchest/eventstore';
import type { Kysely } from 'kysely';
import { allProjections } from './all';
import { allReached, readCheckpoints } from './checkpoints/checkpoints';
import type { ReadModelDb } from './db';

export interface WaitForProjectionsOptions {
  timeoutMs: number;
  /** Projection names to wait for (default: every read model). */
  projections?: readonly string[];
  /** Polling period (default 20 ms). */
  intervalMs?: number;
}

/**
 * Wait until the read models have applied the log up to `position`, whichever process runs them:
 * polls the checkpoint rows. Resolves true when reached, false after timeoutMs. In the process
 * that runs the projections, the runner's own waitFor answers sooner (no polling).
 */
export async function waitForProjections(
  db: Kysely<ReadModelDb>,
  position: LogPosition,
  options: WaitForProjectionsOptions,
): Promise<boolean> {
  const names = options.projections ?? allProjections.map((p) => p.name);
  const intervalMs = options.intervalMs ?? 20;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (allReached(await readCheckpoints(db, names), names, position)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((r) => setTimeout(r, Math.min(intervalMs, left)));
  }
}
