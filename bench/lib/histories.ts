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
 * - yearHistory: a realistic year of a fleet using the product every day (see its comment).
 */
import { randomUUID } from 'node:crypto';
import {
  currentEventVersion,
  MEDICAL_CATEGORIES,
  NEW_VESSEL_MEDICAL_PROFILE_DEFAULTS,
  medicalProfileOf,
  requiredQuantity,
  scaleImportedData,
  type DomainEvent,
  type EventMetadata,
  type MedicalCategory,
  type OrderStatus,
  type VesselDetails,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { canonicalJson, chainHash, type LogPosition } from '@medchest/eventstore';
import { streamIdOf } from '@medchest/projections/testing/events';
import type pg from 'pg';
import { random } from './random';

export interface Planned {
  /** Milliseconds after the history's start: its occurredAt, and its place in the log. */
  at: number;
  event: DomainEvent;
  userId: string | null;
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

interface LiveBatch {
  batchId: string;
  scaleId: string;
  quantity: number;
  expiry: number | undefined;
}

/**
 * A realistic year of a fleet using the product, `total` events (about a thousand per vessel, so
 * a million events is a fleet of about a thousand vessels). Modelled on the demo's chests (every
 * required item in one to three batches, instruments without expiry dates) and on how a chest is
 * kept on board:
 * - vessels onboarded (85% in the year's first month, the rest through the year; 2% deleted), each
 *   stocked by a bulk input a few days later (one append of its batches and the import record);
 *   a certificate recorded, renewed or expired;
 * - a monthly stock-take: a count recorded for the batches whose figure differs (about one in six);
 * - usage a few times a week (a crew member treated, one to three units);
 * - expired batches disposed of (a count to zero) or taken off the record;
 * - an order a quarter: numbered, created from the shortfall, approved, sent to a supplier (with
 *   its mail), quoted, acknowledged, delivered and received (a batch added per item received);
 * - vessel edits about every two months, a third of them crew changes (the chest's profile);
 * - a flag state's scale imported mid-year and assigned to a few vessels;
 * - fleet managers and auditors registering, approved and assigned vessels.
 * Not in it: generated reports (their events carry whole tables; few a year).
 */
export function yearHistory(total: number): Planned[] {
  const d = dice(20_250_604);
  const year = 365 * DAY;
  const base = Date.UTC(2025, 0, 1);
  const scale = loadShippedScale();
  const planned: Planned[] = [];
  const admins = Array.from({ length: 3 }, d.uuid);
  const managers: string[] = [];
  const vesselIds: string[] = [];
  let orderSequence = 0;
  let accounts = 0;
  const push = (at: number, userId: string | null, event: DomainEvent) => planned.push({ at, userId, event });

  const flagScale = { ...scale, id: 'flag-liberia-2025', name: 'Liberia flag table 2025', source: 'Flag circular', effectiveDate: '2025-06-01' };
  const flagScaleAt = 180 * DAY;
  push(flagScaleAt, admins[0], { type: 'ScaleImported', data: scaleImportedData(flagScale, 'c'.repeat(64)) });

  for (let n = 1; planned.length < total * 1.01; n++) {
    // A fleet manager per twenty vessels, an auditor per fifty: registered before their vessels.
    if (n % 20 === 1 || n % 50 === 1) {
      const role = n % 20 === 1 ? 'fleet_manager' : 'auditor';
      const account = accountEvents(d, accounts++, () => Math.min(n / 10, 300) * DAY * d.rnd(), role, () => d.pick(admins));
      planned.push(...account.planned);
      if (role === 'fleet_manager') managers.push(account.userId);
    }
    const manager = managers[managers.length - 1];
    const vesselId = d.uuid();
    vesselIds.push(vesselId);
    const createdAt = d.rnd() < 0.85 ? d.rnd() * 30 * DAY : d.rnd() * 330 * DAY;
    let details = vesselDetailsFor(d, n, base - 400 * DAY, true);
    push(createdAt, manager, { type: 'VesselCreated', data: { vesselId, details } });
    if (n % 20 === 0) push(createdAt + 60_000, d.pick(admins), { type: 'UserVesselsAssigned', data: { userId: manager, vesselIds: vesselIds.slice(-20) } });

    // The first stock-take: one bulk input of the whole chest.
    const live: LiveBatch[] = [];
    const stockedAt = createdAt + d.between(1, 7) * DAY;
    const profile = () => medicalProfileOf(details);
    let added = 0;
    for (const item of scale.items) {
      const requirement = requiredQuantity(item, profile());
      const required = requirement.kind === 'required' ? Math.ceil(requirement.amount) : 0;
      if (required === 0 && d.rnd() < 0.7) continue;
      const perishable = d.rnd() < 0.8;
      const count = d.between(1, 3);
      for (let b = 1; b <= count; b++) {
        const batch: LiveBatch = {
          batchId: d.uuid(),
          scaleId: item.id,
          quantity: Math.max(1, Math.ceil(Math.max(required, 2) / count) + d.between(0, 3)),
          expiry: perishable ? stockedAt + d.between(60, 1_100) * DAY : undefined,
        };
        live.push(batch);
        added++;
        push(stockedAt, manager, {
          type: 'BatchAdded',
          data: {
            batchId: batch.batchId,
            vesselId,
            scaleId: item.id,
            batchNumber: b,
            productName: `${item.description} ${item.formStrength}`.trim(),
            quantity: batch.quantity,
            ...(batch.expiry === undefined ? {} : { expiryDate: isoDay(base + batch.expiry) }),
          },
        });
      }
    }
    push(stockedAt, manager, {
      type: 'InventoryImported',
      data: { vesselId, importId: d.uuid(), fileName: `chest-${n}.csv`, source: 'csv', successCount: added, errorCount: d.rnd() < 0.2 ? 1 : 0, errors: [] },
    });

    // The certificate.
    const certificateExpiry = stockedAt + d.between(30, 500) * DAY;
    const certificate = { vesselId, vesselName: details.vesselName, expiryDate: isoDay(base + certificateExpiry), certificateIssuer: 'Port Health Authority' };
    push(stockedAt + DAY, manager, { type: 'CertificateRecorded', data: { ...certificate, issueDate: isoDay(base + stockedAt) } });
    if (certificateExpiry < year) {
      if (d.rnd() < 0.85) {
        const renewedAt = certificateExpiry - d.between(1, 20) * DAY;
        push(renewedAt, manager, { type: 'CertificateRecorded', data: { ...certificate, expiryDate: isoDay(base + renewedAt + 365 * DAY), issueDate: isoDay(base + renewedAt) } });
      } else {
        push(certificateExpiry + DAY, null, { type: 'CertificateExpired', data: { ...certificate, expiredOn: isoDay(base + certificateExpiry + DAY) } });
      }
    }

    // The life of the chest, day by day (so each batch's quantity is the one on record).
    const deletedAt = d.rnd() < 0.02 ? stockedAt + d.rnd() * (year - stockedAt) : Infinity;
    const end = Math.min(year, deletedAt);
    let nextCount = stockedAt + d.between(20, 40) * DAY;
    let nextOrder = stockedAt + d.between(60, 100) * DAY;
    let nextEdit = createdAt + d.between(30, 90) * DAY;
    let batchNumber = 10;
    for (let day = stockedAt + DAY; day < end; day += DAY) {
      const at = () => day + d.rnd() * DAY * 0.9;
      // Usage, about three times a week.
      if (d.rnd() < 0.43) {
        const candidates = live.filter((b) => b.quantity > 0);
        if (candidates.length > 0) {
          const batch = d.pick(candidates);
          const used = Math.min(batch.quantity, d.between(1, 3));
          push(at(), manager, {
            type: 'BatchUsageRecorded',
            data: {
              batchId: batch.batchId,
              vesselId,
              scaleId: batch.scaleId,
              quantityUsed: used,
              previousQuantity: batch.quantity,
              quantityRemaining: batch.quantity - used,
              reason: d.pick(['Treatment', 'First aid', 'Injury', 'Illness']),
              crewMemberName: d.rnd() < 0.5 ? `${d.pick(FIRST)} ${d.pick(LAST)}` : undefined,
              usageDate: isoDay(base + day),
            },
          });
          batch.quantity -= used;
        }
      }
      // Expired batches: disposed of (counted to zero) or taken off the record.
      for (let i = live.length - 1; i >= 0; i--) {
        const batch = live[i];
        if (batch.expiry === undefined || batch.expiry + 10 * DAY > day || d.rnd() < 0.8) continue;
        if (d.rnd() < 0.5 && batch.quantity > 0) {
          push(at(), manager, { type: 'BatchAdjusted', data: { batchId: batch.batchId, vesselId, scaleId: batch.scaleId, previousQuantity: batch.quantity, newQuantity: 0, reason: 'disposal' } });
        } else {
          push(at(), manager, { type: 'BatchRemoved', data: { batchId: batch.batchId, vesselId, scaleId: batch.scaleId, reason: 'Expired' } });
        }
        live.splice(i, 1);
      }
      // The monthly stock-take: one append of the counts that differ.
      if (day >= nextCount) {
        nextCount += d.between(25, 35) * DAY;
        const countedAt = at();
        for (const batch of live) {
          if (d.rnd() > 0.16) continue;
          const counted = Math.max(0, batch.quantity + d.between(-3, 2));
          if (counted === batch.quantity) continue;
          push(countedAt, manager, { type: 'BatchAdjusted', data: { batchId: batch.batchId, vesselId, scaleId: batch.scaleId, previousQuantity: batch.quantity, newQuantity: counted, reason: 'count' } });
          batch.quantity = counted;
        }
      }
      // An order a quarter, from creation to the goods received.
      if (day >= nextOrder) {
        nextOrder += d.between(75, 105) * DAY;
        let t = at();
        const orderId = d.uuid();
        const orderNumber = `ORD-2025-${String(++orderSequence).padStart(5, '0')}`;
        const short = scale.items.filter(() => d.rnd() < 0.15);
        const items = short.map((item) => ({
          id: d.uuid(),
          scaleId: item.id,
          scaleDescription: item.description,
          requiredQuantity: d.between(2, 20),
          currentInventory: d.between(0, 2),
          orderQuantity: d.between(2, 20),
        }));
        const common = { orderId, orderNumber, vesselId };
        push(t, manager, { type: 'OrderNumberAssigned', data: { orderNumber, sequence: orderSequence, orderId } });
        push(t, manager, {
          type: 'OrderCreated',
          data: { ...common, vesselName: details.vesselName, imoNumber: details.imoNumber, expiryThreshold: isoDay(base + day + 90 * DAY), items },
        });
        const move = (from: OrderStatus, to: OrderStatus, by: 'fleet' | 'supplier') => {
          t += d.between(1, 48) * 3_600_000;
          push(t, by === 'fleet' ? manager : null, {
            type: 'OrderStatusChanged',
            data: { ...common, from, to, who: by === 'fleet' ? manager : null, by, when: new Date(base + t).toISOString() },
          });
        };
        move('draft', 'approved', 'fleet');
        t += 3_600_000;
        push(t, manager, {
          type: 'OrderVendorAssigned',
          data: { ...common, supplierName: 'Marine Medical Supplies', supplierEmail: 'orders@marinemed.example', assignedBy: manager, assignedAt: new Date(base + t).toISOString() },
        });
        move('approved', 'ordered', 'fleet');
        push(t + 5_000, null, {
          type: 'EmailDispatched',
          data: { messageId: d.uuid(), to: 'orders@marinemed.example', subject: `Purchase order ${orderNumber}`, template: 'order-to-supplier', status: 'sent', attempts: 1, causationEventId: d.uuid() },
        });
        if (items.length > 0) {
          t += d.between(1, 24) * 3_600_000;
          push(t, null, { type: 'OrderItemsQuoted', data: { orderId, by: 'supplier', quotes: items.map((i) => ({ orderItemId: i.id, unitCost: d.between(1, 200) })) } });
        }
        move('ordered', 'acknowledged', 'supplier');
        move('acknowledged', 'delivered', 'supplier');
        if (items.length > 0) {
          t += d.between(1, 72) * 3_600_000;
          const received = items.map((item) => ({
            orderItemId: item.id,
            scaleId: item.scaleId,
            batchId: d.uuid(),
            quantityReceived: item.orderQuantity,
            batchNumber: ++batchNumber,
            expiryDate: isoDay(base + t + d.between(300, 1_100) * DAY),
          }));
          push(t, manager, { type: 'OrderItemsReceived', data: { orderId, vesselId, receiptId: d.uuid(), items: received } });
          for (const r of received) {
            push(t, manager, {
              type: 'BatchAdded',
              data: { batchId: r.batchId, vesselId, scaleId: r.scaleId, batchNumber: r.batchNumber, quantity: r.quantityReceived, expiryDate: r.expiryDate, orderId },
            });
            live.push({ batchId: r.batchId, scaleId: r.scaleId, quantity: r.quantityReceived, expiry: Date.parse(r.expiryDate) - base });
          }
        }
      }
      // Vessel edits: every couple of months, a third of them a crew change.
      if (day >= nextEdit) {
        nextEdit += d.between(30, 90) * DAY;
        details = d.rnd() < 0.33 ? { ...details, crewSizeCategory: 12 + Math.floor(d.rnd() * 29) } : editDetails(d, details, n, base);
        push(at(), manager, { type: 'VesselUpdated', data: { vesselId, details } });
      }
      if (n % 20 === 7 && day >= flagScaleAt && day < flagScaleAt + DAY) {
        push(at(), d.pick(admins), { type: 'VesselScaleAssigned', data: { vesselId, scaleId: flagScale.id, scaleName: flagScale.name } });
      }
    }
    if (deletedAt < year) push(deletedAt, manager, { type: 'VesselDeleted', data: { vesselId, vesselName: details.vesselName } });
  }
  return inLogOrder(planned, total);
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
    for (const { at, event, userId } of chunk) {
      const streamId = streamIdOf(event);
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
  const { rows } = await pool.query<{ commit: string; event: string }>(
    'SELECT transaction_id::text AS commit, position::text AS event FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  );
  return { commit: BigInt(rows[0].commit), event: BigInt(rows[0].event) };
}

/** BENCH_SCALE (default 1) shrinks a bench's sizes for a quick local run; reported figures come from 1. */
export const BENCH_SCALE = Number(process.env.BENCH_SCALE ?? 1);
export const scaled = (n: number) => Math.max(1, Math.round(n * BENCH_SCALE));
