import {
  auditReportOf,
  decideReport,
  evolveReport,
  initialReportState,
  isoToday,
  reportEventDefinitions,
  reportStreamId,
  reportVesselSchema,
  type AuditReport,
  type DomainEvent,
  type ReportCommand,
  type ReportEvent,
  type ReportState,
  type ReportVessel,
} from '@medchest/domain';
import type { LogPosition } from '@medchest/eventstore';
import { newId } from '../ids';
import { listFleetCompliance } from '../readModels';
import type { AppDeps } from './context';
import { handleCommand, type CommandContext, type Decider } from './handle';

const reportTypes = new Set<string>(reportEventDefinitions.map((d) => d.type));

export const reportDecider: Decider<ReportCommand, ReportState, ReportEvent> = {
  decide: decideReport,
  evolve: evolveReport,
  initialState: initialReportState,
  isEvent: (event: DomainEvent): event is ReportEvent => reportTypes.has(event.type),
};

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
  context: CommandContext & { now: () => Date },
): Promise<{ report: AuditReport; position?: LogPosition }> {
  // One moment for the whole report: the day the chests are judged on and the generation time.
  const at = context.now();
  const vessels = reportVessels(await listFleetCompliance(deps.db, isoToday(at)));
  const reportId = newId();
  const command: ReportCommand = { type: 'GenerateAuditReport', reportId, generatedAt: at.toISOString(), vessels };
  const result = await handleCommand(deps, reportDecider, reportStreamId(reportId), command, context);
  const [event] = result.events;
  return { report: auditReportOf(event.data), position: result.position };
}
