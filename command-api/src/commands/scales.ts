import { createHash } from 'node:crypto';
import {
  isoToday,
  scaleImportRequestSchema,
  vesselScaleAssignmentSchema,
  type ScaleMetadata,
  type ScaleSummary,
  vesselNotFound,
} from '@medchest/domain';
import type { LogPosition } from '@medchest/eventstore';
import { formBody } from '../http/context';
import { getVessel, getVesselScale } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { READ_MODELS, scales, vesselScales } from './streams';
import { requireVessel } from './requireVessel';
import { findScale, scaleInForce } from './scaleInForce';
import { parseAsOf } from './volumeRequirements';

/**
 * Scales (issue 3, "The scale is data, with provenance"): an admin imports a scale table as CSV
 * (stream scale-{scaleId}, once per id), a fleet user assigns a scale to a vessel (stream
 * vesselScale-{vesselId}); every vessel's requirements, and the scale ids its batches may name,
 * follow the scale in force. The rules are the domain's deciders; this file gathers their inputs.
 */


export type { ScaleSummary } from '@medchest/domain';

const metadataOf = ({ id, name, source, effectiveDate }: ScaleMetadata): ScaleMetadata => ({ id, name, source, effectiveDate });

/**
 * POST /api/admin/scales: { fileName (.csv), csv (the file's text), name, source, effectiveDate,
 * scaleId? }. A bad field is a 400 with its message; a file with any bad row a 400 listing every
 * problem (`errors`); an id already imported a 409. Nothing is appended in any of those cases.
 */
export async function importScale(
  deps: AppDeps,
  body: unknown,
  context: CommandContext,
): Promise<{ scale: ScaleSummary; position?: LogPosition }> {
  const request = scaleImportRequestSchema.parse(formBody(body));
  const csvSha256 = createHash('sha256').update(request.csv, 'utf8').digest('hex');
  // The scale list reads the medical chest read model (which holds the scales).
  const result = await scales.handle(deps, request.scaleId, { type: 'ImportScale', request, csvSha256 }, context, {
    readModels: [READ_MODELS.medicalChest],
  });
  const [event] = result.events;
  const { scaleId, name, source, effectiveDate, itemCount } = event.data;
  const importedAt = context.now.toISOString();
  return { scale: { id: scaleId, name, source, effectiveDate, itemCount, importedAt }, position: result.position };
}

/**
 * PUT /api/vessels/{id}/scale { scaleId }: from now on the vessel's requirements follow that scale.
 * Answers the scale in force afterwards; assigning the one already in force records nothing.
 */
export async function assignVesselScale(
  deps: AppDeps,
  vesselId: string,
  body: unknown,
  context: CommandContext,
): Promise<{ scale: ScaleMetadata; position?: LogPosition }> {
  const { scaleId } = vesselScaleAssignmentSchema.parse(formBody(body));
  await requireVessel(deps, vesselId);
  const scale = await findScale(deps, scaleId);
  const result = await vesselScales.handle(deps, vesselId, { type: 'AssignVesselScale', vesselId, scale: scale && metadataOf(scale) }, context, {
    readModels: [READ_MODELS.medicalChest, READ_MODELS.fleetCompliance, READ_MODELS.activity],
  });
  // The decider refused an unknown scale, so `scale` is the one now in force.
  return { scale: metadataOf(scale!), position: result.position };
}

/**
 * GET /api/vessels/{id}/scale: the scale the vessel's requirements follow (its provenance on the
 * screens that show quantities). With ?asOf=YYYY-MM-DD, the scale in force at the end of that day,
 * as the volume requirements "as of" that day use it.
 */
export async function vesselScale(deps: AppDeps, vesselId: string, asOfQuery: unknown, now: Date): Promise<ScaleMetadata> {
  const asOf = parseAsOf(asOfQuery, isoToday(now));
  if (asOf === undefined) {
    const scale = await getVesselScale(deps.db, vesselId);
    if (!scale) throw vesselNotFound();
    return scale;
  }
  if (!(await getVessel(deps.db, vesselId))) throw vesselNotFound();
  return metadataOf(await scaleInForce(deps, vesselId, asOf));
}
