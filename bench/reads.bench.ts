/**
 * Read latency of the medical chest under load (issue 3): with 1,000 vessels and their full
 * chests, the median, p95 and p99 latency and the throughput of
 *   GET /api/vessels/{id}/volume-requirements   (a random vessel each time)
 *   GET /api/dashboard/fleet-compliance
 *   GET /api/dashboard/stats
 * under 50 concurrent keep-alive clients (goal: p95 under 25 ms on this machine; reported, never
 * asserted).
 *
 * 1. Seeded as commands would write it, through the event store's own appendToStream: per vessel a
 *    VesselCreated (varied profiles: categories A/B/C, crew 12-40, women on board, dangerous goods)
 *    and one big append of ~600 BatchAdded spread over every item of the shipped scale, with
 *    expiry dates spread from expired to three years ahead so the fleet shows every status.
 *    The issue says "about 230 scale rows": that is the specification's catalogue; the shipped
 *    scale (data/imgs-scale.csv) has 141 items, so each vessel has 141 volume requirement rows.
 * 2. Timed: the real projection runner catching up on the whole log from empty read models
 *    (`reads.seed_catchup_s`): inventory_batches, chest_vessels and volume_requirements included.
 * 3. The real app (buildApp, the sessions and pool sizes `npm start` uses) listens on
 *    127.0.0.1:0; a fleet manager logs in; 50 closed-loop keep-alive clients in a worker thread
 *    (bench/lib/httpLoad.ts) send what a browser sends (the session cookie, Accept-Encoding gzip).
 *    Each endpoint is measured side by side with a reference, in alternating short slices
 *    (A B B A, BENCH_ROUNDS times), so both see the same background load of this shared machine:
 *    - volume-requirements with the signed-in floor, GET /api/auth/user (the session and user
 *      lookups every signed-in call pays, and a tiny answer): what no read can go below;
 *    - fleet-compliance and stats with the same queries answered without the read cache
 *      (bench-only routes running the route code as it was before createReadCache: query,
 *      then Fastify's JSON serialization), to show what the cache buys.
 *
 * Run: npx tsx bench/reads.bench.ts   (BENCH_VESSELS, BENCH_BATCHES, BENCH_CLIENTS, BENCH_ROUNDS, BENCH_SLICE_MS;
 * BENCH_KEEP_DATABASE=1 leaves the seeded database in place and prints its URL, for profiling)
 */
import { randomUUID } from 'node:crypto';
import {
  currentEventVersion,
  imoCheckDigit,
  inventoryStreamId,
  isoToday,
  MEDICAL_CATEGORIES,
  requiredQuantity,
  vesselStreamId,
  type MedicalCategory,
  type VesselMedicalProfile, ALL_VESSELS } from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { eventCodec } from '@medchest/domain';
import { buildApp } from '@medchest/command-api/app';
import { FLEET } from '@medchest/command-api/auth/access';
import { createPgSessionStore } from '@medchest/command-api/auth/sessions';
import { registerUser } from '@medchest/command-api/commands/users';
import { sessionCookie } from '@medchest/command-api/testing/harness';
import { comparePositions, createPostgresEventStore, type LogPosition, type NewEvent } from '@medchest/eventstore';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { createProjectionRunner, createReadModelDb, getDashboardStats, listFleetCompliance, migrateReadModels } from '@medchest/projections';
import { vesselDetails } from '@medchest/projections/testing/events';
import { sql } from 'kysely';
import { percentile, runLoad, type LoadResult } from './lib/httpLoad';
import { random } from './lib/random';
import { recordFigure } from './lib/results';

const VESSELS = Number(process.env.BENCH_VESSELS ?? 1_000);
const BATCHES_PER_VESSEL = Number(process.env.BENCH_BATCHES ?? 600);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
/** Each pair: BENCH_ROUNDS rounds of A B B A slices, BENCH_SLICE_MS each (10 s per endpoint by default). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 1_250);
/** Sent before each slice and not measured (connections, JIT, and the switch from the other endpoint). */
const WARMUP_MS = 250;
/** Concurrent appends while seeding (vessels are independent streams). */
const SEED_CONCURRENCY = 4;
const GOAL_P95_MS = 25;

const rnd = random(20_250_603);
const between = (low: number, high: number) => low + Math.floor(rnd() * (high - low + 1));

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const scale = loadShippedScale();
const today = isoToday(new Date());

type Target = 'Compliant' | 'Expiring Soon' | 'Non-Compliant' | 'Critical';
/** Roughly a real fleet: half fully in order, the rest with something to act on. */
function target(): Target {
  const r = rnd();
  return r < 0.5 ? 'Compliant' : r < 0.75 ? 'Expiring Soon' : r < 0.9 ? 'Non-Compliant' : 'Critical';
}

function profileFor(): VesselMedicalProfile {
  const r = rnd();
  const category: MedicalCategory = r < 0.7 ? 'A' : r < 0.9 ? 'B' : MEDICAL_CATEGORIES[2];
  return { category, crewSize: between(12, 40), womenOnBoard: rnd() < 0.4, carriesDangerousGoods: rnd() < 0.25 };
}

function imo(n: number): string {
  const six = String(100_000 + ((n * 7_919) % 900_000));
  return six + imoCheckDigit(six);
}

/**
 * One vessel's chest: BATCHES_PER_VESSEL batches over every scale item (4 or 5 each). Each item
 * has one expired batch (on board, no longer counted) and the rest valid for 90 days to 3 years,
 * together at least what the vessel's profile requires; then the vessel's fault, if any:
 * Expiring Soon: one counted batch expires within 60 days; Non-Compliant: one required item has
 * 1 counted where 2 or more are required; Critical: one required item has only expired batches.
 */
function chestEvents(vesselId: string, profile: VesselMedicalProfile, fault: Target): NewEvent[] {
  const items = scale.items;
  const required = items.map((item) => {
    const requirement = requiredQuantity(item, profile);
    return requirement.kind === 'required' ? Math.ceil(requirement.amount) : 0;
  });
  const candidates = (minimum: number) => items.map((_, i) => i).filter((i) => required[i] >= minimum);
  const faultItem =
    fault === 'Critical' ? candidates(1)[between(0, candidates(1).length - 1)] : fault === 'Non-Compliant' ? candidates(2)[between(0, candidates(2).length - 1)] : -1;
  const soonItem = fault === 'Expiring Soon' ? candidates(1)[between(0, candidates(1).length - 1)] : -1;

  const events: NewEvent[] = [];
  const occurredAt = new Date(Date.parse(`${today}T00:00:00Z`) - between(1, 300) * 86_400_000).toISOString();
  items.forEach((item, i) => {
    const count = Math.floor(BATCHES_PER_VESSEL / items.length) + (i < BATCHES_PER_VESSEL % items.length ? 1 : 0);
    const valid = count - 1;
    for (let b = 0; b < count; b++) {
      let expiryDate: string;
      let quantity: number;
      if (b === 0 || (i === faultItem && fault === 'Critical')) {
        expiryDate = addDays(today, -between(1, 400));
        quantity = between(1, 20);
      } else {
        expiryDate = addDays(today, i === soonItem && b === 1 ? between(5, 55) : between(90, 1_100));
        quantity = required[i] === 0 ? between(1, 30) : Math.ceil(required[i] / valid) + between(0, 5);
        if (i === faultItem && fault === 'Non-Compliant') quantity = b === 1 ? 1 : 0;
      }
      events.push({
        type: 'BatchAdded',
        version: currentEventVersion('BatchAdded'),
        data: { batchId: randomUUID(), vesselId, scaleId: item.id, batchNumber: b + 1, productName: `${item.description} ${item.formStrength}`.trim(), quantity, expiryDate },
        metadata: { userId: null, correlationId: randomUUID(), occurredAt },
      });
    }
  });
  return events;
}

function summarise(name: string, result: LoadResult) {
  if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed requests, first: ${result.firstFailure}`);
  const p95 = percentile(result.latenciesMs, 0.95);
  console.error(
    `${name}: ${result.requests} requests in ${result.seconds.toFixed(1)} s, ${(result.bodyBytes / 1024).toFixed(1)} KiB per answer (as sent); ` +
      `p95 goal < ${GOAL_P95_MS} ms ${p95 < GOAL_P95_MS ? 'MET' : 'NOT met'} (${p95.toFixed(1)} ms)`,
  );
  recordFigure(`reads.${name}.p50_ms`, percentile(result.latenciesMs, 0.5), 'ms');
  recordFigure(`reads.${name}.p95_ms`, p95, 'ms');
  recordFigure(`reads.${name}.p99_ms`, percentile(result.latenciesMs, 0.99), 'ms');
  recordFigure(`reads.${name}.requests_per_s`, result.requests / result.seconds, 'req/s');
  return p95;
}

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_reads');
  // Pool sizes as `npm start` has them (app/src/server.ts): the defaults.
  const store = createPostgresEventStore({ connectionString: database.url });
  const db = createReadModelDb(database.url);
  const sessions = createPgSessionStore({ connectionString: database.url });
  const runner = createProjectionRunner({ db, store, onError: (error) => console.error('[projections]', error) });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await store.init();
    await migrateReadModels(db);

    // --- seeding, runner stopped ------------------------------------------------------------
    let t = performance.now();
    const vesselIds: string[] = [];
    let last: LogPosition | undefined;
    let events = 0;
    const targets = new Map<Target, number>();
    const plans = Array.from({ length: VESSELS }, (_, n) => {
      const profile = profileFor();
      const fault = target();
      targets.set(fault, (targets.get(fault) ?? 0) + 1);
      return { vesselId: randomUUID(), n, profile, fault };
    });
    let next = 0;
    await Promise.all(
      Array.from({ length: SEED_CONCURRENCY }, async () => {
        while (next < plans.length) {
          const { vesselId, n, profile, fault } = plans[next++];
          vesselIds.push(vesselId);
          const details = vesselDetails({
            vesselName: `MV Bench ${String(n + 1).padStart(4, '0')}`,
            imoNumber: imo(n + 1),
            crewSizeCategory: profile.crewSize,
            medicalCategory: profile.category,
            womenOnBoard: profile.womenOnBoard,
            carriesDangerousGoods: profile.carriesDangerousGoods,
          });
          const created = new Date(Date.parse(`${today}T00:00:00Z`) - 400 * 86_400_000).toISOString();
          await store.appendToStream(
            vesselStreamId(vesselId),
            [
              {
                type: 'VesselCreated',
                version: currentEventVersion('VesselCreated'),
                data: { vesselId, details },
                metadata: { userId: null, correlationId: randomUUID(), occurredAt: created },
              },
            ],
            { expected: 'no_stream' },
          );
          const chest = chestEvents(vesselId, profile, fault);
          const appended = await store.appendToStream(inventoryStreamId(vesselId), chest, { expected: 'no_stream' });
          events += 1 + chest.length;
          if (!last || comparePositions(appended.position, last) > 0) last = appended.position;
        }
      }),
    );
    console.error(
      `seeded ${VESSELS} vessels, ${events} events in ${((performance.now() - t) / 1000).toFixed(1)} s (${BATCHES_PER_VESSEL} batches over ${scale.items.length} scale items each; ` +
        `targets ${[...targets].map(([k, v]) => `${k} ${v}`).join(', ')})`,
    );

    // --- the projection runner catching up ----------------------------------------------------
    t = performance.now();
    await runner.start();
    if (!last || !(await runner.waitFor(last, 30 * 60_000))) throw new Error('the projections did not catch up');
    const catchupSeconds = (performance.now() - t) / 1000;
    await sql`VACUUM ANALYZE`.execute(db);
    const counts = await sql<{ status: string; n: number }>`SELECT status, count(*)::int AS n FROM chest_vessels GROUP BY status ORDER BY status`.execute(db);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM volume_requirements`.execute(db);
    console.error(
      `caught up in ${catchupSeconds.toFixed(1)} s; statuses ${counts.rows.map((r) => `${r.status} ${r.n}`).join(', ')}; ${rows.rows[0].n} volume requirement rows`,
    );
    recordFigure('reads.seed_catchup_s', catchupSeconds, 's');
    recordFigure('reads.seed_catchup_events_per_s', events / catchupSeconds, 'events/s');

    // --- the app on a real port, a fleet manager signed in -----------------------------------
    app = await buildApp({ store, db, waitFor: runner.waitFor, sessions, webDist: false });
    // The references: the dashboard route code as it was before the read cache.
    app.get('/api/bench/uncached/fleet-compliance', { config: { access: FLEET } }, async () => listFleetCompliance(db, isoToday(new Date()), ALL_VESSELS));
    app.get('/api/bench/uncached/stats', { config: { access: FLEET } }, async () => getDashboardStats(db, new Date(), ALL_VESSELS));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const origin = `http://127.0.0.1:${address.port}`;
    const deps = { store, codec: eventCodec, db, waitFor: runner.waitFor };
    await registerUser(deps, { email: 'manager@fleet.example', password: 'bench-pass', role: 'fleet_manager', status: 'active', source: 'admin' }, { userId: null, correlationId: 'bench', now: new Date() });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'manager@fleet.example', password: 'bench-pass' } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const headers = { cookie: sessionCookie(login), accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

    // The cached answers are the uncached ones, byte for byte (once decoded).
    for (const [cached, uncached] of [['/api/dashboard/fleet-compliance', '/api/bench/uncached/fleet-compliance'], ['/api/dashboard/stats', '/api/bench/uncached/stats']]) {
      const [a, b] = await Promise.all([cached, uncached].map((url) => app!.inject({ url, headers: { cookie: headers.cookie } })));
      if (a.statusCode !== 200 || a.body !== b.body) throw new Error(`${cached} does not answer what ${uncached} does`);
    }

    const pairs = [
      { a: { label: 'volume_requirements', paths: vesselIds.map((id) => `/api/vessels/${id}/volume-requirements`) }, b: { label: 'signed_in_floor', paths: ['/api/auth/user'] } },
      { a: { label: 'fleet_compliance', paths: ['/api/dashboard/fleet-compliance'] }, b: { label: 'fleet_compliance_uncached', paths: ['/api/bench/uncached/fleet-compliance'] } },
      { a: { label: 'stats', paths: ['/api/dashboard/stats'] }, b: { label: 'stats_uncached', paths: ['/api/bench/uncached/stats'] } },
    ];
    const p95 = new Map<string, number>();
    for (const { a, b } of pairs) {
      const phases = Array.from({ length: ROUNDS }, () => [a, b, b, a])
        .flat()
        .map((endpoint) => ({ ...endpoint, durationMs: SLICE_MS }));
      const results = await runLoad({ origin, headers, clients: CLIENTS, warmupMs: WARMUP_MS, phases });
      for (const endpoint of [a, b]) p95.set(endpoint.label, summarise(endpoint.label, results[endpoint.label]));
    }
    // Measured in the same run, under the same load: ratios of p95 latencies.
    recordFigure('reads.volume_requirements.p95_vs_signed_in_floor', p95.get('volume_requirements')! / p95.get('signed_in_floor')!, 'x');
    recordFigure('reads.fleet_compliance.p95_speedup_vs_uncached', p95.get('fleet_compliance_uncached')! / p95.get('fleet_compliance')!, 'x');
    recordFigure('reads.stats.p95_speedup_vs_uncached', p95.get('stats_uncached')! / p95.get('stats')!, 'x');

    const goal = ['volume_requirements', 'fleet_compliance', 'stats'];
    const missed = goal.filter((name) => p95.get(name)! >= GOAL_P95_MS);
    console.error(
      missed.length === 0
        ? `goal (p95 < ${GOAL_P95_MS} ms with ${CLIENTS} clients) met by every endpoint`
        : `goal (p95 < ${GOAL_P95_MS} ms with ${CLIENTS} clients) NOT met by ${missed.join(', ')} (signed-in floor p95 ${p95.get('signed_in_floor')!.toFixed(1)} ms)`,
    );
  } finally {
    // Everything on the database closed (each step even if one before it failed) before the drop.
    const closing = await Promise.allSettled([app?.close(), runner.stop()]);
    closing.push(...(await Promise.allSettled([sessions.close(), db.destroy(), store.close()])));
    if (process.env.BENCH_KEEP_DATABASE === '1') console.error(`database kept: ${database.url}`);
    else await database.drop();
    for (const step of closing) if (step.status === 'rejected') console.error('closing failed:', step.reason);
  }
}

await main();
