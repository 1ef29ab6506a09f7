/**
 * Cost per event (issue 14), what this read model may write: one timeline row per event that
 * concerns a vessel (it is the timeline), keyed by its log position (a batch appends at the right
 * edge of the key; the newest-first index only reads use is built after a rebuild's rows), its
 * changes as json text; and what the next entries need to tell before from after: the vessel's
 * state when an event changes it (details, certificate, scale, order numbers), a batch's number and
 * quantity when an event adds or changes the batch, the (vessel, stream) pair once (proposed only
 * by an event that may be the first of its stream to name the vessel: on the vessel's own streams,
 * their first event; on others, such as an order's, every event). Folded per vessel and per batch
 * over a batch of events: a statement per table, and reads only of the states of the vessels its
 * events name and of the batches they change without adding them.
 */
import {
  ALL_EVENT_TYPES,
  BATCH_ADJUSTMENT_REASON_LABELS,
  ORDER_STATUS_LABELS,
  detailChanges,
  historyEventLabel,
  inventoryStreamId,
  vesselScaleStreamId,
  vesselStreamId,
  type HistoryChange,
} from '@medchest/domain';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, type ProjectedEvent } from '../projection';
import { appendRows, storedRowsByKey, updateRows, writeLikelyNewRows, writeRows } from '../sql';
import type { VesselHistoryBatchesTable, VesselHistoryTable } from './migration';

interface VesselState {
  details?: Record<string, unknown>;
  certificate?: { expiryDate: string; certificateIssuer: string };
  scale?: string;
  /** The vessel's orders' numbers by id: a receipt names its order by id only. */
  orders?: Record<string, string>;
}
type Batch = { batchNumber: number; quantity: number };

/** The vessel an event concerns: the vesselId its data names, if any. */
export function eventVesselId(event: { data: unknown }): string | undefined {
  const data = event.data as { vesselId?: unknown } | null;
  return data && typeof data.vesselId === 'string' ? data.vesselId : undefined;
}

const change = (field: string, before: HistoryChange['before'], after: HistoryChange['after']): HistoryChange => ({ field, before, after });

/** What the timeline says of an event: a summary and the values it changed, before and after. */
export function describeHistoryEntry(
  event: ProjectedEvent,
  vessel: VesselState,
  batches: Map<string, Batch>,
): { summary: string; changes: HistoryChange[] } {
  switch (event.type) {
    case 'VesselCreated':
      return { summary: `Vessel ${event.data.details.vesselName} added to the fleet`, changes: detailChanges(null, event.data.details as unknown as Record<string, unknown>) };
    case 'VesselUpdated': {
      const changes = detailChanges(vessel.details ?? null, event.data.details as unknown as Record<string, unknown>);
      return { summary: changes.length > 0 ? `Changed: ${changes.map((c) => c.field).join(', ')}` : 'Saved without changes', changes };
    }
    case 'VesselDeleted':
      return { summary: `Vessel ${event.data.vesselName} removed from the fleet`, changes: [] };
    case 'CertificateExpired':
      return { summary: `Certificate issued by ${event.data.certificateIssuer} expired on ${event.data.expiryDate}`, changes: [] };
    case 'CertificateRecorded': {
      const { expiryDate, certificateIssuer, file } = event.data;
      return {
        summary: `Certificate issued by ${certificateIssuer}, expiring ${expiryDate}${file ? ` (${file.fileName})` : ''}`,
        changes: [
          change('Certificate expiry', vessel.certificate?.expiryDate ?? null, expiryDate),
          change('Certificate issuer', vessel.certificate?.certificateIssuer ?? null, certificateIssuer),
        ].filter((c) => c.before !== c.after),
      };
    }
    case 'BatchAdded': {
      const { scaleId, batchNumber, quantity, expiryDate } = event.data;
      return {
        summary: `${scaleId} batch ${batchNumber}: ${quantity} on board${expiryDate ? `, expiring ${expiryDate}` : ''}`,
        changes: [change(`${scaleId} batch ${batchNumber} quantity`, null, quantity), ...(expiryDate ? [change(`${scaleId} batch ${batchNumber} expiry`, null, expiryDate)] : [])],
      };
    }
    case 'BatchAdjusted': {
      const { batchId, scaleId, previousQuantity, newQuantity, reason, note } = event.data;
      const number = batches.get(batchId)?.batchNumber;
      const batch = `${scaleId} batch${number === undefined ? '' : ` ${number}`}`;
      return {
        summary: `${batch}: ${BATCH_ADJUSTMENT_REASON_LABELS[reason]}${note ? ` (${note})` : ''}`,
        changes: [change(`${batch} quantity`, previousQuantity, newQuantity)],
      };
    }
    case 'BatchUsageRecorded': {
      const { batchId, scaleId, quantityUsed, previousQuantity, quantityRemaining, reason, crewMemberName, usageDate } = event.data;
      const number = batches.get(batchId)?.batchNumber;
      const batch = `${scaleId} batch${number === undefined ? '' : ` ${number}`}`;
      return {
        summary: `${batch}: ${quantityUsed} used on ${usageDate}${crewMemberName ? ` by ${crewMemberName}` : ''} (${reason})`,
        changes: [change(`${batch} quantity`, previousQuantity, quantityRemaining)],
      };
    }
    case 'BatchRemoved': {
      const known = batches.get(event.data.batchId);
      const batch = `${event.data.scaleId} batch${known ? ` ${known.batchNumber}` : ''}`;
      return {
        summary: `${batch} taken off the record${event.data.reason ? ` (${event.data.reason})` : ''}`,
        changes: [change(`${batch} quantity`, known?.quantity ?? null, null)],
      };
    }
    case 'InventoryImported': {
      const { fileName, successCount, errorCount } = event.data;
      return {
        summary: `${successCount} ${successCount === 1 ? 'item' : 'items'} imported from ${fileName}${errorCount > 0 ? ` (${errorCount} refused)` : ''}`,
        changes: [],
      };
    }
    case 'VesselScaleAssigned': {
      const name = event.data.scaleName ?? event.data.scaleId;
      return { summary: `Requirements follow ${name}`, changes: [change('Medical scale', vessel.scale ?? null, name)] };
    }
    case 'OrderCreated': {
      const { orderNumber, items, notes } = event.data;
      const lines = items.filter((item) => item.orderQuantity > 0).map((item) => `${item.orderQuantity} of ${item.scaleId}`);
      return {
        summary: `Order ${orderNumber} created: ${lines.join(', ')}${notes ? ` (${notes})` : ''}`,
        changes: [change(`Order ${orderNumber} status`, null, ORDER_STATUS_LABELS.draft)],
      };
    }
    case 'OrderStatusChanged': {
      const { orderNumber, from, to, by } = event.data;
      return {
        summary: `Order ${orderNumber}: ${ORDER_STATUS_LABELS[to]}${by === 'supplier' ? ' (by the supplier)' : ''}`,
        changes: [change(`Order ${orderNumber} status`, ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to])],
      };
    }
    case 'OrderVendorAssigned': {
      const { orderNumber, supplierName, supplierEmail } = event.data;
      return { summary: `Order ${orderNumber} sent to ${supplierName} (${supplierEmail})`, changes: [change(`Order ${orderNumber} supplier`, null, supplierName)] };
    }
    case 'OrderItemsReceived': {
      const number = vessel.orders?.[event.data.orderId];
      const lines = event.data.items.map((item) => `${item.quantityReceived} of ${item.scaleId} as batch ${item.batchNumber}${item.expiryDate ? `, expiring ${item.expiryDate}` : ''}`);
      return { summary: `${number ? `Order ${number}` : 'An order'} received on board: ${lines.join('; ')}`, changes: [] };
    }
    default: {
      // An event of another area (certificates to come …): its plain values, as recorded.
      const data = (event.data ?? {}) as Record<string, unknown>;
      const changes = Object.entries(data)
        .filter(([field, value]) => field !== 'vesselId' && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
        .map(([field, value]) => change(field, null, value as string | number | boolean));
      return { summary: historyEventLabel(event.type), changes };
    }
  }
}

/** The state an event leaves behind for the next entry's "before". */
function evolve(event: ProjectedEvent, vessel: VesselState, batches: Map<string, Batch>): VesselState {
  switch (event.type) {
    case 'VesselCreated':
    case 'VesselUpdated':
      return { ...vessel, details: event.data.details as unknown as Record<string, unknown> };
    case 'CertificateRecorded':
      return { ...vessel, certificate: { expiryDate: event.data.expiryDate, certificateIssuer: event.data.certificateIssuer } };
    case 'VesselScaleAssigned':
      return { ...vessel, scale: event.data.scaleName ?? event.data.scaleId };
    case 'OrderCreated':
      return { ...vessel, orders: { ...vessel.orders, [event.data.orderId]: event.data.orderNumber } };
    case 'BatchAdded':
      batches.set(event.data.batchId, { batchNumber: event.data.batchNumber, quantity: event.data.quantity });
      return vessel;
    case 'BatchAdjusted': {
      const batch = batches.get(event.data.batchId);
      if (batch) batches.set(event.data.batchId, { ...batch, quantity: event.data.newQuantity });
      return vessel;
    }
    case 'BatchUsageRecorded': {
      const batch = batches.get(event.data.batchId);
      if (batch) batches.set(event.data.batchId, { ...batch, quantity: event.data.quantityRemaining });
      return vessel;
    }
    case 'BatchRemoved': {
      const batch = batches.get(event.data.batchId);
      if (batch) batches.set(event.data.batchId, { ...batch, quantity: 0 });
      return vessel;
    }
    default:
      return vessel;
  }
}

const BATCH_EVENTS = new Set(['BatchAdded', 'BatchAdjusted', 'BatchUsageRecorded', 'BatchRemoved']);

/**
 * Whether this event may be the first of its stream to name the vessel, i.e. whether the pair
 * (vessel, stream) may be new to vessel_streams. A vessel's own streams (vessel-{id},
 * inventory-{id}, vesselScale-{id}) hold its events only, each naming it (their schemas require the
 * vesselId the stream is named after), so their first event (revision 0) is the one that names it
 * first. Any other stream (an order's, a user's) may name a vessel at any revision, or several
 * vessels: its pairs are proposed on every event, as before. Decided from the event alone, so no
 * memory of earlier batches can go stale across a rebuild or a rolled-back batch.
 */
export function mayOpenVesselStream(event: { streamId: string; revision: bigint }, vesselId: string): boolean {
  if (event.revision === 0n) return true;
  const { streamId } = event;
  return streamId !== vesselStreamId(vesselId) && streamId !== inventoryStreamId(vesselId) && streamId !== vesselScaleStreamId(vesselId);
}

async function applyVesselHistory(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const concerning = events.flatMap((event) => {
    const vesselId = eventVesselId(event);
    return vesselId === undefined ? [] : [{ event, vesselId }];
  });
  if (concerning.length === 0) return;
  const vesselIds = [...new Set(concerning.map((c) => c.vesselId))];
  // The batches stored before this batch of events: those its events change without adding them.
  const added = new Set<string>();
  /** By batch id: its vessel, the first column of the table's key. */
  const stored = new Map<string, string>();
  /** Every batch's vessel, for its row. */
  const vesselOfBatch = new Map<string, string>();
  for (const { event, vesselId } of concerning) {
    if (!BATCH_EVENTS.has(event.type)) continue;
    const { batchId } = event.data as { batchId: string };
    vesselOfBatch.set(batchId, vesselId);
    if (event.type === 'BatchAdded') added.add(batchId);
    else if (!added.has(batchId)) stored.set(batchId, vesselId);
  }
  const states = new Map<string, VesselState>();
  for (const row of await trx.selectFrom('vessel_history_state').selectAll().where('vessel_id', 'in', vesselIds).execute()) {
    states.set(row.vessel_id, row.state as VesselState);
  }
  // What was stored: a state left as it was (the batch events of a chest) is not written again.
  const storedStates = new Map(states);
  const batches = new Map<string, Batch>();
  /** The quantities stored of the batches looked up: what their row holds before this batch of events. */
  const storedQuantities = new Map<string, number>();
  if (stored.size > 0) {
    const { rows } = await storedRowsByKey('vessel_history_batches', ['vessel_id', 'batch_id'], ['batch_id', 'batch_number', 'quantity'], stored).execute(trx);
    for (const row of rows) {
      batches.set(row.batch_id, { batchNumber: row.batch_number, quantity: row.quantity });
      storedQuantities.set(row.batch_id, row.quantity);
    }
  }
  const rows: Insertable<VesselHistoryTable>[] = [];
  const streams = new Map<string, { vessel_id: string; stream_id: string }>();
  for (const { event, vesselId } of concerning) {
    const state = states.get(vesselId) ?? {};
    const { summary, changes } = describeHistoryEntry(event, state, batches);
    states.set(vesselId, evolve(event, state, batches));
    // A pair already stored is not proposed again (an ON CONFLICT probe of the key per pair per
    // batch was 6.5 us of PostgreSQL time per event of the vessel_edits mix, for no row).
    if (mayOpenVesselStream(event, vesselId)) streams.set(`${vesselId} ${event.streamId}`, { vessel_id: vesselId, stream_id: event.streamId });
    rows.push({
      event_id: event.id,
      vessel_id: vesselId,
      stream_id: event.streamId,
      revision: event.revision.toString(),
      event_type: event.type,
      summary,
      changes,
      user_id: event.metadata.userId,
      occurred_at: event.metadata.occurredAt,
      log_commit: event.position.commit.toString(),
      log_event: event.position.event.toString(),
    });
  }
  // A row per event, keyed by its log position.
  await appendRows(trx, 'vessel_history', rows, ['log_commit', 'log_event']);
  // Pairs proposed again by later events of the same stream (an order's): ON CONFLICT, always.
  await writeRows(trx, 'vessel_streams', [...streams.values()], { key: ['vessel_id', 'stream_id'], update: 'nothing' });
  await writeStates(trx, [...states].filter(([vesselId, state]) => storedStates.get(vesselId) !== state));
  // The batches not found stored (first added in this batch of events), written once as it leaves
  // them: new to the table but for one removed in an earlier batch of events and added again
  // (writeLikelyNewRows). Those found stored (their quantity read above) are in the table: a plain
  // UPDATE of their quantity, no upsert, and none at all when it is the one stored (nearly every
  // count confirms the figure on record: 5,866 of the demo year's 5,924 adjustments), whose update
  // would only leave a dead row and a new index entry behind.
  const addedRows: Insertable<VesselHistoryBatchesTable>[] = [];
  const changedRows: Pick<Insertable<VesselHistoryBatchesTable>, 'vessel_id' | 'batch_id' | 'quantity'>[] = [];
  for (const [batch_id, b] of batches) {
    const vessel_id = vesselOfBatch.get(batch_id)!;
    const storedQuantity = storedQuantities.get(batch_id);
    if (storedQuantity === undefined) addedRows.push({ vessel_id, batch_id, batch_number: b.batchNumber, quantity: b.quantity });
    else if (storedQuantity !== b.quantity) changedRows.push({ vessel_id, batch_id, quantity: b.quantity });
  }
  await writeLikelyNewRows(trx, 'vessel_history_batches', addedRows, { key: ['vessel_id', 'batch_id'], update: ['quantity'] });
  await updateRows(trx, 'vessel_history_batches', changedRows, ['vessel_id', 'batch_id']);
}

/**
 * Each vessel's state: the ids as an array and the states as one JSON array, paired by their
 * place, not as rows of one JSON recordset (writeRows): json_populate_recordset makes a hash table
 * per row and fills a record from it, where json_array_elements only cuts each state's text out
 * (the text stored, JSON.stringify's, as before). 6,000 states of ~560 bytes upserted: 170-265 ms
 * as a recordset, 48-122 ms so (a text[] of the states was 60-100 ms in PostgreSQL but ~30 us a
 * state in node, pg quoting every element; measured on the loaded 2-core machine).
 */
async function writeStates(trx: Transaction<ReadModelDb>, states: readonly [string, VesselState][]) {
  if (states.length === 0) return;
  await sql`
    INSERT INTO vessel_history_state (vessel_id, state)
    SELECT v.vessel_id, s.state
      FROM unnest(${states.map(([vesselId]) => vesselId)}::text[]) WITH ORDINALITY AS v(vessel_id, n)
      JOIN json_array_elements(${JSON.stringify(states.map(([, state]) => state))}::json) WITH ORDINALITY AS s(state, n) USING (n)
    ON CONFLICT (vessel_id) DO UPDATE SET state = excluded.state`.execute(trx);
}

/** The auditor's timeline of each vessel, and which streams hold the vessel's history. */
export const vesselHistoryProjection = defineProjection({
  name: 'vessel-history',
  eventTypes: ALL_EVENT_TYPES,
  tables: ['vessel_history', 'vessel_streams', 'vessel_history_state', 'vessel_history_batches'],
  deferredIndexes: ['vessel_history_newest_idx'],
  apply: applyVesselHistory,
});
