import { SHIPPED_SCALE_METADATA, type ScaleMetadata, type VesselScope, type VolumeRequirementRow } from '@medchest/domain';
import { vesselInScope } from '../scope';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { executePrepared, type ReadModelDb } from '../db';
import { listVesselBatches, type InventoryBatch } from '../inventory-batches/queries';
import { chestsOn, evaluationHolds, staleChests } from './current';
import { emptyChest, loadScales, profileOfRow, REQUIREMENT_ROW_COLUMNS, rowsDigest, scaleOf, toVolumeRequirementRow, type ChestEvaluation } from './evaluate';
import type { ChestVesselsTable } from './migration';

const CHEST_COLUMNS = ['evaluated_on', 'next_change_on', 'rows_stored', 'rows_digest', 'scale_id', 'crew_size', 'medical_category', 'women_on_board', 'carries_dangerous_goods'] as const;
type ChestRow = Pick<Selectable<ChestVesselsTable>, (typeof CHEST_COLUMNS)[number]>;

/** The chest of a vessel whose rows are not stored (it never had a batch): its scale's empty chest for its profile. */
async function emptyChestOf(db: Kysely<ReadModelDb>, vessel: ChestRow): Promise<ChestEvaluation> {
  const scales = await loadScales(db, [vessel.scale_id, null]);
  return emptyChest(scaleOf(scales, vessel), profileOfRow(vessel));
}

/**
 * A vessel's volume requirements for `today`, in the scale's order; undefined when the vessel is
 * not live. The stored rows when its stored evaluation holds for `today` (an empty chest's when it
 * stores none), else evaluated in memory.
 */
export async function getVolumeRequirements(db: Kysely<ReadModelDb>, vesselId: string, today: string): Promise<VolumeRequirementRow[] | undefined> {
  const [vessel, rows] = await Promise.all([
    db.selectFrom('chest_vessels').select(CHEST_COLUMNS).where('vessel_id', '=', vesselId).executeTakeFirst(),
    db.selectFrom('volume_requirements').select(REQUIREMENT_ROW_COLUMNS).where('vessel_id', '=', vesselId).orderBy('position').execute(),
  ]);
  if (!vessel) return undefined;
  if (!evaluationHolds(vessel, today)) return (await chestsOn(db, [vesselId], today)).get(vesselId)?.rows;
  return vessel.rows_stored ? rows.map(toVolumeRequirementRow) : (await emptyChestOf(db, vessel)).rows;
}

/** A volume requirements answer as JSON text, named by the digest of its rows (rowsDigest). */
export interface VolumeRequirementsAnswer {
  digest: string;
  json: string;
}

/**
 * GET volume-requirements for `today` as JSON text, read through `known`: answers by digest, which a
 * server keeps (a digest names one text for ever, so a kept answer is never stale). One statement
 * reads the vessel's evaluation (whether it holds for today, and its digest) and, unless its digest
 * is `heldDigest` (the one the caller last kept for this vessel), its rows already as JSON text,
 * made by PostgreSQL in the same snapshot: a first read costs no row parsing nor JSON writing in
 * this process (141 rows each, some 2 ms of CPU). undefined when the vessel is not live.
 */
export async function getVolumeRequirementsAnswer(
  db: Kysely<ReadModelDb>,
  vesselId: string,
  today: string,
  known: { get(digest: string): VolumeRequirementsAnswer | undefined; remember(answer: VolumeRequirementsAnswer): void },
  heldDigest?: string,
): Promise<VolumeRequirementsAnswer | undefined> {
  // Prepared (parsed and planned once per connection): the read of every vessel's first request
  // after a change, where planning its subquery cost a fair part of running it.
  const [row] = await executePrepared(
    db,
    db
      .selectFrom('chest_vessels as c')
      .select(CHEST_COLUMNS.map((column) => `c.${column}` as const))
      .select(sql<string | null>`CASE WHEN c.rows_stored AND c.rows_digest IS DISTINCT FROM ${heldDigest ?? null}::text THEN (${rowsAsJson(sql.ref('c.vessel_id'))}) END`.as('rows_json'))
      .where('c.vessel_id', '=', vesselId)
      .compile(),
  );
  if (!row) return undefined;
  if (!evaluationHolds(row, today)) {
    // Its day has come and the scan has not stored it yet: the rows evaluated for today, in memory.
    const chest = (await chestsOn(db, [vesselId], today)).get(vesselId);
    if (!chest) return undefined;
    return rememberAnswer(chest.digest, chest.rows, known);
  }
  const kept = known.get(row.rows_digest);
  if (kept) return kept;
  if (!row.rows_stored) {
    const chest = await emptyChestOf(db, row);
    return rememberAnswer(chest.digest, chest.rows, known);
  }
  if (row.rows_json !== null) {
    // Read with its digest in one snapshot: the digest names exactly these rows.
    const answer = { digest: row.rows_digest, json: row.rows_json };
    known.remember(answer);
    return answer;
  }
  // The caller held this digest but no longer keeps its answer: the rows read on their own.
  const rows = (await db.selectFrom('volume_requirements').select(REQUIREMENT_ROW_COLUMNS).where('vessel_id', '=', vesselId).orderBy('position').execute()).map(toVolumeRequirementRow);
  // Named by what was read, not by the digest read before it: an evaluation committed in between
  // gives newer rows, which are then kept under their own digest.
  return rememberAnswer(rowsDigest(rows), rows, known);
}

/**
 * A vessel's stored rows as the JSON text of VolumeRequirementRow[] in the scale's order, written
 * as JSON.stringify writes toVolumeRequirementRow's rows, byte for byte (a test holds the two
 * equal): each row's text is stored with it (row_json, rowText of the row, 0096), so a read only
 * concatenates them. So a digest names one text whichever way it was made.
 */
function rowsAsJson(vesselId: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`SELECT '[' || coalesce(string_agg(r.row_json, ',' ORDER BY r.position), '') || ']'
    FROM volume_requirements r
    WHERE r.vessel_id = ${vesselId}`;
}

function rememberAnswer(
  digest: string,
  rows: readonly VolumeRequirementRow[],
  known: { get(digest: string): VolumeRequirementsAnswer | undefined; remember(answer: VolumeRequirementsAnswer): void },
): VolumeRequirementsAnswer {
  const kept = known.get(digest);
  if (kept) return kept;
  const answer = { digest, json: JSON.stringify(rows) };
  known.remember(answer);
  return answer;
}

/** The scale a vessel's requirements follow (metadata only); undefined when the vessel is not live. */
export async function getVesselScale(db: Kysely<ReadModelDb>, vesselId: string): Promise<ScaleMetadata | undefined> {
  const row = await db
    .selectFrom('chest_vessels')
    .leftJoin('scales', 'scales.id', 'chest_vessels.scale_id')
    .select(['chest_vessels.scale_id', 'scales.id', 'scales.name', 'scales.source', 'scales.effective_date'])
    .where('chest_vessels.vessel_id', '=', vesselId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.scale_id === null || row.id === null) return SHIPPED_SCALE_METADATA;
  return { id: row.id, name: row.name!, source: row.source!, effectiveDate: row.effective_date! };
}

/** Every scale: the shipped one first, then those imported, newest first. */
export async function listScales(db: Kysely<ReadModelDb>): Promise<(ScaleMetadata & { itemCount: number | null; importedAt: string | null })[]> {
  const rows = await db
    .selectFrom('scales')
    .select(['id', 'name', 'source', 'effective_date', 'item_count', 'imported_at'])
    .orderBy('imported_at', 'desc')
    .execute();
  return [
    { ...SHIPPED_SCALE_METADATA, itemCount: null, importedAt: null },
    ...rows.map((r) => ({
      id: r.id,
      name: r.name,
      source: r.source,
      effectiveDate: r.effective_date,
      itemCount: r.item_count,
      importedAt: new Date(r.imported_at).toISOString(),
    })),
  ];
}

/** A required item with nothing counted on board, on one vessel (GET /api/dashboard/critical-items). */
export interface CriticalItem {
  vesselId: string;
  vesselName: string;
  scaleId: string;
  scaleDescription: string;
  requirement: string;
}

/**
 * Every critical item of the fleet on `today`, by vessel name then the scale's order: the stored
 * rows of the chests whose evaluation holds for `today`, and those of the others evaluated in
 * memory (chestsOn; empty chests, which store no rows), merged and ordered by PostgreSQL so both
 * sort alike.
 */
export async function listCriticalItems(db: Kysely<ReadModelDb>, today: string, scope: VesselScope): Promise<CriticalItem[]> {
  const stale = (await staleChests(db, today).where(vesselInScope(scope, 'vessel_id')).execute()).map((r) => r.vessel_id);
  // Chests that store no rows (never had a batch) are empty chests, made in memory.
  const unstored = await db
    .selectFrom('chest_vessels')
    .select(['vessel_id', ...CHEST_COLUMNS])
    .where('rows_stored', '=', false)
    .where(vesselInScope(scope, 'vessel_id'))
    .execute();
  const staleSet = new Set(stale);
  const chests = [...(await chestsOn(db, stale, today))];
  for (const vessel of unstored) if (!staleSet.has(vessel.vessel_id)) chests.push([vessel.vessel_id, await emptyChestOf(db, vessel)]);
  const evaluated: { vessel_id: string; position: number; scale_id: string; scale_description: string; requirement: string }[] = [];
  for (const [vesselId, chest] of chests) {
    chest.rows.forEach((row, position) => {
      if (row.complianceStatus === 'critical')
        evaluated.push({ vessel_id: vesselId, position, scale_id: row.scaleId, scale_description: row.scaleDescription, requirement: row.requirement });
    });
  }
  const { rows } = await sql<{ vessel_id: string; vessel_name: string; scale_id: string; scale_description: string; requirement: string }>`
    SELECT u.vessel_id, u.vessel_name, u.scale_id, u.scale_description, u.requirement FROM (
      SELECT r.vessel_id, v.vessel_name, r.scale_id, r.scale_description, r.requirement, r.position
        FROM volume_requirements r JOIN vessels v ON v.id = r.vessel_id
       WHERE r.compliance_status = 'critical' AND ${vesselInScope(scope, 'r.vessel_id')} AND r.vessel_id <> ALL(${stale}::text[])
      UNION ALL
      SELECT e.vessel_id, v.vessel_name, e.scale_id, e.scale_description, e.requirement, e.position
        FROM jsonb_to_recordset(${JSON.stringify(evaluated)}::jsonb) AS e(vessel_id text, position integer, scale_id text, scale_description text, requirement text)
        JOIN vessels v ON v.id = e.vessel_id
    ) u
    ORDER BY lower(u.vessel_name), u.vessel_id, u.position`.execute(db);
  return rows.map((r) => ({
    vesselId: r.vessel_id,
    vesselName: r.vessel_name,
    scaleId: r.scale_id,
    scaleDescription: r.scale_description,
    requirement: r.requirement,
  }));
}

/** A section of the scale with its items, each with the batches on board. */
export interface InventorySection {
  section: string;
  items: (VolumeRequirementRow & { batches: InventoryBatch[] })[];
}

/** GET /api/vessels/{id}/hierarchical-inventory: the chest by scale section, item and batch. */
export interface HierarchicalInventory {
  vesselId: string;
  scale: ScaleMetadata;
  sections: InventorySection[];
  /** Batches whose scale id the vessel's scale does not list (kept, shown, never counted). */
  unlistedBatches: InventoryBatch[];
}

/** The chest of a vessel for `today`, section by section in the scale's order; undefined when the vessel is not live. */
export async function getHierarchicalInventory(db: Kysely<ReadModelDb>, vesselId: string, today: string): Promise<HierarchicalInventory | undefined> {
  const [rows, scale, batches] = await Promise.all([
    getVolumeRequirements(db, vesselId, today),
    getVesselScale(db, vesselId),
    listVesselBatches(db, vesselId),
  ]);
  if (!rows || !scale) return undefined;
  const byItem = new Map<string, InventoryBatch[]>();
  for (const batch of batches) byItem.set(batch.scaleId, [...(byItem.get(batch.scaleId) ?? []), batch]);
  const sections: InventorySection[] = [];
  for (const row of rows) {
    let current = sections.at(-1);
    if (current?.section !== row.section) sections.push((current = { section: row.section, items: [] }));
    current.items.push({ ...row, batches: byItem.get(row.scaleId) ?? [] });
    byItem.delete(row.scaleId);
  }
  return { vesselId, scale, sections, unlistedBatches: [...byItem.values()].flat() };
}
