/**
 * Cost per event (issue 14), what this read model may write: one line per event the feed shows (it
 * is the feed), keyed by its log position (a batch appends at the right edge of the key; the
 * indexes only reads use are built after a rebuild's lines: the search's trigram index alone was
 * half of PostgreSQL's time per line, measured); the counts of lines per vessel and type moved once
 * per batch of events (in place, HOT: their pages are left half empty, 0091); a vessel's name once
 * per batch of events that names it anew (a row per vessel); and for a BatchAdded the batch's
 * number (later lines name the batch by it). Lines are inserted in statements of thousands; nothing
 * written is ever rewritten but a renamed vessel's name and the counts.
 */
import { BATCH_ADJUSTMENT_REASON_LABELS, ORDER_STATUS_LABELS, type ActivityType } from '@medchest/domain';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import type { ActivitiesTable, ActivityBatchesTable } from './migration';
import { defineProjection, type ProjectedEvent } from '../projection';
import { copyRows } from '../copy';
import { rowsAreNew, rowsJson, storedRowsByKey, writeLikelyNewRows, writeRows } from '../sql';
import { VESSEL_EVENT_TYPES } from '../vessels/project';


/** The events the feed reads: BatchAdded makes no line, it only records the batch's number. */
export const ACTIVITY_EVENT_TYPES = [
  ...VESSEL_EVENT_TYPES,
  'BatchAdded',
  'BatchAdjusted',
  'BatchUsageRecorded',
  'InventoryImported',
  'VesselScaleAssigned',
  'OrderCreated',
  'OrderStatusChanged',
] as const;

/** What the feed knows of the log before an event: for the lines whose event does not say it all. */
export interface ActivityContext {
  /** The vessel's name as of the event, or null when the feed has never seen the vessel. */
  vesselName(vesselId: string): string | null;
  /** The batch's number, or undefined when the feed has never seen it added. */
  batch(batchId: string): { batchNumber: number } | undefined;
}

const NO_CONTEXT: ActivityContext = { vesselName: () => null, batch: () => undefined };

interface ActivityFacts {
  activityType: ActivityType;
  description: string;
  vesselId: string | null;
  vesselName: string | null;
  metadata: Record<string, unknown>;
}

/** The feed's line for an event, or undefined for an event the feed does not show. */
export function describeActivity(event: ProjectedEvent, context: ActivityContext = NO_CONTEXT): ActivityFacts | undefined {
  switch (event.type) {
    case 'VesselCreated': {
      const { vesselId, details } = event.data;
      return {
        activityType: 'vessel_created',
        description: `Vessel ${details.vesselName} added to the fleet`,
        vesselId,
        vesselName: details.vesselName,
        metadata: { imoNumber: details.imoNumber },
      };
    }
    case 'VesselUpdated': {
      const { vesselId, details } = event.data;
      return {
        activityType: 'vessel_updated',
        description: `Vessel ${details.vesselName} details updated`,
        vesselId,
        vesselName: details.vesselName,
        metadata: { imoNumber: details.imoNumber },
      };
    }
    case 'VesselDeleted': {
      const { vesselId, vesselName } = event.data;
      return {
        activityType: 'vessel_deleted',
        description: `Vessel ${vesselName} removed from the fleet`,
        vesselId,
        vesselName,
        metadata: {},
      };
    }
    case 'CertificateRecorded': {
      const { vesselId, vesselName, expiryDate, certificateIssuer } = event.data;
      return {
        activityType: 'certificate_updated',
        description: `Medical chest certificate recorded for ${vesselName} (issued by ${certificateIssuer})`,
        vesselId,
        vesselName,
        metadata: { certificateIssuer, expiryDate },
      };
    }
    case 'CertificateExpired': {
      const { vesselId, vesselName, expiryDate, certificateIssuer } = event.data;
      return {
        activityType: 'certificate_expired',
        description: `Medical chest certificate of ${vesselName} expired on ${expiryDate}`,
        vesselId,
        vesselName,
        metadata: { certificateIssuer, expiryDate },
      };
    }
    case 'InventoryImported': {
      const { vesselId, importId, fileName, source, successCount, errorCount } = event.data;
      const vesselName = context.vesselName(vesselId);
      const items = `${successCount} ${successCount === 1 ? 'item' : 'items'}`;
      return {
        activityType: 'inventory_update',
        description: `${items} imported from ${fileName}${vesselName === null ? '' : ` for ${vesselName}`}`,
        vesselId,
        vesselName,
        metadata: { importId, fileName, source, successCount, errorCount },
      };
    }
    case 'BatchAdjusted': {
      const { vesselId, batchId, scaleId, previousQuantity, newQuantity, reason } = event.data;
      const batchNumber = context.batch(batchId)?.batchNumber;
      const batch = batchNumber === undefined ? 'batch' : `batch ${batchNumber}`;
      // Most counts confirm the figure on record: "changed from 80 to 80" would read as a mistake.
      const change = previousQuantity === newQuantity ? `confirmed at ${newQuantity}` : `changed from ${previousQuantity} to ${newQuantity}`;
      const description = `Quantity of ${scaleId} ${batch} ${change} (${BATCH_ADJUSTMENT_REASON_LABELS[reason].toLowerCase()})`;
      const metadata: Record<string, unknown> = { quantityRemaining: newQuantity, reason };
      if (reason === 'usage') {
        return {
          activityType: 'usage_tracked',
          description,
          vesselId,
          vesselName: context.vesselName(vesselId),
          metadata: { ...metadata, quantityUsed: previousQuantity - newQuantity },
        };
      }
      return { activityType: 'inventory_update', description, vesselId, vesselName: context.vesselName(vesselId), metadata };
    }
    case 'BatchUsageRecorded': {
      const { vesselId, batchId, scaleId, quantityUsed, quantityRemaining, reason, crewMemberName, usageDate } = event.data;
      const batchNumber = context.batch(batchId)?.batchNumber;
      const batch = batchNumber === undefined ? 'batch' : `batch ${batchNumber}`;
      const by = crewMemberName ? ` by ${crewMemberName}` : '';
      return {
        activityType: 'usage_tracked',
        description: `${quantityUsed} of ${scaleId} ${batch} used${by} (${reason}); ${quantityRemaining} remaining`,
        vesselId,
        vesselName: context.vesselName(vesselId),
        metadata: { quantityUsed, reason, quantityRemaining, scaleId, usageDate, ...(crewMemberName ? { crewMemberName } : {}) },
      };
    }
    case 'VesselScaleAssigned': {
      // The vessel's requirements change with its scale: a vessel_updated line for the auditor.
      const { vesselId, scaleId, scaleName } = event.data;
      const vesselName = context.vesselName(vesselId);
      return {
        activityType: 'vessel_updated',
        description: `Medical scale${vesselName === null ? '' : ` of ${vesselName}`} set to ${scaleName ?? scaleId}`,
        vesselId,
        vesselName,
        metadata: { scaleId },
      };
    }
    case 'OrderCreated': {
      const { orderNumber, vesselId, vesselName, items } = event.data;
      const count = items.filter((item) => item.orderQuantity > 0).length;
      return {
        activityType: 'order_created',
        description: `Order ${orderNumber} created for ${vesselName} (${count} ${count === 1 ? 'item' : 'items'})`,
        vesselId,
        vesselName,
        metadata: { orderNumber, newStatus: 'draft' },
      };
    }
    case 'OrderStatusChanged': {
      const { orderNumber, vesselId, from, to } = event.data;
      return {
        activityType: 'order_status_updated',
        description: `Order ${orderNumber} status changed from ${ORDER_STATUS_LABELS[from]} to ${ORDER_STATUS_LABELS[to]}`,
        vesselId,
        vesselName: context.vesselName(vesselId),
        metadata: { orderNumber, previousStatus: from, newStatus: to },
      };
    }
    default:
      return undefined;
  }
}

/** The vessel name an event leaves the feed knowing (the same name its own line shows), if any. */
function vesselNameAfter(event: ProjectedEvent): [string, string] | undefined {
  switch (event.type) {
    case 'VesselCreated':
    case 'VesselUpdated':
      return [event.data.vesselId, event.data.details.vesselName];
    case 'VesselDeleted':
    case 'CertificateRecorded':
    case 'CertificateExpired':
    case 'OrderCreated':
      return [event.data.vesselId, event.data.vesselName];
    default:
      return undefined;
  }
}

/**
 * What the feed knew before this batch: the names of the vessels its lines name by id only, and
 * the numbers of the batches it changes that were added earlier. Only this read model's own tables
 * are read, so the lines are the same whatever point the other read models have reached.
 */
async function loadContext(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const vesselIds = new Set<string>();
  const added = new Set<string>();
  /** The batches to look up, by id: with their vessel, the first column of the table's key. */
  const stored = new Map<string, string>();
  for (const event of events) {
    if (
      event.type === 'InventoryImported' ||
      event.type === 'BatchAdjusted' ||
      event.type === 'BatchUsageRecorded' ||
      event.type === 'VesselScaleAssigned' ||
      event.type === 'OrderStatusChanged'
    ) {
      vesselIds.add(event.data.vesselId);
    }
    if (event.type === 'BatchAdded') added.add(event.data.batchId);
    if ((event.type === 'BatchAdjusted' || event.type === 'BatchUsageRecorded') && !added.has(event.data.batchId)) stored.set(event.data.batchId, event.data.vesselId);
  }
  const names = new Map<string, string>();
  const batches = new Map<string, { batchNumber: number }>();
  if (vesselIds.size > 0) {
    const rows = await trx.selectFrom('activity_vessel_names').selectAll().where('vessel_id', 'in', [...vesselIds]).execute();
    for (const row of rows) names.set(row.vessel_id, row.vessel_name);
  }
  if (stored.size > 0) {
    const { rows } = await storedBatchNumbers(stored).execute(trx);
    for (const row of rows) batches.set(row.batch_id, { batchNumber: row.batch_number });
  }
  return { names, batches };
}

/** The numbers of stored batches, `pairs` mapping each batch id to its vessel (the table's key). */
export const storedBatchNumbers = (pairs: ReadonlyMap<string, string>) => storedRowsByKey('activity_batches', ['vessel_id', 'batch_id'], ['batch_id', 'batch_number'], pairs);

const ROWS_PER_STATEMENT = 5000;

/** Counts of new lines added to the stored ones, whichever way the lines went in. */
const ADD_TO_STORED_COUNTS = sql`ON CONFLICT (vessel_id, activity_type) DO UPDATE SET n = activity_counts.n + excluded.n`;

/**
 * The lines, and the counts of the lines actually inserted: an event is one row for ever, so
 * replaying it changes neither the row nor the counts. Lines known to be new (rowsAreNew in sql.ts:
 * a rebuild's, a catch-up's past the last stored line) are COPYed in and counted here.
 */
async function insertActivities(trx: Transaction<ReadModelDb>, rows: readonly Insertable<ActivitiesTable>[]) {
  if (rows.length === 0) return;
  if (await rowsAreNew(trx, 'activities', rows, ['log_commit', 'log_event'])) {
    await copyRows(trx, 'activities', rows);
    await addCounts(trx, rows);
    return;
  }
  const columns = Object.keys(rows[0]);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const json = rowsJson(rows.slice(i, i + ROWS_PER_STATEMENT));
    await sql`
      WITH inserted AS (
        INSERT INTO activities (${list})
        SELECT ${list} FROM json_populate_recordset(NULL::activities, ${json}::json)
        ON CONFLICT (log_commit, log_event) DO NOTHING
        RETURNING vessel_id, activity_type
      )
      INSERT INTO activity_counts (vessel_id, activity_type, n)
      SELECT coalesce(vessel_id, ''), activity_type, count(*) FROM inserted GROUP BY 1, 2
      ${ADD_TO_STORED_COUNTS}`.execute(trx);
  }
}

/** Each line counted under its vessel and type, added to the stored counts. */
async function addCounts(trx: Transaction<ReadModelDb>, rows: readonly Insertable<ActivitiesTable>[]) {
  const counts = new Map<string, { vessel_id: string; activity_type: string; n: number }>();
  for (const { vessel_id, activity_type } of rows) {
    const vesselId = vessel_id ?? '';
    const key = `${vesselId} ${activity_type}`;
    const count = counts.get(key);
    if (count) count.n++;
    else counts.set(key, { vessel_id: vesselId, activity_type, n: 1 });
  }
  await sql`
    INSERT INTO activity_counts (vessel_id, activity_type, n)
    SELECT vessel_id, activity_type, n FROM json_populate_recordset(NULL::activity_counts, ${rowsJson([...counts.values()])}::json)
    ${ADD_TO_STORED_COUNTS}`.execute(trx);
}

async function applyActivity(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const rows: Insertable<ActivitiesTable>[] = [];
  const batchRows: Insertable<ActivityBatchesTable>[] = [];
  // The vessels this batch names, with the name the last of its events gives each.
  const renamed = new Map<string, string>();
  // Moves through the batch in log order, so each line sees the log as it stood before its event.
  const { names, batches } = await loadContext(trx, events);
  const context: ActivityContext = {
    vesselName: (vesselId) => names.get(vesselId) ?? null,
    batch: (batchId) => batches.get(batchId),
  };
  for (const event of events) {
    if (event.type === 'BatchAdded') {
      const { batchId, batchNumber, vesselId } = event.data;
      batches.set(batchId, { batchNumber });
      batchRows.push({ vessel_id: vesselId, batch_id: batchId, batch_number: batchNumber });
      continue;
    }
    const facts = describeActivity(event, context);
    const named = vesselNameAfter(event);
    if (named) {
      names.set(...named);
      renamed.set(...named);
    }
    if (!facts) continue;
    rows.push({
      id: event.id,
      activity_type: facts.activityType,
      description: facts.description,
      vessel_id: facts.vesselId,
      vessel_name: facts.vesselName,
      user_id: event.metadata.userId,
      metadata: facts.metadata,
      created_at: event.metadata.occurredAt,
      log_commit: event.position.commit.toString(),
      log_event: event.position.event.toString(),
    });
  }
  await insertActivities(trx, rows);
  // A batch's number never changes: the first record stands.
  // New to the table but for a batch removed and added again (writeLikelyNewRows).
  await writeLikelyNewRows(trx, 'activity_batches', batchRows, { key: ['vessel_id', 'batch_id'], update: 'nothing' });
  // A name the feed already holds (most vessel edits keep it) is left alone, not even proposed: no dead row.
  await writeRows(
    trx,
    'activity_vessel_names',
    [...renamed].map(([vessel_id, vessel_name]) => ({ vessel_id, vessel_name })),
    { key: 'vessel_id', update: ['vessel_name'], onlyIfChanged: 'lookUpFirst' },
  );
}

/** The Recent Activity list and the activity log page. */
export const activityProjection = defineProjection({
  name: 'activity',
  eventTypes: ACTIVITY_EVENT_TYPES,
  tables: ['activities', 'activity_batches', 'activity_counts', 'activity_vessel_names'],
  deferredIndexes: ['activities_newest_idx', 'activities_vessel_newest_idx', 'activities_type_newest_idx', 'activities_search_idx'],
  apply: applyActivity,
});
