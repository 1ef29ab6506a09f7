import {
  claimHolderOf,
  vesselFormSchema,
  type VesselDetails,
  type VesselEvent,
  type VesselState,
} from '@medchest/domain';
import { decision, type Decision, type StreamReader } from '@medchest/eventstore/commands/handler';
import { formBody } from '../http/context';
import { newId } from '../ids';
import { getVessel } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { imoClaims, READ_MODELS, vessels } from './streams';

/**
 * Vessel commands, used by the routes and by the demo seed alike. Each parses the body with the
 * domain's form schema (a ZodError becomes a 400 with the field messages), then goes through the
 * vessel stream's handler. Answers come from the read model, which already includes the change.
 *
 * IMO numbers are unique among live vessels through the claim streams (the domain's imoClaim.ts):
 * a vessel event that takes a number claims it, one that gives a number up releases it, decided
 * alongside the vessel's own event and appended with it in one transaction.
 */

/** What the screens show right after a vessel command: the vessel list and page, the dashboard, the feed. */
// The assignments model too: a fleet manager's new vessel is theirs on the very next read.
const VESSEL_READ_MODELS = [READ_MODELS.vessels, READ_MODELS.fleetCompliance, READ_MODELS.activity, READ_MODELS.medicalChest, READ_MODELS.assignments];

/** The claim (and release) a vessel's change of IMO number brings, decided on the claim streams. */
async function imoDecisions(
  vesselId: string,
  at: Date,
  { before, after }: { before: VesselState; after: VesselState; events: VesselEvent[] },
  read: StreamReader,
): Promise<Decision[]> {
  const from = before.status === 'active' ? before.details.imoNumber : undefined;
  const to = after.status === 'active' ? after.details.imoNumber : undefined;
  if (from === to) return [];
  const decisions: Decision[] = [];
  if (to !== undefined) {
    // The vessel holding the claim, from its own stream: a claim counts only while its vessel backs it.
    const claim = await read(imoClaims.type, to);
    const holder = claim.status !== 'claimed' ? undefined : claim.vesselId === vesselId ? claimHolderOf(before) : claimHolderOf(await read(vessels.type, claim.vesselId));
    decisions.push(decision(imoClaims.type, to, { type: 'ClaimImo', imoNumber: to, vesselId, at: at.toISOString(), holder }, 'before'));
  }
  if (from !== undefined) {
    decisions.push(decision(imoClaims.type, from, { type: 'ReleaseImo', imoNumber: from, vesselId, holder: claimHolderOf(after) }, 'after'));
  }
  return decisions;
}

/** The vessel as the read model shows it; falls back to the decided details if projections lag. */
async function answer(deps: AppDeps, vesselId: string, details: VesselDetails) {
  const vessel = await getVessel(deps.db, vesselId);
  return vessel ?? { id: vesselId, ...details };
}

const waitOption = (wait: boolean | undefined) => (wait === false ? [] : VESSEL_READ_MODELS);

export async function createVessel(
  deps: AppDeps,
  body: unknown,
  context: CommandContext,
  options: { vesselId?: string; waitForReadModels?: boolean; assignTo?: string } = {},
) {
  const details = vesselFormSchema.parse(formBody(body));
  const vesselId = options.vesselId ?? newId();
  const result = await vessels.handle(deps, vesselId, { type: 'CreateVessel', vesselId, details, ...(options.assignTo ? { assignTo: options.assignTo } : {}) }, context, {
    readModels: waitOption(options.waitForReadModels),
    alongside: (decided, read) => imoDecisions(vesselId, context.now, decided, read),
  });
  return { vessel: await answer(deps, vesselId, details), position: result.position };
}

export async function updateVessel(deps: AppDeps, vesselId: string, body: unknown, context: CommandContext) {
  const details = vesselFormSchema.parse(formBody(body));
  const result = await vessels.handle(deps, vesselId, { type: 'UpdateVessel', vesselId, details }, context, {
    readModels: VESSEL_READ_MODELS,
    alongside: (decided, read) => imoDecisions(vesselId, context.now, decided, read),
  });
  return { vessel: await answer(deps, vesselId, details), position: result.position };
}

export async function deleteVessel(deps: AppDeps, vesselId: string, context: CommandContext) {
  const result = await vessels.handle(deps, vesselId, { type: 'DeleteVessel', vesselId }, context, {
    readModels: VESSEL_READ_MODELS,
    // A deleted vessel never comes back, so its claim is free already; the release says so.
    alongside: (decided, read) => imoDecisions(vesselId, context.now, decided, read),
  });
  return { position: result.position };
}

/**
 * Record a vessel's medical chest certificate as the demo seed does: its file already in the file
 * store (a backdated certificate, so no "not in the past" rule: that is the upload form's). Uploads
 * from users go through commands/certificates.ts, which calls the same command.
 */
export async function recordCertificate(
  deps: AppDeps,
  vesselId: string,
  certificate: {
    expiryDate: string;
    certificateIssuer: string;
    issueDate?: string;
    file?: { sha256: string; fileName: string; sizeBytes: number };
  },
  context: CommandContext,
  options: { waitForReadModels?: boolean } = {},
) {
  const result = await vessels.handle(deps, vesselId, { type: 'RecordCertificate', vesselId, ...certificate }, context, {
    readModels: waitOption(options.waitForReadModels),
  });
  return { position: result.position };
}
