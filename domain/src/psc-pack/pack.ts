import { certificateStatus, CERTIFICATE_STATUS_LABELS } from '../certificate/rules';
import { batchCounts } from '../compliance/batch';
import { evaluateChest, ITEM_STATUS_LABELS } from '../compliance/status';
import { ORDER_STATUS_LABELS } from '../order/lifecycle';
import { outstandingQuantity, type ExistingOrder } from '../order/state';
import type { ReportVesselFacts } from '../report/build';
import { formatRequirement } from '../scale/required';
import { DomainError } from '../shared/errors';
import { isIsoDate } from '../shared/dates';

/**
 * The port state control pack (issue 13): what an inspector asks to see about a vessel's medical
 * chest on one day, as it stood at the end of that day. Everything in it comes from the vessel's
 * history cut at that date, and it names the stream heads it was built from, so the same pack can
 * be produced again later and shown to be identical. Nothing here reads the clock: the pack is
 * dated by the day it is about.
 */

/** The usage window: the 90 days up to and including the pack's date. */
export const PSC_USAGE_DAYS = 90;

export const PSC_PACK_MESSAGES = {
  invalidDate: 'Please enter a valid date',
  futureDate: 'The date must not be in the future',
  notInFleet: (date: string) => `This vessel was not in the fleet on ${date}`,
} as const;

/**
 * The `date` query of a pack: a real YYYY-MM-DD day not after `today`, or a 400 naming the field.
 * (Both are YYYY-MM-DD, so string order is calendar order.)
 */
export function parsePscPackDate(value: unknown, today: string): string {
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw new DomainError('validation', PSC_PACK_MESSAGES.invalidDate, { date: PSC_PACK_MESSAGES.invalidDate });
  }
  if (value > today) throw new DomainError('validation', PSC_PACK_MESSAGES.futureDate, { date: PSC_PACK_MESSAGES.futureDate });
  return value;
}

/** The 400 of a day on which the vessel was not in the fleet (before it joined, or after it left). */
export function notInFleetForPack(date: string): DomainError {
  const message = PSC_PACK_MESSAGES.notInFleet(date);
  return new DomainError('validation', message, { date: message });
}

/** A stream's head at the end of the pack's date: the last event kept and its chain hash. */
export interface PscStreamHead {
  streamId: string;
  revision: string;
  hash: string;
}

export interface PscPackInput {
  /** YYYY-MM-DD: the day the pack is about. */
  date: string;
  facts: ReportVesselFacts;
  /** The vessel's orders as they stood at the end of the date (any status). */
  orders: readonly ExistingOrder[];
  /** The heads of every stream of the vessel that had events by then, in stream id order. */
  heads: readonly PscStreamHead[];
  /** The latest log position among those events ("commit:event"). */
  logPosition: string;
  /** sha256 over the heads (historyDigest), and its HMAC under the history key. */
  digest: string;
  signature: string;
}

export interface PscBatchLine {
  batchNumber: number;
  quantity: number;
  expiryDate: string | null;
  /** Whether it counted that day (not expired). */
  counts: boolean;
}

export interface PscItemLine {
  scaleId: string;
  description: string;
  required: string;
  onBoard: number;
  status: string;
  batches: PscBatchLine[];
}

export interface PscOrderLine {
  orderNumber: string;
  status: string;
  items: number;
  outstandingUnits: number;
  supplier: string | null;
}

export interface PscUsageLine {
  usageDate: string;
  scaleId: string;
  quantityUsed: number;
}

export interface PscPackDocument {
  title: string;
  date: string;
  vessel: { id: string; name: string; imoNumber: string; flagState: string; fleet: string | null };
  chest: { status: string; criticalItems: number; lowStockItems: number; items: PscItemLine[]; unmatchedBatches: number };
  certificate: { status: string; issuer: string | null; expiryDate: string | null };
  openOrders: PscOrderLine[];
  usage: { from: string; to: string; lines: PscUsageLine[] };
  history: { heads: PscStreamHead[]; logPosition: string; digest: string; signature: string };
}

/** A YYYY-MM-DD day `days` days before another (calendar arithmetic in UTC, no clock). */
export function isoDaysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Orders neither delivered nor cancelled were open. */
const isOpen = (order: ExistingOrder) => order.status !== 'delivered' && order.status !== 'cancelled';

/**
 * The lines a stream-head digest is computed over, one per stream ("streamId revision hash"):
 * the one definition the server hashes and an auditor can recompute from the printed heads.
 */
export function historyDigestText(heads: readonly PscStreamHead[]): string {
  return [...heads]
    .sort((a, b) => a.streamId.localeCompare(b.streamId, 'en'))
    .map((head) => `${head.streamId} ${head.revision} ${head.hash}`)
    .join('\n');
}

export function pscPackDocument(input: PscPackInput): PscPackDocument {
  const { date, facts } = input;
  const chest = evaluateChest(facts.scale, facts.profile, facts.batches, date);
  const items = chest.items.map<PscItemLine>((item) => ({
    scaleId: item.item.id,
    description: item.item.description,
    required: formatRequirement(item.requirement),
    onBoard: item.countedQuantity,
    status: ITEM_STATUS_LABELS[item.status],
    batches: item.batches.map((batch) => ({
      batchNumber: batch.batchNumber,
      quantity: batch.quantity,
      expiryDate: batch.expiryDate ?? null,
      counts: batchCounts(batch, date),
    })),
  }));
  const certificate = facts.certificate
    ? {
        status: CERTIFICATE_STATUS_LABELS[certificateStatus(facts.certificate, new Date(`${date}T00:00:00Z`))],
        issuer: facts.certificate.certificateIssuer,
        expiryDate: facts.certificate.expiryDate,
      }
    : { status: CERTIFICATE_STATUS_LABELS.not_issued, issuer: null, expiryDate: null };
  const from = isoDaysBefore(date, PSC_USAGE_DAYS - 1);
  const usage = facts.usage
    .filter((use) => use.usageDate >= from && use.usageDate <= date)
    .map((use) => ({ usageDate: use.usageDate, scaleId: use.scaleId, quantityUsed: use.quantityUsed }))
    .sort((a, b) => a.usageDate.localeCompare(b.usageDate) || a.scaleId.localeCompare(b.scaleId, 'en'));
  const openOrders = input.orders
    .filter(isOpen)
    .map((order) => ({
      orderNumber: order.orderNumber,
      status: ORDER_STATUS_LABELS[order.status],
      items: order.items.length,
      outstandingUnits: order.items.reduce((sum, item) => sum + outstandingQuantity(order, item), 0),
      supplier: order.supplier?.supplierName ?? null,
    }))
    .sort((a, b) => a.orderNumber.localeCompare(b.orderNumber, 'en'));
  return {
    title: `Port state control pack: ${facts.vesselName}, ${date}`,
    date,
    vessel: { id: facts.id, name: facts.vesselName, imoNumber: facts.imoNumber, flagState: facts.flagState, fleet: facts.fleet },
    chest: { status: chest.status, criticalItems: chest.criticalItems, lowStockItems: chest.lowStockItems, items, unmatchedBatches: chest.unmatchedBatches.length },
    certificate,
    openOrders,
    usage: { from, to: date, lines: usage },
    history: {
      heads: [...input.heads].sort((a, b) => a.streamId.localeCompare(b.streamId, 'en')),
      logPosition: input.logPosition,
      digest: input.digest,
      signature: input.signature,
    },
  };
}

/** The pack's file name: the vessel and the day, safe for any file system. */
export function pscPackFileName(vesselName: string, date: string): string {
  const safe = vesselName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'vessel';
  return `PSC-pack-${safe}-${date}.pdf`;
}
