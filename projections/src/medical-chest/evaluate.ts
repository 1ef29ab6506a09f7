import {
  evaluateChest,
  MEDICAL_CATEGORIES,
  nextStandingChange,
  volumeRequirementRow,
  type ChestBatch,
  type MedicalCategory,
  type Scale,
  type ScaleItem,
  type VesselMedicalProfile,
  type VesselStatus,
  type VolumeRequirementRow,
} from '@medchest/domain';
import { loadShippedScale } from '@medchest/domain/scale/loadShipped.node';
import { createHash } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ReadModelDb } from '../db';
import { updateRows, writeRows } from '../sql';
import type { ChestVesselsTable, VolumeRequirementsTable } from './migration';

/**
 * A vessel's chest evaluated for one day: every rule is the domain's (evaluateChest, the row
 * shape, nextStandingChange); this module only reads the inputs from the tables and writes the
 * results back (the writers) or hands them to a read (chestsOn, nothing stored).
 */

export type ScaleItems = Pick<Scale, 'items'>;

/** What one vessel's evaluation leaves in the read models. */
export interface ChestEvaluation {
  status: VesselStatus;
  criticalItems: number;
  lowStockItems: number;
  expiringBatches: number;
  batchesOnBoard: number;
  rows: VolumeRequirementRow[];
  /** The evaluation holds from `today` until the day before this one (null: until the next event). */
  nextChangeOn: string | null;
}

/** Pure: one vessel's chest on `today`. */
export function evaluateVesselChest(scale: ScaleItems, profile: VesselMedicalProfile, batches: readonly ChestBatch[], today: string): ChestEvaluation {
  const chest = evaluateChest(scale, profile, batches, today);
  return {
    status: chest.status,
    criticalItems: chest.criticalItems,
    lowStockItems: chest.lowStockItems,
    expiringBatches: chest.expiringBatches.length,
    batchesOnBoard: batches.filter((b) => b.quantity > 0).length,
    rows: chest.items.map(volumeRequirementRow),
    nextChangeOn: nextStandingChange(batches, today),
  };
}

const asCategory = (value: string): MedicalCategory =>
  (MEDICAL_CATEGORIES as readonly string[]).includes(value) ? (value as MedicalCategory) : 'A';

export function profileOfRow(row: Pick<Selectable<ChestVesselsTable>, 'crew_size' | 'medical_category' | 'women_on_board' | 'carries_dangerous_goods'>): VesselMedicalProfile {
  return {
    category: asCategory(row.medical_category),
    crewSize: row.crew_size,
    womenOnBoard: row.women_on_board,
    carriesDangerousGoods: row.carries_dangerous_goods,
  };
}

/** The scales named (null: the shipped one), by id, read once per call. Unknown ids are left out. */
export async function loadScales(db: Kysely<ReadModelDb>, scaleIds: readonly (string | null)[]): Promise<Map<string | null, ScaleItems>> {
  const scales = new Map<string | null, ScaleItems>();
  if (scaleIds.includes(null)) scales.set(null, loadShippedScale());
  const imported = [...new Set(scaleIds.filter((id): id is string => id !== null))];
  if (imported.length > 0) {
    const rows = await db.selectFrom('scales').select(['id', 'items']).where('id', 'in', imported).execute();
    for (const row of rows) scales.set(row.id, { items: row.items as ScaleItem[] });
  }
  return scales;
}

/** The batches of these vessels as the compliance rules read them, by vessel. */
export async function loadChestBatches(db: Kysely<ReadModelDb>, vesselIds: readonly string[]): Promise<Map<string, ChestBatch[]>> {
  const byVessel = new Map<string, ChestBatch[]>(vesselIds.map((id) => [id, []]));
  if (vesselIds.length === 0) return byVessel;
  const rows = await db
    .selectFrom('inventory_batches')
    .select(['vessel_id', 'scale_id', 'quantity_on_board', 'expiry_date'])
    .where('vessel_id', 'in', vesselIds)
    .execute();
  for (const row of rows) byVessel.get(row.vessel_id)?.push({ scaleId: row.scale_id, quantity: row.quantity_on_board, expiryDate: row.expiry_date });
  return byVessel;
}

/** One live vessel's stored chest row with its evaluation for a day. */
export interface EvaluatedChest {
  vessel: Selectable<ChestVesselsTable>;
  evaluation: ChestEvaluation;
}

/**
 * Evaluate these vessels on `today` from the tables as they stand (inside the caller's transaction
 * when there is one), in memory: nothing is written. Vessels without a chest_vessels row (not live)
 * are left out. A vessel whose assigned scale is unknown keeps the shipped scale's rules. The one
 * evaluation both the writers (evaluateAndStore) and the reads (chestsOn) use.
 */
export async function evaluateChests(db: Kysely<ReadModelDb>, vesselIds: readonly string[], today: string): Promise<EvaluatedChest[]> {
  if (vesselIds.length === 0) return [];
  const vessels = await db.selectFrom('chest_vessels').selectAll().where('vessel_id', 'in', vesselIds).execute();
  if (vessels.length === 0) return [];
  const ids = vessels.map((v) => v.vessel_id);
  const [scales, batches] = await Promise.all([loadScales(db, [...vessels.map((v) => v.scale_id), null]), loadChestBatches(db, ids)]);
  return vessels.map((vessel) => {
    const scale = scales.get(vessel.scale_id) ?? scales.get(null)!;
    return { vessel, evaluation: evaluateVesselChest(scale, profileOfRow(vessel), batches.get(vessel.vessel_id) ?? [], today) };
  });
}

/**
 * Evaluate these vessels on `today` (evaluateChests) and store the results: used only by the
 * writers of the chest tables, the projection (after events) and the daily expiry scan.
 */
export async function evaluateAndStore(db: Kysely<ReadModelDb>, vesselIds: readonly string[], today: string): Promise<void> {
  const evaluated = await evaluateChests(db, vesselIds, today);
  if (evaluated.length === 0) return;

  const summaries: Partial<Insertable<ChestVesselsTable>>[] = [];
  const rows: Insertable<VolumeRequirementsTable>[] = [];
  const counts: { vessel_id: string; n: number }[] = [];
  for (const { vessel, evaluation } of evaluated) {
    const digest = answerDigest(JSON.stringify(evaluation.rows));
    summaries.push({
      vessel_id: vessel.vessel_id,
      status: evaluation.status,
      critical_items: evaluation.criticalItems,
      low_stock_items: evaluation.lowStockItems,
      expiring_batches: evaluation.expiringBatches,
      batches_on_board: evaluation.batchesOnBoard,
      evaluated_on: today,
      next_change_on: evaluation.nextChangeOn,
      rows_digest: digest,
    });
    // The same digest is the same rows, already stored: most re-evaluations (a crew change that
    // moves no requirement, a day that changes nothing) write nothing more than the summary.
    if (digest === vessel.rows_digest) continue;
    evaluation.rows.forEach((row, position) => rows.push(requirementColumns(vessel.vessel_id, position, row)));
    counts.push({ vessel_id: vessel.vessel_id, n: evaluation.rows.length });
  }
  await updateRows(db, 'chest_vessels', summaries, 'vessel_id');
  // Most rows are as they were (one batch edit moves one item): those are left untouched.
  await writeRows(db, 'volume_requirements', rows, {
    key: ['vessel_id', 'position'],
    update: ['scale_id', 'scale_description', 'section', 'required_quantity', 'required_unit', 'requirement', 'actual_quantity', 'compliance_status', 'expiring_soon'],
    onlyIfChanged: true,
  });
  // A vessel moved to a shorter scale: its rows past the new end go.
  if (counts.length === 0) return;
  await sql`
    DELETE FROM volume_requirements v
    USING jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) AS r(vessel_id text, n integer)
    WHERE v.vessel_id = r.vessel_id AND v.position >= r.n`.execute(db);
}

function requirementColumns(vesselId: string, position: number, row: VolumeRequirementRow): Insertable<VolumeRequirementsTable> {
  return {
    vessel_id: vesselId,
    position,
    scale_id: row.scaleId,
    scale_description: row.scaleDescription,
    section: row.section,
    required_quantity: row.requiredQuantity,
    required_unit: row.requiredUnit,
    requirement: row.requirement,
    actual_quantity: row.actualQuantity,
    compliance_status: row.complianceStatus,
    expiring_soon: row.expiringSoon,
  };
}

/**
 * The digest of a volume requirements answer's JSON text. The stored rows read back through
 * toVolumeRequirementRow give the very text the evaluation's rows give (same keys in the same
 * order, the same numbers), so the digest stored with an evaluation names the answer a read makes.
 */
export function answerDigest(json: string): string {
  return createHash('sha256').update(json).digest('hex');
}

export function toVolumeRequirementRow(row: Selectable<VolumeRequirementsTable>): VolumeRequirementRow {
  return {
    scaleId: row.scale_id,
    scaleDescription: row.scale_description,
    section: row.section,
    requiredQuantity: row.required_quantity,
    requiredUnit: row.required_unit,
    requirement: row.requirement,
    actualQuantity: row.actual_quantity,
    complianceStatus: row.compliance_status as VolumeRequirementRow['complianceStatus'],
    expiringSoon: row.expiring_soon,
  };
}
