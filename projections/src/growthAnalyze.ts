import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from './db';
import type { Projection } from './projection';

/**
 * Statistics for read-model tables that a catch-up grew (issue 14). Autovacuum is off on the
 * servers this runs on (and may be in production), so a table filled from empty by a catch-up
 * would never be ANALYZEd, and the planner would plan the handlers' joins against it blind: a join
 * of arrays with a table was once planned as a hash of the whole table (chest-snapshots). After a
 * batch, at most once per `minIntervalMs`, the tables of the projections held here are compared
 * with the size PostgreSQL last recorded for them (pg_class.relpages, set by ANALYZE, VACUUM and
 * CREATE INDEX): a table of at least MIN_PAGES whose size reached GROWTH times that is ANALYZEd.
 * So a table growing from empty is analyzed at 16 pages, 128, 1,024 … (six times up to a million
 * pages, each ANALYZE reading a sample of at most 30,000 rows), a table that does not grow never
 * again. Statistics a few times smaller than the table still plan it well: the planner scales the
 * rows per page they recorded to the table's pages now; what it lacks without them (a table never
 * analyzed) is any idea of its rows and their values. The size is the table's file (pg_relation_size), not the statistics collector's row
 * counts, which lag by seconds. Each ANALYZE is a short transaction of its own after the batch's
 * have committed, with a lock timeout (a rebuild swapping the tables in goes first).
 */
export const MIN_PAGES = 16;
export const GROWTH = 8;

export interface GrowthAnalyzer {
  /** After a batch was applied: analyze the tables of `projections` that grew enough (never throws). */
  afterBatch(projections: readonly Projection[]): Promise<void>;
}

export function createGrowthAnalyzer(options: {
  db: Kysely<ReadModelDb>;
  /** Least time between two looks at the tables' sizes (default 1000 ms: about a catch-up batch). */
  minIntervalMs?: number;
  onError: (error: unknown) => void;
}): GrowthAnalyzer {
  const { db, onError } = options;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  let lastLook = -Infinity;
  return {
    async afterBatch(projections) {
      const now = performance.now();
      if (now - lastLook < minIntervalMs) return;
      lastLook = now;
      try {
        const tables = [...new Set(projections.flatMap((p) => p.tables))];
        if (tables.length === 0) return;
        const { rows } = await sql<{ name: string }>`
          SELECT t.name
            FROM unnest(${tables}::text[]) AS t(name)
            JOIN pg_class c ON c.oid = to_regclass(t.name)
           WHERE pg_relation_size(c.oid) >= ${MIN_PAGES} * current_setting('block_size')::bigint
             AND pg_relation_size(c.oid) >= ${GROWTH} * c.relpages::bigint * current_setting('block_size')::bigint`.execute(db);
        for (const { name } of rows) {
          await db.transaction().execute(async (trx) => {
            await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
            await sql`ANALYZE ${sql.table(name)}`.execute(trx);
          });
        }
      } catch (error) {
        onError(error);
      }
    },
  };
}
