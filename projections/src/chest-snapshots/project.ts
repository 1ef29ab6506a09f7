/**
 * Cost per event (issue 14), what this read model may write:
 * - an inventory event: one small tail row (the event's JSON text, as sent: json, not jsonb), until
 *   its vessel has CHEST_SNAPSHOT_EVERY events since its last snapshot; events a batch of events
 *   brings that many at a time go straight into a snapshot and write no tail row;
 * - per CHEST_SNAPSHOT_EVERY events of a vessel: one snapshot row (its batches as JSON arrays,
 *   storedBatch.ts, lz4 compressed: some 70 kB of text for 600 batches, half the named form) and
 *   the tail rows it takes in deleted; a run of snapshots of one business time (a bulk append: an
 *   import of hundreds of batches) stores only its last, the only one a read can pick;
 * - all of it in a few statements per batch of events, every lookup by index (arrays, whose row
 *   count PostgreSQL knows), whatever the number of vessels.
 */
import {
  businessTimeMs,
  businessTimeOf,
  foldInventory,
  inventoryEventDefinitions,
  type InventoryBatch,
  type InventoryEvent,
} from '@medchest/domain';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, type Projection, type ProjectedEvent } from '../projection';
import { appendRows, writeRows } from '../sql';
import type { ChestSnapshotsTable, ChestSnapshotTailsTable } from './migration';
import { batchOfStored, storedBatch, type StoredBatch } from './storedBatch';

/**
 * Events between two snapshots of a vessel's inventory stream. An as-of read folds at most this
 * many events read from the log after the snapshot it starts from; each snapshot costs a row of
 * the vessel's batches (some 90 kB for 600 batches). 250: a read of 250 events is a few
 * milliseconds, and a snapshot adds well under a kilobyte per event.
 */
export const CHEST_SNAPSHOT_EVERY = 250;

/** Every event type of the inventory stream: the revisions it is given must follow each other. */
const INVENTORY_EVENT_TYPES = inventoryEventDefinitions.map((d) => d.type);

type InventoryRecord = { revision: number; at: number; event: InventoryEvent };

const recordOf = (e: ProjectedEvent): InventoryRecord => ({
  revision: Number(e.revision),
  at: businessTimeMs(businessTimeOf(e.metadata)),
  event: { type: e.type, data: e.data } as InventoryEvent,
});

const tailRow = (vesselId: string, r: InventoryRecord): Insertable<ChestSnapshotTailsTable> => ({
  vessel_id: vesselId,
  revision: String(r.revision),
  occurred_at: new Date(r.at).toISOString(),
  event: r.event,
});

/**
 * Snapshots of each vessel's inventory stream, one every `every` events: the batches on record
 * after the event at revision `every - 1`, `2 * every - 1`, … with the latest business time up to
 * there. The events since a vessel's last snapshot wait in chest_snapshot_tails (one small row each)
 * until there are enough for the next; the snapshot is then folded from the previous one and them
 * by the domain's foldInventory, the same fold an as-of read makes.
 */
export function createChestSnapshotsProjection(options: { every?: number } = {}): Projection {
  const every = options.every ?? CHEST_SNAPSHOT_EVERY;
  return defineProjection({
    name: 'chest-snapshots',
    eventTypes: INVENTORY_EVENT_TYPES,
    tables: ['chest_snapshots', 'chest_snapshot_tails'],
    async apply(trx, events) {
      const byVessel = new Map<string, InventoryRecord[]>();
      for (const e of events) {
        const vesselId = (e.data as { vesselId: string }).vesselId;
        let records = byVessel.get(vesselId);
        if (!records) byVessel.set(vesselId, (records = []));
        records.push(recordOf(e));
      }
      const lastSnapshot = new Map(
        (
          await trx
            .selectFrom('chest_snapshots')
            .select(['vessel_id', (eb) => eb.fn.max('revision').as('revision')])
            .where('vessel_id', 'in', [...byVessel.keys()])
            .groupBy('vessel_id')
            .execute()
        ).map((r) => [r.vessel_id, Number(r.revision)]),
      );

      const tails: Insertable<ChestSnapshotTailsTable>[] = [];
      const due = new Map<string, InventoryRecord[]>();
      for (const [vesselId, records] of byVessel) {
        const snapshotAt = lastSnapshot.get(vesselId) ?? -1;
        // Events already in a snapshot (a batch applied again) change nothing.
        const fresh = records.filter((r) => r.revision > snapshotAt);
        if (fresh.length === 0) continue;
        if (fresh.at(-1)!.revision - snapshotAt < every) tails.push(...fresh.map((r) => tailRow(vesselId, r)));
        else due.set(vesselId, fresh);
      }
      // A row per event (a vessel's inventory stream and the event's revision in it), proposed
      // only past the vessel's last snapshot and only once (takeSnapshots leaves out those waiting).
      await appendRows(trx, 'chest_snapshot_tails', tails, ['vessel_id', 'revision']);
      if (due.size > 0) await takeSnapshots(trx, due, lastSnapshot, every);
    },
  });
}

/** For each vessel due: its next snapshots, folded from its last one and the events since. */
async function takeSnapshots(
  trx: Transaction<ReadModelDb>,
  due: Map<string, InventoryRecord[]>,
  lastSnapshot: Map<string, number>,
  every: number,
): Promise<void> {
  const ids = [...due.keys()];
  const previous = new Map<string, { batches: InventoryBatch[]; latestAt: number }>();
  const withSnapshot = ids.filter((id) => lastSnapshot.has(id));
  if (withSnapshot.length > 0) {
    const rows = await sql<{ vessel_id: string; latest_at: Date; batches: StoredBatch[] }>`
      SELECT s.vessel_id, s.latest_at, s.batches
        FROM chest_snapshots s
        JOIN unnest(${withSnapshot}::text[], ${withSnapshot.map((id) => lastSnapshot.get(id)!)}::bigint[]) AS r(vessel_id, revision)
          ON s.vessel_id = r.vessel_id AND s.revision = r.revision`.execute(trx);
    for (const row of rows.rows) previous.set(row.vessel_id, { batches: row.batches.map((b) => batchOfStored(row.vessel_id, b)), latestAt: row.latest_at.getTime() });
  }
  const waiting = new Map<string, InventoryRecord[]>();
  for (const row of await trx.selectFrom('chest_snapshot_tails').selectAll().where('vessel_id', 'in', ids).orderBy('vessel_id').orderBy('revision').execute()) {
    let records = waiting.get(row.vessel_id);
    if (!records) waiting.set(row.vessel_id, (records = []));
    records.push({ revision: Number(row.revision), at: row.occurred_at.getTime(), event: row.event });
  }

  const snapshots: Insertable<ChestSnapshotsTable>[] = [];
  const tails: Insertable<ChestSnapshotTailsTable>[] = [];
  const consumed: { vessel_id: string; revision: number }[] = [];
  /** Stored snapshots that a new one of the same business time makes unreadable. */
  const outdone: { vessel_id: string; revision: number }[] = [];
  for (const [vesselId, fresh] of due) {
    let revision = lastSnapshot.get(vesselId) ?? -1;
    // The events since the last snapshot in stream order: those waiting, then this batch's (a
    // batch applied again may hold some of those waiting).
    const waited = (waiting.get(vesselId) ?? []).filter((r) => r.revision > revision);
    const known = new Set(waited.map((r) => r.revision));
    const records = [...waited, ...fresh.filter((r) => !known.has(r.revision))];
    records.forEach((r, i) => {
      if (r.revision !== revision + 1 + i) {
        throw new Error(`chest-snapshots: inventory-${vesselId} revision ${r.revision} follows ${revision + i}, not the one before it`);
      }
    });
    const start = previous.get(vesselId);
    let batches: readonly InventoryBatch[] = start?.batches ?? [];
    let latestAt = start?.latestAt ?? Number.NEGATIVE_INFINITY;
    const taken: { revision: number; latestAt: number; batches: readonly InventoryBatch[] }[] = [];
    let i = 0;
    for (; i + every <= records.length; i += every) {
      const part = records.slice(i, i + every);
      batches = foldInventory(
        part.map((r) => r.event),
        { revision, batches },
      );
      for (const r of part) latestAt = Math.max(latestAt, r.at);
      revision += every;
      taken.push({ revision, latestAt, batches });
    }
    // A snapshot followed by one of the same latest business time is never read (an as-of day
    // that keeps one whole keeps both, and the later one is taken): only the last of such a run is
    // kept. It is how a bulk append (an import of hundreds of batches, all of one time) costs one
    // snapshot, not one per CHEST_SNAPSHOT_EVERY of its events; and the rows are the same however
    // the log was cut into batches (the stored one is deleted when the next one outdoes it).
    if (start && taken.length > 0 && taken[0].latestAt === start.latestAt) outdone.push({ vessel_id: vesselId, revision: lastSnapshot.get(vesselId)! });
    taken.forEach((snapshot, k) => {
      if (k + 1 < taken.length && taken[k + 1].latestAt === snapshot.latestAt) return;
      snapshots.push({ vessel_id: vesselId, revision: String(snapshot.revision), latest_at: new Date(snapshot.latestAt).toISOString(), batches: snapshot.batches.map(storedBatch) });
    });
    consumed.push({ vessel_id: vesselId, revision });
    for (const r of records.slice(i)) if (!known.has(r.revision)) tails.push(tailRow(vesselId, r));
  }
  // The same revision folds to the same batches: a snapshot taken again is the stored one.
  await writeRows(trx, 'chest_snapshots', snapshots, { key: ['vessel_id', 'revision'], update: 'nothing' });
  if (outdone.length > 0) {
    await sql`
      DELETE FROM chest_snapshots s
       USING unnest(${outdone.map((o) => o.vessel_id)}::text[], ${outdone.map((o) => o.revision)}::bigint[]) AS r(vessel_id, revision)
       WHERE s.vessel_id = r.vessel_id AND s.revision = r.revision`.execute(trx);
  }
  // Each vessel's range of tail rows looked up by key (a lateral subquery per vessel, kept from
  // being flattened by OFFSET 0), then deleted by row address. A plain join of the pairs with the
  // table was planned, with no statistics yet (a catch-up runs before any ANALYZE), as a hash of
  // the whole tails table per batch of events: 236 ms instead of 1.6 ms at 1,000 vessels, a cost
  // per event that grew with the fleet.
  await sql`
    DELETE FROM chest_snapshot_tails
     WHERE ctid = ANY (ARRAY(
       SELECT t.ctid
         FROM unnest(${consumed.map((c) => c.vessel_id)}::text[], ${consumed.map((c) => c.revision)}::bigint[]) AS r(vessel_id, revision)
         CROSS JOIN LATERAL (SELECT ctid FROM chest_snapshot_tails WHERE vessel_id = r.vessel_id AND revision <= r.revision OFFSET 0) AS t))`.execute(trx);
  await appendRows(trx, 'chest_snapshot_tails', tails, ['vessel_id', 'revision']);
}

export const chestSnapshotsProjection = createChestSnapshotsProjection();
