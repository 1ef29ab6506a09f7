import {
  claimHolderOf,
  currentEventVersion,
  decideImoClaim,
  DomainError,
  evolveImoClaim,
  imoClaimEventDefinitions,
  imoClaimStreamId,
  initialImoClaimState,
  parseEvent,
  vesselStreamId,
  type ClaimHolder,
  type DomainEvent,
  type ImoClaimEvent,
  type ImoClaimState,
} from '@medchest/domain';
import { ConcurrencyError } from '@medchest/eventstore';
import { vesselDecider } from './deciders';
import { CHANGED_MEANWHILE, loadState, MAX_ATTEMPTS, type CommandContext, type CommandDeps } from './handle';

/**
 * The IMO claim streams (see the domain's imoClaim.ts): a vessel command claims its number before
 * it appends to the vessel's stream, and releases a number its vessel gave up afterwards. Neither
 * touches a read model, so neither waits for the projections.
 */

const claimTypes = new Set<string>(imoClaimEventDefinitions.map((d) => d.type));
const isClaimEvent = (event: DomainEvent): event is ImoClaimEvent => claimTypes.has(event.type);

export interface LoadedClaim {
  state: ImoClaimState;
  /** The vessel the claim names, from its own stream (undefined when the number is free). */
  holder?: ClaimHolder;
  expected: bigint | 'no_stream';
}

export async function loadClaim(deps: Pick<CommandDeps, 'store'>, imoNumber: string): Promise<LoadedClaim> {
  const streamId = imoClaimStreamId(imoNumber);
  const recorded = await deps.store.readStream(streamId);
  let state = initialImoClaimState();
  for (const stored of recorded) {
    const event = parseEvent(stored.type, stored.version, stored.data);
    if (!isClaimEvent(event)) throw new Error(`Event ${stored.type} does not belong in stream ${streamId}`);
    state = evolveImoClaim(state, event, stored.metadata.occurredAt);
  }
  const expected = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision;
  if (state.status === 'free') return { state, expected };
  const vessel = await loadState(deps, vesselDecider, vesselStreamId(state.vesselId));
  return { state, holder: claimHolderOf(vessel.state), expected };
}

export interface ClaimOutcome {
  /** When a claim was recorded now (undefined: the vessel already stood with this number). */
  claimedAt?: Date;
  /** The claim stream's revision after the claim recorded now. */
  revision?: bigint;
}

async function append(
  deps: CommandDeps,
  imoNumber: string,
  events: ImoClaimEvent[],
  expected: bigint | 'no_stream',
  context: CommandContext,
  at: Date,
) {
  const metadata = { userId: context.userId, correlationId: context.correlationId, occurredAt: at.toISOString() };
  return deps.store.appendToStream(
    imoClaimStreamId(imoNumber),
    events.map((event) => ({ type: event.type, version: currentEventVersion(event.type), data: event.data, metadata })),
    { expected },
  );
}

/**
 * Claim `imoNumber` for `vesselId`, appended with the exact revision read; on a race, re-read and
 * decide again (the winner's claim then refuses this one with 409 on the IMO field).
 */
export async function claimImo(deps: CommandDeps, imoNumber: string, vesselId: string, context: CommandContext): Promise<ClaimOutcome> {
  const now = context.now ?? (() => new Date());
  for (let attempt = 1; ; attempt++) {
    const claim = await loadClaim(deps, imoNumber);
    const at = now();
    const events = decideImoClaim({ type: 'ClaimImo', imoNumber, vesselId, at: at.toISOString() }, claim.state, claim.holder);
    if (events.length === 0) return {};
    try {
      const appended = await append(deps, imoNumber, events, claim.expected, context, at);
      return { claimedAt: at, revision: appended.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('conflict', CHANGED_MEANWHILE);
    }
  }
}

/**
 * Release `vesselId`'s claim on `imoNumber` once the vessel no longer stands with it. With
 * `ifRevision`, only the claim as it stood at that revision: if it changed since (the vessel, or
 * another, claimed it again meanwhile), it is no longer ours to release and is left alone.
 * A release that cannot be recorded leaves a claim its vessel does not back, which lapses.
 */
export async function releaseImo(
  deps: CommandDeps,
  imoNumber: string,
  vesselId: string,
  context: CommandContext,
  options: { ifRevision?: bigint | 'no_stream' } = {},
): Promise<void> {
  const now = context.now ?? (() => new Date());
  try {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const claim = await loadClaim(deps, imoNumber);
      if (options.ifRevision !== undefined && claim.expected !== options.ifRevision) return;
      const events = decideImoClaim({ type: 'ReleaseImo', imoNumber, vesselId }, claim.state, claim.holder);
      if (events.length === 0) return;
      try {
        await append(deps, imoNumber, events, claim.expected, context, now());
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || options.ifRevision !== undefined) throw error;
      }
    }
  } catch (error) {
    if (error instanceof ConcurrencyError) return;
    deps.log?.warn({ err: error, imoNumber, vesselId }, 'IMO claim not released; it lapses instead');
  }
}
