import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrowthAnalyzer, GROWTH, MIN_PAGES } from './growthAnalyze';
import type { Projection } from './projection';
import { createReadModelTestDb, type ReadModelTestDb } from './testing/db';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('proj_growth_analyze');
});
afterAll(async () => {
  await t?.close();
});

const streams: Projection = { name: 'streams-only', eventTypes: [], tables: ['vessel_streams'], apply: async () => {} };

/** ANALYZE runs on the table so far (PostgreSQL reports an ANALYZE to the statistics at once). */
async function analyzeCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT pg_stat_get_analyze_count('vessel_streams'::regclass)::text AS n`.execute(t.db);
  return Number(rows[0].n);
}
async function pages(): Promise<{ actual: number; recorded: number }> {
  const { rows } = await sql<{ actual: string; recorded: number }>`
    SELECT (pg_relation_size('vessel_streams') / current_setting('block_size')::bigint)::text AS actual, relpages AS recorded
      FROM pg_class WHERE oid = 'vessel_streams'::regclass`.execute(t.db);
  return { actual: Number(rows[0].actual), recorded: rows[0].recorded };
}
async function addStreams(from: number, count: number) {
  await sql`INSERT INTO vessel_streams (vessel_id, stream_id) SELECT 'v' || i, 'vessel-v' || i FROM generate_series(${from}::int, ${from + count - 1}::int) AS i`.execute(t.db);
}

describe('ANALYZE of the tables a catch-up grows', () => {
  it('analyzes a table once it has grown from empty, again only once it has grown by the factor', async () => {
    const errors: unknown[] = [];
    const analyzer = createGrowthAnalyzer({ db: t.db, minIntervalMs: 0, onError: (e) => errors.push(e) });
    await addStreams(0, 100);
    await analyzer.afterBatch([streams]);
    // Too small to matter to a plan: left alone.
    expect((await pages()).actual).toBeLessThan(MIN_PAGES);
    expect(await analyzeCount()).toBe(0);

    let n = 100;
    for (; (await pages()).actual < MIN_PAGES; n += 500) await addStreams(n, 500);
    await analyzer.afterBatch([streams]);
    expect(await analyzeCount()).toBe(1);
    const analyzed = await pages();
    expect(analyzed.recorded).toBe(analyzed.actual);

    // Grown, but less than the factor: the statistics stand.
    await addStreams(n, n);
    n *= 2;
    await analyzer.afterBatch([streams]);
    expect((await pages()).actual).toBeLessThan(GROWTH * analyzed.recorded);
    expect(await analyzeCount()).toBe(1);

    for (; (await pages()).actual < GROWTH * analyzed.recorded; n += 1000) await addStreams(n, 1000);
    await analyzer.afterBatch([streams]);
    await analyzer.afterBatch([streams]);
    expect(await analyzeCount()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('looks at the sizes at most once per interval', async () => {
    const analyzer = createGrowthAnalyzer({ db: t.db, minIntervalMs: 60_000, onError: () => {} });
    await analyzer.afterBatch([streams]);
    const before = await analyzeCount();
    const recorded = (await pages()).recorded;
    let n = 1_000_000;
    for (; (await pages()).actual < GROWTH * recorded; n += 2000) await addStreams(n, 2000);
    await analyzer.afterBatch([streams]);
    expect(await analyzeCount()).toBe(before);
  });
});
