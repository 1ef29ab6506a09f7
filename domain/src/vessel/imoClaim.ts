import { z } from 'zod';
import { DomainError } from '../shared/errors';
import { eventGuard, type Decider } from '../shared/decider';
import { defineEvent, type EventOf } from '../shared/events';
import type { VesselState } from './state';

/**
 * IMO numbers are unique among live vessels. The event store checks one stream at a time, so each
 * IMO number has a claim stream, `vessel-imo-{IMO}`, appended with the exact revision read: of two
 * commands racing for one number, one claims it and the other re-reads and finds it taken.
 *
 * A vessel command decides its claim (or release) beside its own event, and the command handler
 * appends both in one transaction (PostgreSQL). A store without multi-stream transactions
 * (EventStoreDB) appends the claim first and a release last, so a crash in between leaves a
 * claim its vessel does not back; such a claim counts only while its vessel backs it:
 * - held by a deleted vessel: free (a deleted vessel never comes back);
 * - held by a vessel that does not exist, or that has another number: the create or edit that
 *   claimed it may still be under way, so it holds for IMO_CLAIM_LEASE_MS after it was recorded,
 *   then lapses (the command that claimed it must have appended its vessel event well before).
 */

export const VesselImoClaimed = defineEvent(
  'VesselImoClaimed',
  2,
  /** claimedAt: the moment of the command that claimed it, which starts the lease. */
  z.object({ imoNumber: z.string(), vesselId: z.string(), claimedAt: z.string() }),
  {
    // Version 1 kept the moment in the metadata only. Such a claim is old (written before this
    // version): its lease has long run out, so it counts only while its vessel backs it.
    1: (data) => ({ ...(data as object), claimedAt: LONG_AGO }),
  },
);
export const VesselImoReleased = defineEvent(
  'VesselImoReleased',
  1,
  z.object({ imoNumber: z.string(), vesselId: z.string() }),
);

const LONG_AGO = '1970-01-01T00:00:00.000Z';

export const imoClaimEventDefinitions = [VesselImoClaimed, VesselImoReleased] as const;
export type ImoClaimEvent = EventOf<(typeof imoClaimEventDefinitions)[number]>;
export const isImoClaimEvent = eventGuard<ImoClaimEvent>(imoClaimEventDefinitions);

export const imoClaimStreamId = (imoNumber: string) => `vessel-imo-${imoNumber}`;

/** How long a claim its vessel does not (yet) back keeps the number from others. */
export const IMO_CLAIM_LEASE_MS = 5 * 60_000;

export type ImoClaimState = { status: 'free' } | { status: 'claimed'; vesselId: string; claimedAt: string };

export const initialImoClaimState = (): ImoClaimState => ({ status: 'free' });

export function evolveImoClaim(state: ImoClaimState, event: ImoClaimEvent): ImoClaimState {
  switch (event.type) {
    case 'VesselImoClaimed':
      return { status: 'claimed', vesselId: event.data.vesselId, claimedAt: event.data.claimedAt };
    case 'VesselImoReleased':
      return state.status === 'claimed' && state.vesselId === event.data.vesselId ? { status: 'free' } : state;
  }
}

/** The vessel holding a claim, as its own stream tells it. */
export type ClaimHolder = { status: 'absent' } | { status: 'deleted' } | { status: 'active'; imoNumber: string };

export function claimHolderOf(state: VesselState): ClaimHolder {
  if (state.status === 'active') return { status: 'active', imoNumber: state.details.imoNumber };
  return { status: state.status };
}

/**
 * `holder`: the state of the vessel the claim names, needed whenever the number is claimed (the
 * command handler reads that vessel's stream and puts it here).
 */
export type ImoClaimCommand =
  /** `at`: the moment of the command (ISO), to tell whether a claim has lapsed. */
  | { type: 'ClaimImo'; imoNumber: string; vesselId: string; at: string; holder?: ClaimHolder }
  | { type: 'ReleaseImo'; imoNumber: string; vesselId: string; holder?: ClaimHolder };

export const imoTakenMessage = (imoNumber: string) => `A vessel with IMO number ${imoNumber} already exists`;

/**
 * Claiming records a claim when the number is free, or refreshes the vessel's own claim unless
 * that vessel already stands with this number (then nothing is recorded). Releasing records a
 * release only for the vessel's own claim, and never while the vessel still stands with the number.
 */
export function decideImoClaim(command: ImoClaimCommand, state: ImoClaimState): ImoClaimEvent[] {
  const { imoNumber, vesselId, holder } = command;
  if (state.status === 'claimed' && !holder) throw new Error(`The holder of the claim on IMO ${imoNumber} is needed`);
  const standing = holder?.status === 'active' && holder.imoNumber === imoNumber;

  switch (command.type) {
    case 'ClaimImo': {
      const claim: ImoClaimEvent[] = [{ type: 'VesselImoClaimed', data: { imoNumber, vesselId, claimedAt: command.at } }];
      if (state.status === 'free') return claim;
      if (state.vesselId === vesselId) return standing ? [] : claim;
      if (holder!.status === 'deleted') return claim;
      const lapsed = Date.parse(command.at) - Date.parse(state.claimedAt) >= IMO_CLAIM_LEASE_MS;
      if (!standing && lapsed) return claim;
      const message = imoTakenMessage(imoNumber);
      throw new DomainError('conflict', message, { imoNumber: message });
    }
    case 'ReleaseImo':
      if (state.status !== 'claimed' || state.vesselId !== vesselId || standing) return [];
      return [{ type: 'VesselImoReleased', data: { imoNumber, vesselId } }];
  }
}

export const imoClaimDecider: Decider<ImoClaimCommand, ImoClaimState, ImoClaimEvent> = {
  decide: decideImoClaim,
  evolve: evolveImoClaim,
  initialState: initialImoClaimState,
};
