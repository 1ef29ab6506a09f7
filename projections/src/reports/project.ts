/**
 * Cost per event (issue 14), what this read model may write: one row per report generated (the
 * report itself, as generated). A few a month: a statement per report is fine.
 */
import { auditReportOf, generatedReportOf } from '@medchest/domain';
import type { Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, type ProjectedEvent } from '../projection';

export const REPORT_EVENT_TYPES = ['AuditReportGenerated', 'ReportGenerated'] as const;

async function applyReports(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  for (const event of events) {
    const row =
      event.type === 'ReportGenerated'
        ? { report: generatedReportOf(event.data), type: event.data.reportType, vesselIds: event.data.vesselIds }
        : event.type === 'AuditReportGenerated'
          ? { report: auditReportOf(event.data), type: 'audit', vesselIds: event.data.vessels.map((vessel) => vessel.id) }
          : undefined;
    if (!row) continue;
    await trx
      .insertInto('reports')
      .values({
        id: row.report.id,
        name: row.report.name,
        report_type: row.type,
        generated_at: row.report.generatedAt,
        generated_by: event.metadata.userId,
        vessel_ids: row.vesselIds,
        report: JSON.stringify(row.report),
      })
      // A replay writes the same report again.
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

/** The reports generated, newest first: Recent Reports and the downloads. */
export const reportsProjection = defineProjection({
  name: 'reports',
  eventTypes: REPORT_EVENT_TYPES,
  tables: ['reports'],
  apply: applyReports,
});
