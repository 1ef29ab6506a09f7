import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { decideUser } from './decide';
import type { UserEvent } from './events';
import { RESET_LINK_INVALID } from './passwordReset';
import { evolveUser, initialUserState } from './state';

const userId = '5d0b3f1e-7a4c-5e21-9c3d-2b8e6f4a1c90';
const requestId = '8f9e0d1c-2b3a-4c5d-8e7f-001122334455';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'pd1:sealed-address', role: 'fleet_manager', status: 'active', source: 'admin' },
};
const requested: UserEvent = { type: 'PasswordResetRequested', data: { userId, requestId, email: 'pd1:sealed-address', expiresAt: '2026-03-02T09:30:00.000Z' } };
const stateOf = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState());
const complete = (now: string) => ({ type: 'CompletePasswordReset' as const, userId, requestId, now });

function refusal(run: () => unknown): DomainError | undefined {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  return undefined;
}

describe('password reset rules', () => {
  it('a request carries the address as the stream holds it (sealed), never a secret', () => {
    const events = decideUser({ type: 'RequestPasswordReset', userId, requestId, expiresAt: '2026-03-02T09:30:00.000Z' }, stateOf([registered]));
    expect(events).toEqual([requested]);
  });

  it('no link for an account that does not exist or is suspended', () => {
    const ask = { type: 'RequestPasswordReset' as const, userId, requestId, expiresAt: '2026-03-02T09:30:00.000Z' };
    expect(refusal(() => decideUser(ask, stateOf([])))?.kind).toBe('not_found');
    expect(refusal(() => decideUser(ask, stateOf([registered, { type: 'UserSuspended', data: { userId } }])))?.kind).toBe('not_found');
  });

  it('a link works once, before it expires, and not after the account was deleted', () => {
    expect(decideUser(complete('2026-03-02T09:29:59.000Z'), stateOf([registered, requested]))).toEqual([
      { type: 'PasswordResetCompleted', data: { userId, requestId } },
    ]);
    const used = stateOf([registered, requested, { type: 'PasswordResetCompleted', data: { userId, requestId } }]);
    const cases = [
      ['used', used, '2026-03-02T09:10:00.000Z'],
      ['expired', stateOf([registered, requested]), '2026-03-02T09:30:00.000Z'],
      ['never requested', stateOf([registered]), '2026-03-02T09:10:00.000Z'],
      ['account deleted', stateOf([registered, requested, { type: 'UserDeleted', data: { userId } }]), '2026-03-02T09:10:00.000Z'],
    ] as const;
    for (const [, state, now] of cases) {
      const error = refusal(() => decideUser(complete(now), state));
      expect(error).toBeInstanceOf(DomainError);
      expect(error?.message).toBe(RESET_LINK_INVALID);
    }
  });
});
