import type { ReportListItem, VesselScope } from '@medchest/domain';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import { vesselInScope } from '../scope';

/** A report the scope may see: every vessel it covers is in the scope (an admin sees all). */
function coveredBy(scope: VesselScope) {
  if (scope.kind === 'all') return sql<boolean>`true`;
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM unnest(reports.vessel_ids) AS covered(vessel_id) WHERE NOT ${vesselInScope(scope, sql.ref('covered.vessel_id'))})`;
}

export async function listReports(db: Kysely<ReadModelDb>, scope: VesselScope, limit = 20): Promise<ReportListItem[]> {
  const rows = await db
    .selectFrom('reports')
    .select(['id', 'name', 'report_type', 'generated_at', sql<number>`cardinality(vessel_ids)`.as('vessel_count')])
    .where(coveredBy(scope))
    .orderBy('generated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    reportType: row.report_type,
    generatedAt: new Date(row.generated_at).toISOString(),
    vesselCount: Number(row.vessel_count),
  }));
}

/** One report as recorded, or undefined when there is none the scope may see. */
export async function getReport(db: Kysely<ReadModelDb>, scope: VesselScope, id: string): Promise<unknown | undefined> {
  const row = await db.selectFrom('reports').select('report').where('id', '=', id).where(coveredBy(scope)).executeTakeFirst();
  return row?.report;
}
