/**
 * Catch-up throughput of the projection runner: 200,000 events replayed into every read model.
 *
 * 1. A fresh database gets a realistic log: a fleet of vessels created, edited many times and
 *    sometimes deleted, user accounts registered, approved and edited, and the mails sent about
 *    them, interleaved in time as commands would write them. The log is seeded in bulk (multi-row
 *    INSERTs of ~5,000 events per transaction) straight into the adapter's `events` table, with the
 *    hash chain computed by the adapter's own `chainHash`, so every row is what an append writes
 *    (checked with verifyStream on a sample of streams).
 * 2. Timed: a projection runner starts from an empty read model and catches up to the end of the log
 *    (start → waitFor(last position)): `projection.catchup_events_per_s`.
 * 3. Timed: the rows the runner produced are bulk-inserted into tables of the same shape
 *    (`LIKE ... INCLUDING ALL`: same columns, keys and indexes), in one transaction, as multi-row
 *    INSERTs of 5,000 rows per statement: the cost of just writing the final rows.
 *    `projection.ratio_vs_bulk_insert` = bulk insert time / runner catch-up time, so HIGHER IS
 *    BETTER: 1.0 would mean replaying the whole history costs no more than loading its end result.
 *
 * Run: npx tsx bench/catchup.bench.ts   (BENCH_EVENTS, BENCH_BATCH to vary the size and batch)
 */
import { randomUUID } from 'node:crypto';
import { currentEventVersion, NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS, type DomainEvent, type EventMetadata, type VesselDetails } from '@medchest/domain';
import { canonicalJson, chainHash, createPostgresEventStore, guardPool, withPoolClient, type LogPosition } from '@medchest/eventstore';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { allProjections, createProjectionRunner, createReadModelDb, migrateReadModels } from '@medchest/projections';
import { streamIdOf } from '@medchest/projections/testing/events';
import pg from 'pg';
import { random } from './lib/random';
import { recordFigure } from './lib/results';

const TOTAL_EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
/** Default: the runner's own default batch size. */
const BATCH_SIZE = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
const SEED_CHUNK = 5_000;
const BULK_CHUNK = 5_000;

// ---------------------------------------------------------------------------------------------
// A realistic history
// ---------------------------------------------------------------------------------------------

const rnd = random(20_250_601);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
const uuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const PREFIXES = ['MV', 'MT', 'MS', 'SS'];
const NAMES = ['Nordic', 'Atlantic', 'Baltic', 'Pacific', 'Aurora', 'Ocean', 'Coral', 'Polar', 'Cape', 'Star', 'Pearl', 'Horizon'];
const SUFFIXES = ['Star', 'Trader', 'Spirit', 'Pioneer', 'Dawn', 'Glory', 'Venture', 'Bay', 'Explorer', 'Carrier'];
const FLAGS = ['IMGS', 'PANAMA', 'LIBERIA', 'MARSHALL_ISLANDS', 'BAHAMAS'] as const;
const TYPES = ['BULK_CARRIER', 'OIL_TANKER', 'OIL_CHEMICAL_TANKER', 'GAS_CARRIER', 'CLASS_A_BULK_CARRIER', 'CLASS_A_CRUDE_OIL', 'CLASS_A_CARGO'] as const;
const FLEETS = ['North Atlantic', 'Baltic Feeder', 'Asia Pacific', 'Gulf Tankers', 'Mediterranean', undefined];
const COMPANIES = ['Nordic Bulk AS', 'Aurora Shipping Ltd', 'Coral Tankers Inc', 'Polar Gas Carriers', 'Cape Maritime', undefined];
const FIRST = ['Anna', 'Lars', 'Maria', 'Tomasz', 'Ines', 'Kofi', 'Mei', 'Raj', 'Sofia', 'Jan'];
const LAST = ['Berg', 'Nowak', 'Santos', 'Okafor', 'Chen', 'Patel', 'Jensen', 'Rossi', 'Kowalski', 'Silva'];

function imo(n: number): string {
  const digits = String(1_000_000 + (n % 8_999_999)).slice(0, 6).split('').map(Number);
  const check = digits.reduce((sum, d, i) => sum + d * (7 - i), 0) % 10;
  return digits.join('') + check;
}

function date(from: number, spanDays: number): string {
  return new Date(Date.UTC(2023, 0, 1) + Math.floor(from + rnd() * spanDays) * 86_400_000).toISOString().slice(0, 10);
}

function details(n: number): VesselDetails {
  const onboarding = date(0, 700);
  return {
    vesselName: `${pick(PREFIXES)} ${pick(NAMES)} ${pick(SUFFIXES)} ${n}`,
    imoNumber: imo(n * 7919),
    flagState: pick(FLAGS),
    crewSizeCategory: 12 + Math.floor(rnd() * 29),
    contactName: `${pick(FIRST)} ${pick(LAST)}`,
    contactPhone: `+47 ${Math.floor(10_000_000 + rnd() * 89_999_999)}`,
    contactEmail: `master${n}@fleet.example`,
    fleet: pick(FLEETS),
    vesselType: pick(TYPES),
    ownershipCompany: pick(COMPANIES),
    ownershipContactEmail: rnd() < 0.7 ? `ops${n % 50}@owners.example` : undefined,
    onboardingDate: onboarding,
    contractEndDate: rnd() < 0.8 ? date(700, 1100) : undefined,
    ...NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
  };
}

/** An edit as a user makes one: one to three fields of the form changed, the rest as they were. */
function edit(current: VesselDetails, n: number): VesselDetails {
  const next = { ...current };
  const changes = 1 + Math.floor(rnd() * 3);
  for (let c = 0; c < changes; c++) {
    switch (Math.floor(rnd() * 8)) {
      case 0:
        next.contactName = `${pick(FIRST)} ${pick(LAST)}`;
        break;
      case 1:
        next.contactPhone = `+47 ${Math.floor(10_000_000 + rnd() * 89_999_999)}`;
        break;
      case 2:
        next.contactEmail = `master${n}.${Math.floor(rnd() * 100)}@fleet.example`;
        break;
      case 3:
        next.crewSizeCategory = 12 + Math.floor(rnd() * 29);
        break;
      case 4:
        next.contractEndDate = date(700, 1100);
        break;
      case 5:
        next.fleet = pick(FLEETS);
        break;
      case 6:
        next.ownershipCompany = pick(COMPANIES);
        break;
      default:
        next.ownershipContactEmail = `ops${Math.floor(rnd() * 50)}@owners.example`;
    }
  }
  if (rnd() < 0.02) next.vesselName = `${current.vesselName} II`;
  return next;
}

interface Planned {
  at: number;
  event: DomainEvent;
  userId: string | null;
}

/** Every stream's events with increasing times; sorted together they interleave like real traffic. */
function planHistory(total: number): Planned[] {
  const span = 3 * 365 * 86_400_000;
  const planned: Planned[] = [];
  const admins = Array.from({ length: 5 }, uuid);
  const users: string[] = [];

  // Accounts: ~2.5% of the log.
  const userTarget = Math.floor(total * 0.025);
  let userEvents = 0;
  for (let n = 0; userEvents < userTarget; n++) {
    const userId = uuid();
    users.push(userId);
    let at = rnd() * span * 0.9;
    const email = `${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}${n}@fleet.example`;
    planned.push({
      at,
      userId,
      event: {
        type: 'UserRegistered',
        data: { userId, email, firstName: pick(FIRST), lastName: pick(LAST), role: 'fleet_manager', status: 'pending', source: 'signup' },
      },
    });
    userEvents++;
    if (rnd() < 0.8) {
      at += rnd() * 86_400_000 * 3;
      planned.push({ at, userId: pick(admins), event: { type: 'UserApproved', data: { userId, email } } });
      // The mail the approval causes, recorded by the worker.
      planned.push({
        at: at + 5_000,
        userId: null,
        event: {
          type: 'EmailDispatched',
          data: { messageId: uuid(), to: email, subject: 'Your MedChest account is approved', template: 'account-approved', status: 'sent', attempts: 1, causationEventId: uuid() },
        },
      });
      userEvents += 2;
    }
    if (rnd() < 0.3) {
      at += rnd() * 86_400_000 * 30;
      planned.push({ at, userId, event: { type: 'UserProfileUpdated', data: { userId, firstName: pick(FIRST), phone: '+44 20 7946 0000', company: pick(COMPANIES) } } });
      userEvents++;
    }
  }

  // Vessels: the rest. Each is created, edited 3-15 times over its life, and 10% are deleted.
  for (let n = 1; planned.length < total * 1.02; n++) {
    const vesselId = uuid();
    const actor = () => (rnd() < 0.9 ? pick(users) : pick(admins));
    let at = rnd() * span * 0.8;
    let current = details(n);
    planned.push({ at, userId: actor(), event: { type: 'VesselCreated', data: { vesselId, details: current } } });
    const edits = 3 + Math.floor(rnd() * 13);
    for (let e = 0; e < edits; e++) {
      at += rnd() * 86_400_000 * 20;
      current = edit(current, n);
      planned.push({ at, userId: actor(), event: { type: 'VesselUpdated', data: { vesselId, details: current } } });
    }
    if (rnd() < 0.1) {
      at += rnd() * 86_400_000 * 60;
      planned.push({ at, userId: actor(), event: { type: 'VesselDeleted', data: { vesselId, vesselName: current.vesselName } } });
    }
  }
  // Trim to the exact size: the latest events go, so no stream loses its beginning.
  planned.sort((a, b) => a.at - b.at);
  return planned.slice(0, total);
}

// ---------------------------------------------------------------------------------------------
// Seeding: valid rows of the adapter's events table, in bulk
// ---------------------------------------------------------------------------------------------

async function seed(pool: pg.Pool, planned: Planned[]): Promise<void> {
  const heads = new Map<string, { revision: bigint; hash: string }>();
  const start = Date.UTC(2022, 0, 1);
  for (let i = 0; i < planned.length; i += SEED_CHUNK) {
    const chunk = planned.slice(i, i + SEED_CHUNK);
    const columns = { stream: [] as string[], revision: [] as string[], id: [] as string[], type: [] as string[], version: [] as number[], data: [] as string[], metadata: [] as string[], hash: [] as string[], at: [] as string[] };
    for (const { at, event, userId } of chunk) {
      const streamId = streamIdOf(event);
      const head = heads.get(streamId);
      const revision = head ? head.revision + 1n : 0n;
      const id = randomUUID();
      const version = currentEventVersion(event.type);
      const occurredAt = new Date(start + at).toISOString();
      const metadata: EventMetadata = { userId, correlationId: randomUUID(), occurredAt };
      const hash = chainHash(head?.hash ?? '', { streamId, revision, id, type: event.type, version, data: event.data, metadata });
      heads.set(streamId, { revision, hash });
      columns.stream.push(streamId);
      columns.revision.push(revision.toString());
      columns.id.push(id);
      columns.type.push(event.type);
      columns.version.push(version);
      columns.data.push(canonicalJson(event.data));
      columns.metadata.push(canonicalJson(metadata));
      columns.hash.push(hash);
      columns.at.push(occurredAt);
    }
    // One statement per chunk = one transaction id; ORDER BY keeps positions in the planned order.
    await pool.query(
      `INSERT INTO events (stream_id, revision, event_id, type, version, data, metadata, hash, recorded_at)
       SELECT s, r, i, t, v, d, m, h, a
         FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::text[], $9::timestamptz[])
              WITH ORDINALITY AS x(s, r, i, t, v, d, m, h, a, n)
        ORDER BY n`,
      [columns.stream, columns.revision, columns.id, columns.type, columns.version, columns.data, columns.metadata, columns.hash, columns.at],
    );
  }
}

// ---------------------------------------------------------------------------------------------

/** Every table a projection owns: the end result a replay produces. */
const READ_MODEL_TABLES = [...new Set(allProjections.flatMap((p) => p.tables))];

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_catchup');
  const store = createPostgresEventStore({ connectionString: database.url });
  const db = createReadModelDb(database.url);
  // Without error listeners, a connection of this pool dropped by the server (restart, a
  // terminated backend) while idle or checked out is an uncaught 'error' that kills the process
  // (it once did: the dump of a PoolClient, then exit 1). Now it is logged; the query rejects.
  const pool = guardPool(new pg.Pool({ connectionString: database.url, max: 4 }), (error) =>
    console.error(`bench connection lost: ${error.message}`),
  );
  try {
    await store.init();
    await migrateReadModels(db);

    let t = performance.now();
    const planned = planHistory(TOTAL_EVENTS);
    await seed(pool, planned);
    await pool.query('VACUUM ANALYZE events');
    const counts = new Map<string, number>();
    for (const p of planned) counts.set(p.event.type, (counts.get(p.event.type) ?? 0) + 1);
    console.error(`seeded ${planned.length} events in ${((performance.now() - t) / 1000).toFixed(1)} s: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`);

    // The seeded rows are what the adapter writes: their hash chains verify.
    for (const p of planned.slice(0, 2000).filter((_, i) => i % 200 === 0)) {
      const report = await store.verifyStream(streamIdOf(p.event));
      if (!report.ok) throw new Error(`seeded stream ${streamIdOf(p.event)} does not verify: ${report.reason}`);
    }
    const { rows } = await pool.query<{ commit: string; event: string }>(
      'SELECT transaction_id::text AS commit, position::text AS event FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
    );
    const last: LogPosition = { commit: BigInt(rows[0].commit), event: BigInt(rows[0].event) };

    // --- the runner catching up from nothing --------------------------------------------------
    const runner = createProjectionRunner({ db, store, batchSize: BATCH_SIZE });
    t = performance.now();
    await runner.start();
    const reached = await runner.waitFor(last, 30 * 60_000);
    const runnerSeconds = (performance.now() - t) / 1000;
    await runner.stop();
    if (!reached) throw new Error('the runner did not reach the end of the log');

    // --- the same rows, bulk-inserted ---------------------------------------------------------
    const resulting: Record<string, Record<string, unknown>[]> = {};
    let totalRows = 0;
    for (const table of READ_MODEL_TABLES) {
      await pool.query(`CREATE TABLE bulk_${table} (LIKE ${table} INCLUDING ALL)`);
      // Rows as JSON text: what a loader would hand PostgreSQL (timestamps and dates exact).
      const { rows: tableRows } = await pool.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
      resulting[table] = tableRows.map((r) => r.row);
      totalRows += tableRows.length;
    }
    await pool.query('CHECKPOINT');
    t = performance.now();
    await withPoolClient(pool, async (client) => {
      await client.query('BEGIN');
      for (const table of READ_MODEL_TABLES) {
        for (let i = 0; i < resulting[table].length; i += BULK_CHUNK) {
          await client.query(`INSERT INTO bulk_${table} SELECT * FROM jsonb_populate_recordset(NULL::bulk_${table}, $1::jsonb)`, [
            JSON.stringify(resulting[table].slice(i, i + BULK_CHUNK)),
          ]);
        }
      }
      await client.query('COMMIT');
    });
    const bulkSeconds = (performance.now() - t) / 1000;

    // Same rows: a sanity check that the baseline loaded what the runner produced.
    for (const table of READ_MODEL_TABLES) {
      const { rows: diff } = await pool.query(
        `SELECT count(*)::int AS n FROM ((TABLE ${table} EXCEPT TABLE bulk_${table}) UNION ALL (TABLE bulk_${table} EXCEPT TABLE ${table})) d`,
      );
      if (diff[0].n !== 0) throw new Error(`bulk copy of ${table} differs from the runner's rows`);
    }
    console.error(
      `runner: ${TOTAL_EVENTS} events in ${runnerSeconds.toFixed(2)} s (batch ${BATCH_SIZE ?? 'default'}); bulk insert of the resulting ${totalRows} rows: ${bulkSeconds.toFixed(2)} s`,
    );

    recordFigure('projection.catchup_events_per_s', TOTAL_EVENTS / runnerSeconds, 'events/s', { atLeast: 20_000 });
    // bulk insert time / runner catch-up time: higher is better (1.0 = replay costs what loading the result costs).
    recordFigure('projection.ratio_vs_bulk_insert', bulkSeconds / runnerSeconds, 'x');
  } finally {
    // Every pool on the database closed (each step even if one before it failed) before the drop,
    // whose WITH (FORCE) would terminate any connection still open; the drop runs regardless.
    const closing = await Promise.allSettled([pool.end(), db.destroy(), store.close()]);
    await database.drop();
    for (const step of closing) if (step.status === 'rejected') console.error('closing a connection pool failed:', step.reason);
  }
}

await main();
