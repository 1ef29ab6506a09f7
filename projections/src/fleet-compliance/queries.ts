import type { FleetComplianceItem, VesselScope, VesselStatus } from '@medchest/domain';
import { vesselInScope } from '../scope';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { chestsOn, evaluationHolds } from '../medical-chest/current';

export type { FleetComplianceItem } from '@medchest/domain';

/**
 * A vessel the chest projection has not reached yet has no stock recorded: every required item
 * is missing, which is what 'Critical' says.
 */
const NOT_YET_EVALUATED: VesselStatus = 'Critical';

/** Where a page of the list starts: after this vessel, in the list's order (lower(name), name, id). */
export interface FleetComplianceCursor {
  vesselName: string;
  id: string;
}

/** The cursor as text for a query string: the vessel's name and id, base64url JSON. */
export function encodeFleetComplianceCursor(cursor: FleetComplianceCursor): string {
  return Buffer.from(JSON.stringify([cursor.vesselName, cursor.id])).toString('base64url');
}

/** The cursor back from its text; undefined when the text is not one. */
export function decodeFleetComplianceCursor(text: string): FleetComplianceCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return { vesselName: value[0], id: value[1] };
    }
  } catch {
    // Not base64url JSON: not a cursor of ours.
  }
  return undefined;
}

export interface FleetCompliancePage {
  items: FleetComplianceItem[];
  /** The next page's cursor; undefined: this is the last page. */
  nextCursor?: string;
}

function fleetComplianceRows(db: Kysely<ReadModelDb>, scope: VesselScope, perRow = false) {
  return db
    .selectFrom('fleet_compliance as f')
    .leftJoin('chest_vessels as c', 'c.vessel_id', 'f.id')
    .selectAll('f')
    .select(['c.status', 'c.critical_items', 'c.low_stock_items', 'c.expiring_batches', 'c.evaluated_on', 'c.next_change_on'])
    .where(vesselInScope(scope, 'f.id', { perRow }))
    .orderBy(sql`lower(f.vessel_name)`)
    .orderBy('f.vessel_name')
    .orderBy('f.id');
}

type FleetComplianceRow = Awaited<ReturnType<ReturnType<typeof fleetComplianceRows>['execute']>>[number];

/**
 * One item per live vessel of the scope, sorted by vessel name, with its chest as it stands on
 * `today` (YYYY-MM-DD): the stored evaluation where it holds for `today`, the others evaluated in
 * memory (chestsOn, nothing written).
 */
export async function listFleetCompliance(db: Kysely<ReadModelDb>, today: string, scope: VesselScope): Promise<FleetComplianceItem[]> {
  return toItems(db, await fleetComplianceRows(db, scope).execute(), today);
}

/**
 * One page of listFleetCompliance: at most `limit` items after `after`, read in the order of the
 * name index (fleet_compliance_name_idx) and stopped there, so a page costs its own rows whatever
 * the size of the fleet.
 */
export async function listFleetCompliancePage(
  db: Kysely<ReadModelDb>,
  today: string,
  scope: VesselScope,
  page: { limit: number; after?: FleetComplianceCursor },
): Promise<FleetCompliancePage> {
  const rows = await fleetCompliancePageQuery(db, scope, page).execute();
  const more = rows.length > page.limit;
  const items = await toItems(db, more ? rows.slice(0, page.limit) : rows, today);
  const last = items.at(-1);
  return { items, ...(more && last ? { nextCursor: encodeFleetComplianceCursor({ vesselName: last.vesselName, id: last.id }) } : {}) };
}

/** The rows of a page and the first of the next (to know there is one): the query, for EXPLAIN in the bench. */
export function fleetCompliancePageQuery(db: Kysely<ReadModelDb>, scope: VesselScope, page: { limit: number; after?: FleetComplianceCursor }) {
  const query = fleetComplianceRows(db, scope, true).limit(page.limit + 1);
  if (!page.after) return query;
  const { vesselName, id } = page.after;
  return query.where(sql<boolean>`(lower(f.vessel_name), f.vessel_name, f.id) > (lower(${vesselName}), ${vesselName}, ${id})`);
}

async function toItems(db: Kysely<ReadModelDb>, rows: readonly FleetComplianceRow[], today: string): Promise<FleetComplianceItem[]> {
  const stale = rows.filter((row) => row.evaluated_on !== null && !evaluationHolds({ evaluated_on: row.evaluated_on, next_change_on: row.next_change_on }, today));
  const current = await chestsOn(db, stale.map((row) => row.id), today);
  return rows.map((stored) => {
    const chest = current.get(stored.id);
    const row = chest
      ? { ...stored, status: chest.status, critical_items: chest.criticalItems, low_stock_items: chest.lowStockItems, expiring_batches: chest.expiringBatches }
      : stored;
    return {
      id: row.id,
      vesselName: row.vessel_name,
      imoNumber: row.imo_number,
      flagState: row.flag_state,
      crewSizeCategory: row.crew_size_category,
      complianceStatus: (row.status as VesselStatus | null) ?? NOT_YET_EVALUATED,
      lastMedicalReview: row.last_medical_review,
      medicalChestCertificateExpiry: row.medical_chest_certificate_expiry,
      fleet: row.fleet,
      ownershipCompany: row.ownership_company,
      criticalItems: row.critical_items ?? 0,
      lowStockItems: row.low_stock_items ?? 0,
      expiringItems: row.expiring_batches ?? 0,
    };
  });
}
