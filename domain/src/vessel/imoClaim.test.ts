import { describe, expect, it } from 'vitest';
import { parseEvent } from '../registry';
import { DomainError } from '../shared/errors';
import {
  decideImoClaim,
  evolveImoClaim,
  IMO_CLAIM_LEASE_MS,
  initialImoClaimState,
  type ClaimHolder,
  type ImoClaimEvent,
  type ImoClaimState,
} from './imoClaim';

const IMO = '9074729';
const MINE = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';
const claimedAt = '2026-03-10T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(claimedAt) + ms).toISOString();

const heldBy = (vesselId: string): ImoClaimState => ({ status: 'claimed', vesselId, claimedAt });
const claim = (when = at(1000), holder?: ClaimHolder) => ({ type: 'ClaimImo' as const, imoNumber: IMO, vesselId: MINE, at: when, holder });
const release = (holder?: ClaimHolder) => ({ type: 'ReleaseImo' as const, imoNumber: IMO, vesselId: MINE, holder });
const claimedOn = (when: string): ImoClaimEvent => ({ type: 'VesselImoClaimed', data: { imoNumber: IMO, vesselId: MINE, claimedAt: when } });
const claimed = claimedOn(at(1000));
const released: ImoClaimEvent = { type: 'VesselImoReleased', data: { imoNumber: IMO, vesselId: MINE } };

const absent: ClaimHolder = { status: 'absent' };
const deleted: ClaimHolder = { status: 'deleted' };
const standing: ClaimHolder = { status: 'active', imoNumber: IMO };
const elsewhere: ClaimHolder = { status: 'active', imoNumber: '9999991' };

function conflict(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('conflict');
    expect((error as DomainError).fields).toEqual({ imoNumber: `A vessel with IMO number ${IMO} already exists` });
    return;
  }
  throw new Error('expected a conflict');
}

describe('IMO claim', () => {
  it('claims a free number', () => {
    expect(decideImoClaim(claim(), initialImoClaimState())).toEqual([claimed]);
  });

  it.each<[string, ClaimHolder, ImoClaimEvent[]]>([
    ['its vessel stands with this number: nothing to record', standing, []],
    ['its vessel is being created (claim refreshed)', absent, [claimed]],
    ['its vessel is moving onto this number (claim refreshed)', elsewhere, [claimed]],
  ])('re-claims its own claim when %s', (_name, holder, expected) => {
    expect(decideImoClaim(claim(at(1000), holder), heldBy(MINE))).toEqual(expected);
  });

  it('refuses a number another live vessel stands with, however old the claim', () => {
    conflict(() => decideImoClaim(claim(at(10 * IMO_CLAIM_LEASE_MS), standing), heldBy(OTHER)));
  });

  it('takes over a claim whose vessel was deleted (a crash before the release)', () => {
    expect(decideImoClaim(claim(at(1000), deleted), heldBy(OTHER))).toEqual([claimed]);
  });

  it.each<[string, ClaimHolder]>([
    ['a vessel not created (yet)', absent],
    ['a vessel with another number (an edit under way, or stopped)', elsewhere],
  ])('respects a claim held by %s during the lease, takes it over once lapsed', (_name, holder) => {
    conflict(() => decideImoClaim(claim(at(IMO_CLAIM_LEASE_MS - 1), holder), heldBy(OTHER)));
    expect(decideImoClaim(claim(at(IMO_CLAIM_LEASE_MS), holder), heldBy(OTHER))).toEqual([claimedOn(at(IMO_CLAIM_LEASE_MS))]);
  });

  it('releases its own claim once its vessel no longer stands with the number', () => {
    expect(decideImoClaim(release(deleted), heldBy(MINE))).toEqual([released]);
    expect(decideImoClaim(release(elsewhere), heldBy(MINE))).toEqual([released]);
  });

  it('never releases a claim that is free, held by another vessel, or still backed by its vessel', () => {
    expect(decideImoClaim(release(), initialImoClaimState())).toEqual([]);
    expect(decideImoClaim(release(deleted), heldBy(OTHER))).toEqual([]);
    expect(decideImoClaim(release(standing), heldBy(MINE))).toEqual([]);
  });

  it('folds claims and releases; the lease starts when the claim was decided; a stale release changes nothing', () => {
    let state = evolveImoClaim(initialImoClaimState(), claimedOn(claimedAt));
    expect(state).toEqual({ status: 'claimed', vesselId: MINE, claimedAt });
    state = evolveImoClaim(state, { type: 'VesselImoReleased', data: { imoNumber: IMO, vesselId: OTHER } });
    expect(state).toEqual({ status: 'claimed', vesselId: MINE, claimedAt });
    expect(evolveImoClaim(state, released)).toEqual({ status: 'free' });
  });

  it('reads a version 1 claim (its time in the metadata only) as one whose lease has run out', () => {
    const event = parseEvent('VesselImoClaimed', 1, { imoNumber: IMO, vesselId: OTHER });
    const state = evolveImoClaim(initialImoClaimState(), event as ImoClaimEvent);
    expect(decideImoClaim(claim(at(1000), absent), state)).toEqual([claimed]);
    conflict(() => decideImoClaim(claim(at(1000), standing), state));
  });
});
