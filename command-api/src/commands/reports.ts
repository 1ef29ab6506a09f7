import {
  auditReportOf,
  isoToday,
  reportVesselSchema,
  type AuditReport,
  type ReportCommand,
  type ReportVessel,
  type VesselScope,
} from '@medchest/domain';
import type { LogPosition } from '@medchest/eventstore';
import { newId } from '../ids';
import { listFleetCompliance } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { READ_MODELS, reports } from './streams';

/**
 * The fleet compliance rows as a report holds them. The read model is ours, so a row that does not
 * fit (an unknown status, a missing count) is a bug to log and answer 500 for, not a 400 for the
 * caller, who sent nothing.
 */
function reportVessels(rows: readonly unknown[]): ReportVessel[] {
  const parsed = reportVesselSchema.array().safeParse(rows);
  if (!parsed.success) {
    throw new Error(`The fleet compliance read model answered rows a report cannot hold: ${parsed.error.message}`);
  }
  return parsed.data;
}

/**
 * POST /api/reports/audit: every vessel's compliance row, read once from the fleet compliance read
 * model, recorded as AuditReportGenerated on a new report-{id} stream (the summary is decided from
 * those very rows by the domain's fleet rules), and answered as the report the event recorded.
 */
export async function generateAuditReport(
  deps: AppDeps,
  context: CommandContext,
  scope: VesselScope,
): Promise<{ report: AuditReport; position?: LogPosition }> {
  // One moment for the whole report: the day the chests are judged on and the generation time.
  const at = context.now;
  const vessels = reportVessels(await listFleetCompliance(deps.db, isoToday(at), scope));
  const reportId = newId();
  const command: ReportCommand = { type: 'GenerateAuditReport', reportId, generatedAt: at.toISOString(), vessels };
  // The answer is the event itself; the activity feed shows the report right after.
  const result = await reports.handle(deps, reportId, command, context, { readModels: [READ_MODELS.activity] });
  const [event] = result.events;
  if (event.type !== 'AuditReportGenerated') throw new Error(`GenerateAuditReport recorded ${event.type}`);
  return { report: auditReportOf(event.data), position: result.position };
}
