import { vesselScopeKey, type VesselScope } from '@medchest/domain';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from './db';
import { keptWithinBytes } from './keptWithinBytes';

/**
 * A fleet-wide answer (the fleet compliance list, the dashboard stats) kept in memory as it is sent
 * (its JSON text, made by the caller's `compute`), for as long as it is provably the answer the
 * read models would give again. Each computation of
 * such an answer parses a thousand rows and writes a third of a megabyte of JSON, while between two
 * events the answer does not change at all.
 *
 * An answer is served again only while
 * - it is asked for the same day (`key`: the day, or whatever the answer's rules read of the clock),
 * - and none of the projections it reads has changed its rows since: their rows_version
 *   (checkpoints.ts) is read before each answer, one indexed read. Every batch of a projection's
 *   own events draws a new one in the same transaction as its rows, and so does a rebuild's swap
 *   or a reset checkpoint, so no change of rows goes unseen.
 * The one write that draws no new version is the daily scan storing a chest evaluated again because
 * its day has come (refreshChests): it stores what the reads already answered for that day, as
 * they evaluate such a chest in memory (medical-chest/current.ts), so a kept answer stays right.
 *
 * The checkpoints are read before the answer is computed, so a batch committing in between makes
 * the kept answer newer than its key, never older: the next read sees the new checkpoint and
 * computes again. Concurrent reads that miss share one computation.
 *
 * Under load, reads arriving together share one checkpoint read too, but only one that starts
 * after they arrived: a read waits for the next checkpoint read, never joins one already under
 * way (which could have started before the caller's own write committed). So a client that has
 * just had its command answered (the projections past its event) always gets an answer with it.
 */
export interface ReadCache<T> {
  /**
   * `compute()`'s answer for this day: kept from an earlier call (the same value) when nothing it
   * reads has changed, otherwise computed. `atVersion`: where the projections stand, read by the caller
   * (version()) after the request arrived, so it could run beside the request's other reads.
   */
  get(day: { today: string; key?: string }, compute: () => Promise<T>, atVersion?: Promise<string>): Promise<T>;
  /** Where the projections this cache watches stand, read now (shared with callers already waiting). */
  version(): Promise<string>;
  /** The answer kept now, if any, whatever its version (to count what it holds). */
  kept(): T | undefined;
}

/** A cache for answers read from these projections' tables (their names, as defineProjection has them). */
export function createReadCache<T>(
  db: Kysely<ReadModelDb>,
  projections: readonly string[],
  version: () => Promise<string> = coalesced(() => readModelVersion(db, projections)),
): ReadCache<T> {
  let kept: { key: string; value: T } | undefined;
  const computing = new Map<string, Promise<T>>();

  return {
    version,
    kept: () => kept?.value,
    async get({ today, key: dayKey = today }, compute, atVersion) {
      const key = `${dayKey}|${await (atVersion ?? version())}`;
      if (kept?.key === key) return kept.value;
      let pending = computing.get(key);
      if (!pending) {
        pending = (async () => {
          const value = await compute();
          kept = { key, value };
          return value;
        })().finally(() => computing.delete(key));
        computing.set(key, pending);
      }
      return pending;
    },
  };
}

/**
 * Memory a scoped cache's kept answers may take, by default: 64 MiB. Bounded by bytes, not by
 * count: a fleet's whole list is 3.4 MB at 10,000 vessels and a page of it 17 KB, so a count safe
 * for the whole lists (200 of them pinned up to 1.4 GB) kept too few pages for a fleet of 200 pages.
 */
const SCOPED_CACHE_BYTES = 64 * 1024 * 1024;
/** What a kept answer costs besides its own bytes: its key, its version, the objects. */
const SCOPED_ENTRY_OVERHEAD_BYTES = 300;

/**
 * A ReadCache per vessel scope (issue 9): an admin's fleet-wide answer is never served to a fleet
 * manager, nor one fleet manager's to another. Each scope's answer is kept until the projections
 * it reads, or the assignments and vessels the scope is computed from, move.
 */
export interface ScopedReadCache<T> {
  /**
   * `variant`: which answer of the scope (a page of a list, say); each is kept on its own.
   * `atVersion`: as ReadCache.get: where the `watched` projections stand, read by the caller.
   */
  get(scope: VesselScope, day: { today: string; key?: string }, compute: () => Promise<T>, variant?: string, atVersion?: Promise<string>): Promise<T>;
  /** The projections whose checkpoints make this cache's version (for a caller reading them itself: `atVersion`). */
  watched: readonly string[];
  /** How many answers are kept now, and what they hold as counted against maxBytes. */
  kept(): { size: number; bytes: number };
}

export interface ScopedReadCacheOptions<T> {
  /** Memory an answer holds (a string: two bytes a character, as V8 may keep it). */
  bytesOf: (value: T) => number;
  /** The least recently asked answers are dropped once those kept hold more (default 64 MiB). */
  maxBytes?: number;
}

export function createScopedReadCache<T>(db: Kysely<ReadModelDb>, projections: readonly string[], options: ScopedReadCacheOptions<T>): ScopedReadCache<T> {
  const watched = [...new Set([...projections, 'assignments', 'vessels'])];
  const version = coalesced(() => readModelVersion(db, watched));
  const caches = keptWithinBytes<string, ReadCache<T>>(options.maxBytes ?? SCOPED_CACHE_BYTES, (cache) => {
    const value = cache.kept();
    return SCOPED_ENTRY_OVERHEAD_BYTES + (value === undefined ? 0 : options.bytesOf(value));
  });
  return {
    watched,
    kept: () => ({ size: caches.size, bytes: caches.bytes }),
    async get(scope, day, compute, variant = '', atVersion) {
      const key = `${vesselScopeKey(scope)}|${variant}`;
      let cache = caches.get(key); // most recently asked now
      if (!cache) {
        cache = createReadCache<T>(db, watched, version);
        caches.set(key, cache);
      }
      const value = await cache.get(day, compute, atVersion);
      // Its answer known now (or a new one kept): counted again. Dropped meanwhile, it is not.
      caches.resized(key);
      return value;
    },
  };
}

/**
 * `read` shared by callers, each answered by a read that started after its call: with none under
 * way, one starts at once; while one is, the callers share the next, started when it ends.
 */
export function coalesced<T>(read: () => Promise<T>): () => Promise<T> {
  /** Settles when the read under way ends (undefined: none is). */
  let running: Promise<void> | undefined;
  /** The next read, shared by the callers that came while one was under way. */
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const result = read();
    // Registered before any caller's: the read no longer counts as under way once its callers resume.
    const ended: Promise<void> = result.then(end, end);
    function end() {
      if (running === ended) running = undefined;
    }
    running = ended;
    return result;
  };
  return () => {
    if (!running) return start();
    return (queued ??= running.then(() => {
      queued = undefined;
      return start();
    }));
  };
}

/** Where these projections' rows stand: their rows_version, as one string. */
async function readModelVersion(db: Kysely<ReadModelDb>, projections: readonly string[]): Promise<string> {
  const { rows } = await sql<{ version: string | null }>`
    SELECT string_agg(name || ':' || rows_version, ',' ORDER BY name) AS version
      FROM follower_checkpoints
     WHERE name = ANY(${[...projections]}::text[])`.execute(db);
  return rows[0]?.version ?? '';
}
