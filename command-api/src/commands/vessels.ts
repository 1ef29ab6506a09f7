import { DomainError, vesselFormSchema, vesselStreamId, type VesselDetails } from '@medchest/domain';
import { formBody } from '../http/context';
import { isUuid, newId } from '../ids';
import { findVesselByImo, getVessel } from '../readModels';
import { vesselDecider } from './deciders';
import type { AppDeps } from './context';
import { handleCommand, type CommandContext } from './handle';

/**
 * Vessel commands, used by the routes and by the demo seed alike. Each parses the body with the
 * domain's form schema (a ZodError becomes a 400 with the field messages), then goes through
 * handleCommand. Answers come from the read model, which already includes the change.
 */


const vesselNotFound = () => new DomainError('not_found', 'Vessel not found');

/** IMO numbers are unique among live vessels (checked against the read model before deciding). */
async function assertImoFree(deps: AppDeps, details: VesselDetails, exceptVesselId?: string): Promise<void> {
  const existing = await findVesselByImo(deps.db, details.imoNumber);
  if (existing && existing.id !== exceptVesselId) {
    const message = `A vessel with IMO number ${details.imoNumber} already exists`;
    throw new DomainError('conflict', message, { imoNumber: message });
  }
}

/** The vessel as the read model shows it; falls back to the decided details if projections lag. */
async function answer(deps: AppDeps, vesselId: string, details: VesselDetails) {
  const vessel = await getVessel(deps.db, vesselId);
  return vessel ?? { id: vesselId, ...details };
}

export async function createVessel(
  deps: AppDeps,
  body: unknown,
  context: CommandContext,
  options: { vesselId?: string; waitForReadModels?: boolean } = {},
) {
  const details = vesselFormSchema.parse(formBody(body));
  await assertImoFree(deps, details);
  const vesselId = options.vesselId ?? newId();
  const result = await handleCommand(deps, vesselDecider, vesselStreamId(vesselId), { type: 'CreateVessel', vesselId, details }, context, {
    waitForReadModels: options.waitForReadModels,
  });
  return { vessel: await answer(deps, vesselId, details), position: result.position };
}

export async function updateVessel(deps: AppDeps, vesselId: string, body: unknown, context: CommandContext) {
  if (!isUuid(vesselId) || !(await getVessel(deps.db, vesselId))) throw vesselNotFound();
  const details = vesselFormSchema.parse(formBody(body));
  await assertImoFree(deps, details, vesselId);
  const result = await handleCommand(deps, vesselDecider, vesselStreamId(vesselId), { type: 'UpdateVessel', vesselId, details }, context);
  return { vessel: await answer(deps, vesselId, details), position: result.position };
}

export async function deleteVessel(deps: AppDeps, vesselId: string, context: CommandContext) {
  if (!isUuid(vesselId)) throw vesselNotFound();
  const result = await handleCommand(deps, vesselDecider, vesselStreamId(vesselId), { type: 'DeleteVessel', vesselId }, context);
  return { position: result.position };
}

/**
 * Record a vessel's medical chest certificate (expiry date and issuer). Used by the demo seed now;
 * the certificate upload route of a later issue adds the file and calls the same command.
 */
export async function recordCertificate(
  deps: AppDeps,
  vesselId: string,
  certificate: { expiryDate: string; certificateIssuer: string },
  context: CommandContext,
  options: { waitForReadModels?: boolean } = {},
) {
  if (!isUuid(vesselId)) throw vesselNotFound();
  const result = await handleCommand(
    deps,
    vesselDecider,
    vesselStreamId(vesselId),
    { type: 'RecordCertificate', vesselId, ...certificate },
    context,
    { waitForReadModels: options.waitForReadModels },
  );
  return { position: result.position };
}
