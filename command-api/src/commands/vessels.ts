import {
  DomainError,
  IMO_CLAIM_USE_WITHIN_MS,
  vesselFormSchema,
  vesselStreamId,
  type VesselCommand,
  type VesselDetails,
  type VesselEvent,
  type VesselState,
  vesselNotFound,
} from '@medchest/domain';
import { formBody } from '../http/context';
import { isUuid, newId } from '../ids';
import { getVessel } from '../readModels';
import type { AppDeps } from './context';
import { vesselDecider } from './deciders';
import { CHANGED_MEANWHILE, handleCommand, loadState, type CommandContext, type Decider } from './handle';
import { claimImo, loadClaim, releaseImo, type ClaimOutcome } from './imoClaims';

/**
 * Vessel commands, used by the routes and by the demo seed alike. Each parses the body with the
 * domain's form schema (a ZodError becomes a 400 with the field messages), then goes through
 * handleCommand. Answers come from the read model, which already includes the change.
 *
 * IMO numbers are unique among live vessels through the claim streams (commands/imoClaims.ts):
 * create = claim, then create; a change of number = claim the new one, update, release the old;
 * delete = delete, then release.
 */


/** The vessel as the read model shows it; falls back to the decided details if projections lag. */
async function answer(deps: AppDeps, vesselId: string, details: VesselDetails) {
  const vessel = await getVessel(deps.db, vesselId);
  return vessel ?? { id: vesselId, ...details };
}

/**
 * The vessel decider, held to what the command was prepared for: the claim it took must still be
 * fresh (well inside its lease), and the vessel must still have the IMO number it had when the
 * command read it (otherwise the claims prepared for it no longer match: answer 409, try again).
 * `decidedOn` receives the state of the last decision, the one that was appended after.
 */
function preparedDecider(
  claim: ClaimOutcome,
  context: CommandContext,
  options: { imoNumber?: string; decidedOn?: (state: VesselState) => void } = {},
): Decider<VesselCommand, VesselState, VesselEvent> {
  const now = context.now ?? (() => new Date());
  return {
    ...vesselDecider,
    decide(command, state) {
      if (claim.claimedAt && now().getTime() - claim.claimedAt.getTime() > IMO_CLAIM_USE_WITHIN_MS) {
        throw new DomainError('conflict', CHANGED_MEANWHILE);
      }
      if (options.imoNumber !== undefined && state.status === 'active' && state.details.imoNumber !== options.imoNumber) {
        throw new DomainError('conflict', CHANGED_MEANWHILE);
      }
      options.decidedOn?.(state);
      return vesselDecider.decide(command, state);
    },
  };
}

/** A claim taken for a command that then failed: give it back (were this lost, it would lapse). */
async function giveBackClaim(deps: AppDeps, imoNumber: string, vesselId: string, claim: ClaimOutcome, context: CommandContext) {
  if (claim.revision !== undefined) await releaseImo(deps, imoNumber, vesselId, context, { ifRevision: claim.revision });
}

export async function createVessel(
  deps: AppDeps,
  body: unknown,
  context: CommandContext,
  options: { vesselId?: string; waitForReadModels?: boolean } = {},
) {
  const details = vesselFormSchema.parse(formBody(body));
  const vesselId = options.vesselId ?? newId();
  const claim = await claimImo(deps, details.imoNumber, vesselId, context);
  try {
    const result = await handleCommand(
      deps,
      preparedDecider(claim, context),
      vesselStreamId(vesselId),
      { type: 'CreateVessel', vesselId, details },
      context,
      { waitForReadModels: options.waitForReadModels },
    );
    return { vessel: await answer(deps, vesselId, details), position: result.position };
  } catch (error) {
    await giveBackClaim(deps, details.imoNumber, vesselId, claim, context);
    throw error;
  }
}

export async function updateVessel(deps: AppDeps, vesselId: string, body: unknown, context: CommandContext) {
  if (!isUuid(vesselId)) throw vesselNotFound();
  const details = vesselFormSchema.parse(formBody(body));
  // An unknown or deleted vessel is left to the decider (404), before any claim is taken.
  const { state } = await loadState(deps, vesselDecider, vesselStreamId(vesselId));
  const imoNumber = state.status === 'active' ? state.details.imoNumber : undefined;
  const moving = imoNumber !== undefined && imoNumber !== details.imoNumber;
  // The old number's claim as it stands now, while the vessel still backs it: released after the
  // update unless someone claimed it again meanwhile.
  const oldClaim = moving ? await loadClaim(deps, imoNumber) : undefined;
  const claim = moving ? await claimImo(deps, details.imoNumber, vesselId, context) : {};
  let result;
  try {
    result = await handleCommand(deps, preparedDecider(claim, context, { imoNumber }), vesselStreamId(vesselId), { type: 'UpdateVessel', vesselId, details }, context);
  } catch (error) {
    await giveBackClaim(deps, details.imoNumber, vesselId, claim, context);
    throw error;
  }
  if (moving && result.events.length > 0) {
    await releaseImo(deps, imoNumber, vesselId, context, { ifRevision: oldClaim!.expected });
  }
  return { vessel: await answer(deps, vesselId, details), position: result.position };
}

export async function deleteVessel(deps: AppDeps, vesselId: string, context: CommandContext) {
  if (!isUuid(vesselId)) throw vesselNotFound();
  let decidedOn: VesselState | undefined;
  const result = await handleCommand(
    deps,
    preparedDecider({}, context, { decidedOn: (state) => (decidedOn = state) }),
    vesselStreamId(vesselId),
    { type: 'DeleteVessel', vesselId },
    context,
  );
  // A deleted vessel never comes back, so its claim is free already; the release says so.
  if (decidedOn?.status === 'active') await releaseImo(deps, decidedOn.details.imoNumber, vesselId, context);
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
