import {
  buildReport,
  evolveVessel,
  foldInventory,
  generatedReportOf,
  initialVesselState,
  inventoryStreamId,
  isInventoryEvent,
  isoToday,
  isVesselEvent,
  medicalProfileOf,
  periodOf,
  reportRequestSchema,
  vesselNotFound,
  vesselStreamId,
  type GeneratedReport,
  type InventoryEvent,
  type ReportUsage,
  type ReportVesselFacts,
  type VesselScope,
} from '@medchest/domain';
import { comparePositions, LOG_START, type LogPosition } from '@medchest/eventstore';
import { newId } from '../ids';
import { isVesselInScope } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { scaleInForce, streamEventsAsOf } from './scaleInForce';
import { READ_MODELS, reports } from './streams';

/**
 * POST /api/reports/generate (spec 000 §7): the chosen vessels' facts as they stood at the end of
 * the report's period, read from their streams (the source of truth, so a report on last year shows
 * last year), built into the report by the domain, and recorded as ReportGenerated with the log
 * position the facts were read at.
 */
export async function generateReport(deps: AppDeps, context: CommandContext, scope: VesselScope, body: unknown): Promise<GeneratedReport> {
  const today = isoToday(context.now);
  const request = reportRequestSchema(today).parse(body);
  const vesselIds = [...new Set(request.vesselIds)];
  // A vessel outside the scope is answered like one that does not exist.
  for (const vesselId of vesselIds) if (!(await isVesselInScope(deps.db, scope, vesselId))) throw vesselNotFound();
  const period = periodOf(request, today);
  const read = await Promise.all(
    vesselIds.map(async (vesselId) => {
      const at = await vesselFactsAt(deps, vesselId, period.to);
      if (!at) throw vesselNotFound();
      return at;
    }),
  );
  const logPosition = latestOf(read.map(({ position }) => position));
  const report = buildReport(
    request.reportType,
    read.map(({ facts }) => facts),
    period,
    { generatedAt: context.now.toISOString(), logPosition: `${logPosition.commit}:${logPosition.event}` },
  );
  const reportId = newId();
  const result = await reports.handle(deps, reportId, { type: 'GenerateReport', reportId, vesselIds, report }, context, {
    readModels: [READ_MODELS.reports],
  });
  const [event] = result.events;
  if (event.type !== 'ReportGenerated') throw new Error(`GenerateReport recorded ${event.type}`);
  return generatedReportOf(event.data);
}

/**
 * One vessel's facts at the end of `asOf` (YYYY-MM-DD), and the latest log position among the
 * events they come from: what a report and the PSC pack both print. Undefined when the vessel had
 * not joined the fleet by then (or had left it); each caller says so in its own words.
 */
export async function vesselFactsAt(deps: AppDeps, vesselId: string, asOf: string): Promise<{ facts: ReportVesselFacts; position: LogPosition } | undefined> {
  const [vesselRecorded, inventoryRecorded, scale] = await Promise.all([
    deps.store.readStream(vesselStreamId(vesselId)),
    deps.store.readStream(inventoryStreamId(vesselId)),
    scaleInForce(deps, vesselId, asOf),
  ]);
  const vessel = streamEventsAsOf(vesselRecorded, asOf, isVesselEvent).reduce(evolveVessel, initialVesselState());
  if (vessel.status !== 'active') return undefined;
  const inventory = streamEventsAsOf(inventoryRecorded, asOf, isInventoryEvent);
  const { details, certificate } = vessel;
  return {
    facts: {
      id: vesselId,
      vesselName: details.vesselName,
      imoNumber: details.imoNumber,
      fleet: details.fleet || null,
      flagState: details.flagState,
      scale,
      profile: medicalProfileOf(details),
      batches: foldInventory(inventory),
      certificate: certificate
        ? { expiryDate: certificate.expiryDate, certificateIssuer: certificate.certificateIssuer, hasFile: Boolean(certificate.fileSha256) }
        : null,
      usage: inventory.flatMap(usageOf),
    },
    position: latestOf([...vesselRecorded, ...inventoryRecorded].map((event) => event.position)),
  };
}

/** A use of stock recorded on the chest, for Usage Analytics. */
function usageOf(event: InventoryEvent): ReportUsage[] {
  return event.type === 'BatchUsageRecorded' ? [{ usageDate: event.data.usageDate, scaleId: event.data.scaleId, quantityUsed: event.data.quantityUsed }] : [];
}

/** The latest of some log positions (LOG_START for none). */
function latestOf(positions: readonly LogPosition[]): LogPosition {
  return positions.reduce<LogPosition>((latest, position) => (comparePositions(position, latest) > 0 ? position : latest), LOG_START);
}
