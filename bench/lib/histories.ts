/**
 * Event logs for the projection benchmarks (catch-up and rebuild), each a mix a real deployment
 * could write, seeded in bulk straight into the PostgreSQL adapter's `events` table with the hash
 * chain computed by the adapter's own `chainHash`, so every row is what an append writes.
 *
 * - vesselEditsHistory: a vessel registry edited over and over (vessels created, edited 3-15 times,
 *   sometimes deleted; accounts and their mails). No chest is ever stocked: the mix that showed a
 *   vessel update rewriting the vessel's requirement rows.
 * - stockHistory: the reads bench's fleet (1,000 vessels, each created and stocked with 600
 *   batches in one append): few vessels, many inventory events.
 * A realistic year is the demo's own, copied to size: demoYear.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  currentEventVersion,
  MEDICAL_CATEGORIES,
  NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
  type DomainEvent,
  type EventMetadata,
  type MedicalCategory,
  type VesselDetails,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { canonicalJson, chainHash, type LogPosition } from '@medchest/eventstore';
import { lastCommittedPosition } from '@medchest/eventstore/postgres/index';
import { streamIdOf } from '@medchest/projections/testing/events';
import type pg from 'pg';
import { random } from './random';

export interface Planned {
  /** Milliseconds after the history's start: its occurredAt, and its place in the log. */
  at: number;
  event: DomainEvent;
  userId: string | null;
  /** Default: the stream the event's data names (streamIdOf). */
  streamId?: string;
}

const DAY = 86_400_000;

/** A generator's dice: deterministic, so every run of a bench builds the same log. */
function dice(seed: number) {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
  const between = (low: number, high: number) => low + Math.floor(rnd() * (high - low + 1));
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return { rnd, pick, between, uuid };
}

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

type Dice = ReturnType<typeof dice>;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A vessel's form as first filled in. The draws come in the order the catch-up bench always made
 * them, so vesselEditsHistory builds the log it always built; `withProfile` draws a medical profile
 * after them (category, women on board, dangerous goods) instead of the defaults.
 */
function vesselDetailsFor(d: Dice, n: number, base: number, withProfile: boolean): VesselDetails {
  const date = (from: number, spanDays: number) => isoDay(base + Math.floor(from + d.rnd() * spanDays) * DAY);
  const onboardingDate = date(0, 700);
  const details: VesselDetails = {
    vesselName: `${d.pick(PREFIXES)} ${d.pick(NAMES)} ${d.pick(SUFFIXES)} ${n}`,
    imoNumber: imo(n * 7919),
    flagState: d.pick(FLAGS),
    crewSizeCategory: 12 + Math.floor(d.rnd() * 29),
    contactName: `${d.pick(FIRST)} ${d.pick(LAST)}`,
    contactPhone: `+47 ${Math.floor(10_000_000 + d.rnd() * 89_999_999)}`,
    contactEmail: `master${n}@fleet.example`,
    fleet: d.pick(FLEETS),
    vesselType: d.pick(TYPES),
    ownershipCompany: d.pick(COMPANIES),
    ownershipContactEmail: d.rnd() < 0.7 ? `ops${n % 50}@owners.example` : undefined,
    onboardingDate,
    contractEndDate: d.rnd() < 0.8 ? date(700, 1100) : undefined,
    ...NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
  };
  if (!withProfile) return details;
  const r = d.rnd();
  const medicalCategory: MedicalCategory = r < 0.7 ? 'A' : r < 0.9 ? 'B' : MEDICAL_CATEGORIES[2];
  return { ...details, medicalCategory, womenOnBoard: d.rnd() < 0.4, carriesDangerousGoods: d.rnd() < 0.25 };
}

/** An edit as a user makes one: one to three fields of the form changed, the rest as they were. */
function editDetails(d: Dice, current: VesselDetails, n: number, base: number): VesselDetails {
  const next = { ...current };
  const changes = 1 + Math.floor(d.rnd() * 3);
  for (let c = 0; c < changes; c++) {
    switch (Math.floor(d.rnd() * 8)) {
      case 0:
        next.contactName = `${d.pick(FIRST)} ${d.pick(LAST)}`;
        break;
      case 1:
        next.contactPhone = `+47 ${Math.floor(10_000_000 + d.rnd() * 89_999_999)}`;
        break;
      case 2:
        next.contactEmail = `master${n}.${Math.floor(d.rnd() * 100)}@fleet.example`;
        break;
      case 3:
        next.crewSizeCategory = 12 + Math.floor(d.rnd() * 29);
        break;
      case 4:
        next.contractEndDate = isoDay(base + (700 + Math.floor(d.rnd() * 1100)) * DAY);
        break;
      case 5:
        next.fleet = d.pick(FLEETS);
        break;
      case 6:
        next.ownershipCompany = d.pick(COMPANIES);
        break;
      default:
        next.ownershipContactEmail = `ops${Math.floor(d.rnd() * 50)}@owners.example`;
    }
  }
  if (d.rnd() < 0.02) next.vesselName = `${current.vesselName} II`;
  return next;
}

/** An account registering, mostly approved (with its mail), sometimes editing its profile. */
function accountEvents(d: Dice, n: number, atOf: () => number, role: 'fleet_manager' | 'auditor', approver: () => string): { userId: string; planned: Planned[] } {
  const userId = d.uuid();
  let at = atOf();
  const email = `${d.pick(FIRST).toLowerCase()}.${d.pick(LAST).toLowerCase()}${n}@fleet.example`;
  const planned: Planned[] = [
    { at, userId, event: { type: 'UserRegistered', data: { userId, email, firstName: d.pick(FIRST), lastName: d.pick(LAST), role, status: 'pending', source: 'signup' } } },
  ];
  if (d.rnd() < 0.8) {
    at += d.rnd() * DAY * 3;
    planned.push({ at, userId: approver(), event: { type: 'UserApproved', data: { userId, email } } });
    // The mail the approval causes, recorded by the worker.
    planned.push({
      at: at + 5_000,
      userId: null,
      event: {
        type: 'EmailDispatched',
        data: { messageId: d.uuid(), to: email, subject: 'Your MedChest account is approved', template: 'account-approved', status: 'sent', attempts: 1, causationEventId: d.uuid() },
      },
    });
  }
  if (d.rnd() < 0.3) {
    at += d.rnd() * DAY * 30;
    planned.push({ at, userId, event: { type: 'UserProfileUpdated', data: { userId, firstName: d.pick(FIRST), phone: '+44 20 7946 0000', company: d.pick(COMPANIES) } } });
  }
  return { userId, planned };
}

/**
 * A vessel registry edited over and over, `total` events over three years: accounts (~2.5%),
 * vessels created, edited 3-15 times (one to three fields each) and 10% deleted. No chest.
 */
export function vesselEditsHistory(total: number): Planned[] {
  const d = dice(20_250_601);
  const span = 3 * 365 * DAY;
  const base = Date.UTC(2023, 0, 1);
  const planned: Planned[] = [];
  const admins = Array.from({ length: 5 }, d.uuid);
  const users: string[] = [];

  const userTarget = Math.floor(total * 0.025);
  for (let n = 0; planned.length < userTarget; n++) {
    const account = accountEvents(d, n, () => d.rnd() * span * 0.9, 'fleet_manager', () => d.pick(admins));
    users.push(account.userId);
    planned.push(...account.planned);
  }
  for (let n = 1; planned.length < total * 1.02; n++) {
    const vesselId = d.uuid();
    const actor = () => (d.rnd() < 0.9 ? d.pick(users) : d.pick(admins));
    let at = d.rnd() * span * 0.8;
    let current = vesselDetailsFor(d, n, base, false);
    planned.push({ at, userId: actor(), event: { type: 'VesselCreated', data: { vesselId, details: current } } });
    const edits = 3 + Math.floor(d.rnd() * 13);
    for (let e = 0; e < edits; e++) {
      at += d.rnd() * DAY * 20;
      current = editDetails(d, current, n, base);
      planned.push({ at, userId: actor(), event: { type: 'VesselUpdated', data: { vesselId, details: current } } });
    }
    if (d.rnd() < 0.1) {
      at += d.rnd() * DAY * 60;
      planned.push({ at, userId: actor(), event: { type: 'VesselDeleted', data: { vesselId, vesselName: current.vesselName } } });
    }
  }
  return inLogOrder(planned, total);
}

/**
 * The reads bench's fleet: `vessels` vessels, each created and then stocked with
 * `batchesPerVessel` batches spread over every item of the shipped scale, appended at once (one
 * bulk input), vessel after vessel.
 */
export function stockHistory(vessels: number, batchesPerVessel = 600): Planned[] {
  const d = dice(20_250_603);
  const base = Date.UTC(2024, 0, 1);
  const items = loadShippedScale().items;
  const planned: Planned[] = [];
  for (let n = 1; n <= vessels; n++) {
    const vesselId = d.uuid();
    const at = n * 60_000;
    planned.push({ at, userId: null, event: { type: 'VesselCreated', data: { vesselId, details: vesselDetailsFor(d, n, base, true) } } });
    items.forEach((item, i) => {
      const count = Math.floor(batchesPerVessel / items.length) + (i < batchesPerVessel % items.length ? 1 : 0);
      for (let b = 0; b < count; b++) {
        planned.push({
          at: at + 1_000,
          userId: null,
          event: {
            type: 'BatchAdded',
            data: {
              batchId: d.uuid(),
              vesselId,
              scaleId: item.id,
              batchNumber: b + 1,
              productName: `${item.description} ${item.formStrength}`.trim(),
              quantity: d.between(1, 30),
              expiryDate: isoDay(base + d.between(-400, 1_100) * DAY),
            },
          },
        });
      }
    });
  }
  return planned;
}

/** Sorted by time (each stream's events keep their order: the sort is stable); the latest cut off at `total`. */
function inLogOrder(planned: Planned[], total: number): Planned[] {
  planned.sort((a, b) => a.at - b.at);
  return planned.slice(0, total);
}

/** How many of each event type. */
export function describeMix(planned: readonly Planned[]): string {
  const counts = new Map<string, number>();
  for (const p of planned) counts.set(p.event.type, (counts.get(p.event.type) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

const SEED_CHUNK = 5_000;

/**
 * Write the planned events as the adapter's rows, in bulk (multi-row INSERTs of ~5,000 events per
 * transaction), and answer the log's last position. `start` is the wall-clock time of `at` 0.
 */
export async function seedLog(pool: pg.Pool, planned: readonly Planned[], start: number): Promise<LogPosition> {
  const heads = new Map<string, { revision: bigint; hash: string }>();
  for (let i = 0; i < planned.length; i += SEED_CHUNK) {
    const chunk = planned.slice(i, i + SEED_CHUNK);
    const columns = { stream: [] as string[], revision: [] as string[], id: [] as string[], type: [] as string[], version: [] as number[], data: [] as string[], metadata: [] as string[], hash: [] as string[], at: [] as string[] };
    for (const { at, event, userId, streamId: stream } of chunk) {
      const streamId = stream ?? streamIdOf(event);
      const head = heads.get(streamId);
      const revision = head ? head.revision + 1n : 0n;
      const id = randomUUID();
      const version = currentEventVersion(event.type);
      const occurredAt = new Date(start + at).toISOString();
      const metadata: EventMetadata = { userId, correlationId: randomUUID(), occurredAt };
      const data = event.data;
      const hash = chainHash(head?.hash ?? '', { streamId, revision, id, type: event.type, version, data, metadata });
      heads.set(streamId, { revision, hash });
      columns.stream.push(streamId);
      columns.revision.push(revision.toString());
      columns.id.push(id);
      columns.type.push(event.type);
      columns.version.push(version);
      columns.data.push(canonicalJson(data));
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
  await pool.query('VACUUM ANALYZE events');
  const last = await lastCommittedPosition(pool);
  if (!last) throw new Error('nothing was seeded');
  return last;
}

/**
 * Wait until readers of the log see all `count` events: readers only see transactions older than
 * the oldest one still running in the whole cluster (the store's rule), and on a shared machine
 * another database's transaction can hold that back for a moment after seeding.
 */
export async function waitUntilReadable(pool: pg.Pool, count: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())');
    if (rows[0].n >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${count} seeded events readable after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** BENCH_SCALE (default 1) shrinks a bench's sizes for a quick local run; reported figures come from 1. */
export const BENCH_SCALE = Number(process.env.BENCH_SCALE ?? 1);
export const scaled = (n: number) => Math.max(1, Math.round(n * BENCH_SCALE));
