/**
 * Issue 13's benchmark: the auditor's and the fleet's look back, at scale.
 *
 * 1. The activity log page (GET /api/dashboard/all-activities) over 1,000,000 activity lines of
 *    1,000 vessels: the default page, a type filter, a vessel filter, a search, a page of 500, and
 *    a fleet manager's page (scope: 30 vessels). p95 under 10 concurrent clients (a busy fleet office), measured in
 *    alternating slices with the signed-in floor (GET /api/auth/user), each reported with its
 *    ratio to the floor. The lines are written straight into the read model (a million events
 *    through the projections would measure catch-up, which bench/catchup measures).
 * 2. One vessel with a year of 10,000 chest events: its history timeline's first page, Verify
 *    history (every event's hash and the signed stream heads) and the PSC pack of a date mid-year,
 *    medians of sequential calls.
 */
import { ACTIVITY_TYPES } from '@medchest/domain';
import { startTestApp } from '@medchest/command-api/testing/harness';
import { sql } from 'kysely';
import { percentile, runLoad } from './lib/httpLoad';
import { recordFigure } from './lib/results';
import { medianOfRuns } from './lib/timing';
import { appendVesselYear } from './lib/yearOfHistory';

const ACTIVITY_ROWS = Number(process.env.BENCH_ACTIVITY_ROWS ?? 1_000_000);
const VESSELS = 1_000;
const SCOPED_VESSELS = 30;
const HISTORY_EVENTS = 10_000;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 1_000);
const RUNS = 15;
/** An auditor's click: the page answers within a tenth of a second at the 95th percentile. */
const PAGE_P95_GOAL_MS = 100;

const timeRuns = (run: () => Promise<unknown>) => medianOfRuns(RUNS, run);

const t = await startTestApp('bench_history');
try {
  const { admin, manager } = await t.sessionsForEveryRole();

  // --- 1. a million activity lines -----------------------------------------------------------
  const scoped: string[] = [];
  for (let i = 0; i < SCOPED_VESSELS; i++) scoped.push(await t.createVessel(admin));
  const { rows: managers } = await sql<{ id: string }>`SELECT id FROM users WHERE email = 'manager@fleet.example'`.execute(t.db);
  await t.assign(managers[0]!.id, { vesselIds: scoped });
  const vesselIds = [...scoped, ...Array.from({ length: VESSELS - SCOPED_VESSELS }, () => crypto.randomUUID())];
  let started = performance.now();
  // Lines of every type, one a minute back from now, spread round-robin over the vessels; 1 in 50
  // names aspirin (what a search finds).
  await sql`
    INSERT INTO activities (id, activity_type, description, vessel_id, vessel_name, user_id, metadata, created_at, log_commit, log_event)
    SELECT gen_random_uuid(),
           (${[...ACTIVITY_TYPES]}::text[])[1 + n % ${ACTIVITY_TYPES.length}],
           CASE WHEN n % 50 = 0 THEN 'Batch IMGS01 Aspirin 300 mg adjusted ' || n ELSE 'Batch IMGS' || (n % 230) || ' counted ' || n END,
           (${vesselIds}::text[])[1 + n % ${VESSELS}],
           'MV Bench ' || (n % ${VESSELS}),
           NULL, '{}'::jsonb,
           now() - make_interval(mins => n),
           n, 0
    FROM generate_series(1, ${ACTIVITY_ROWS}) AS n`.execute(t.db);
  await sql`INSERT INTO activity_counts (vessel_id, activity_type, n)
            SELECT coalesce(vessel_id, ''), activity_type, count(*) FROM activities GROUP BY 1, 2
            ON CONFLICT (vessel_id, activity_type) DO UPDATE SET n = excluded.n`.execute(t.db);
  await sql`ANALYZE activities`.execute(t.db);
  await sql`ANALYZE activity_counts`.execute(t.db);
  console.error(`${ACTIVITY_ROWS} activity lines written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const page = '/api/dashboard/all-activities';
  const endpoints: { label: string; paths: string[]; cookie: string; goalMs?: number }[] = [
    { label: 'activity_page_50', paths: [`${page}?limit=50`], cookie: admin },
    { label: 'activity_type_filter', paths: ACTIVITY_TYPES.map((type) => `${page}?limit=50&type=${type}`), cookie: admin },
    { label: 'activity_vessel_filter', paths: vesselIds.slice(0, 200).map((id) => `${page}?limit=50&vesselId=${id}`), cookie: admin },
    { label: 'activity_search', paths: [`${page}?limit=50&search=aspirin`], cookie: admin },
    // Ten times the lines of a page of 50: its goal is five times as long.
    { label: 'activity_page_500', paths: [`${page}?limit=500`], cookie: admin, goalMs: 5 * PAGE_P95_GOAL_MS },
    { label: 'activity_manager_scope', paths: [`${page}?limit=50`], cookie: manager },
  ];
  for (const endpoint of endpoints) {
    const floor = { label: 'signed_in_floor', paths: ['/api/auth/user'] };
    const measured = { label: endpoint.label, paths: endpoint.paths };
    const phases = Array.from({ length: ROUNDS }, () => [measured, floor, floor, measured])
      .flat()
      .map((phase) => ({ ...phase, durationMs: SLICE_MS }));
    const results = await runLoad({ origin, headers: { cookie: endpoint.cookie, accept: 'application/json' }, clients: CLIENTS, warmupMs: 250, phases });
    for (const result of Object.values(results)) {
      if (result.failures > 0) throw new Error(`${endpoint.label}: ${result.failures} failed requests, first: ${result.firstFailure}`);
    }
    const p95 = percentile(results[endpoint.label]!.latenciesMs, 0.95);
    const floorP95 = percentile(results.signed_in_floor!.latenciesMs, 0.95);
    recordFigure(`history.${endpoint.label}_1m_rows.p95_ms`, p95, `ms (${CLIENTS} clients)`, { atMost: endpoint.goalMs ?? PAGE_P95_GOAL_MS });
    recordFigure(`history.${endpoint.label}_1m_rows.p95_vs_signed_in_floor`, p95 / floorP95, `x (floor p95 ${floorP95.toFixed(1)} ms)`);
  }

  // --- 2. one vessel, a year of 10,000 events ------------------------------------------------
  started = performance.now();
  const { vesselId, last } = await appendVesselYear(t.store, HISTORY_EVENTS);
  if (!(await t.runner.waitFor(last, 300_000))) throw new Error('projections did not catch up');
  console.error(`${HISTORY_EVENTS} events appended and projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const call = async (url: string, expectType: string) => {
    const response = await t.send('GET', url, admin);
    if (response.statusCode !== 200 || !String(response.headers['content-type']).startsWith(expectType)) {
      throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    return response;
  };
  const verified = (await call(`/api/vessels/${vesselId}/history/verify`, 'application/json')).json() as { verified: boolean; events: number };
  if (!verified.verified || verified.events < HISTORY_EVENTS) throw new Error(`the history did not verify: ${JSON.stringify(verified)}`);
  recordFigure('history.timeline_first_page_10k_events_ms', await timeRuns(() => call(`/api/vessels/${vesselId}/history`, 'application/json')), 'ms (median)', {
    atMost: PAGE_P95_GOAL_MS,
  });
  recordFigure('history.verify_10k_events_ms', await timeRuns(() => call(`/api/vessels/${vesselId}/history/verify`, 'application/json')), 'ms (median)', {
    atMost: 1_000,
  });
  recordFigure('history.psc_pack_10k_events_ms', await timeRuns(() => call(`/api/vessels/${vesselId}/psc-pack?date=2025-06-30`, 'application/pdf')), 'ms (median)', {
    atMost: 2_000,
  });
} finally {
  await t.close();
}
