import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/testing/decider';
import { DomainError } from '../shared/errors';
import { decideUser, userDecider, type UserCommand } from './decide';
import type { UserEvent } from './events';
import { evolveUser, initialUserState } from './state';

const userId = '5d0b3f1e-7a4c-5e21-9c3d-2b8e6f4a1c90';

const given = deciderSpec(userDecider);

const register: Extract<UserCommand, { type: 'RegisterUser' }> = {
  type: 'RegisterUser',
  userId,
  email: 'ana@fleet.example',
  firstName: 'Ana',
  lastName: 'Ruiz',
  role: 'fleet_manager',
  status: 'pending',
  source: 'signup',
};
const { type: _type, ...registeredData } = register;
const registered: UserEvent = { type: 'UserRegistered', data: registeredData };
const approved: UserEvent = { type: 'UserApproved', data: { userId, email: 'ana@fleet.example', firstName: 'Ana' } };
const suspended: UserEvent = { type: 'UserSuspended', data: { userId } };

describe('user decider', () => {
  it('registers a new account with the data of the command', () => {
    given([]).when(register).then([registered]);
  });

  it('refuses a second account for the same email, with the message on the email field', () => {
    let error: unknown;
    try {
      decideUser(register, [registered].reduce(evolveUser, initialUserState()));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('conflict');
    expect((error as DomainError).fields).toEqual({ email: 'An account with this email already exists' });
  });

  it('signs up a new address as a pending fleet manager', () => {
    given([])
      .when({ type: 'SignUp', userId, email: 'ana@fleet.example', firstName: 'Ana', lastName: 'Ruiz' })
      .then([registered]);
  });

  it('notes a sign-up for an address that has an account (to mail its owner) instead of refusing it', () => {
    given([registered, approved])
      .when({ type: 'SignUp', userId, email: 'ana@fleet.example', firstName: 'Someone' })
      .then([{ type: 'ExistingAccountSignUpAttempted', data: { userId, email: 'ana@fleet.example' } }]);
  });

  it('lets a deleted account\'s address sign up again', () => {
    given([registered, { type: 'UserDeleted', data: { userId } }])
      .when({ type: 'SignUp', userId, email: 'ana@fleet.example' })
      .then([{ type: 'UserRegistered', data: { userId, email: 'ana@fleet.example', role: 'fleet_manager', status: 'pending', source: 'signup' } }]);
  });

  it('approves a pending account; the event carries what the approval mail needs', () => {
    given([registered]).when({ type: 'ApproveUser', userId }).then([approved]);
  });

  it('approves a suspended account again (reactivation)', () => {
    given([registered, approved, suspended]).when({ type: 'ApproveUser', userId }).then([approved]);
  });

  it('uses the latest first name in the approval', () => {
    const profile: UserEvent = { type: 'UserProfileUpdated', data: { userId, firstName: 'Anabel' } };
    given([registered, profile])
      .when({ type: 'ApproveUser', userId })
      .then([{ type: 'UserApproved', data: { userId, email: 'ana@fleet.example', firstName: 'Anabel' } }]);
  });

  it('refuses to approve an account that is already active', () => {
    given([registered, approved]).when({ type: 'ApproveUser', userId }).thenThrows('conflict', 'User is already active');
  });

  it('suspends an active account', () => {
    given([registered, approved]).when({ type: 'SuspendUser', userId }).then([suspended]);
  });

  it('refuses to suspend an account twice', () => {
    given([registered, approved, suspended])
      .when({ type: 'SuspendUser', userId })
      .thenThrows('conflict', 'User is already suspended');
  });

  it('records a profile update', () => {
    given([registered])
      .when({ type: 'UpdateProfile', userId, profile: { phone: '+47 22 00 00 00', company: 'Nordic Shipping' } })
      .then([{ type: 'UserProfileUpdated', data: { userId, phone: '+47 22 00 00 00', company: 'Nordic Shipping' } }]);
  });

  it('records nothing for an unchanged profile (a blank field is the same as an absent one)', () => {
    const profile = { firstName: 'Ana', lastName: 'Ruiz', phone: '+47 22 00 00 00', company: 'Nordic Shipping' };
    const updated: UserEvent = { type: 'UserProfileUpdated', data: { userId, ...profile } };
    given([registered, updated]).when({ type: 'UpdateProfile', userId, profile: { ...profile, preferredFleet: '' } }).then([]);
    given([registered]).when({ type: 'UpdateProfile', userId, profile: { firstName: 'Ana', lastName: 'Ruiz' } }).then([]);
    given([registered, updated])
      .when({ type: 'UpdateProfile', userId, profile: { ...profile, company: '' } })
      .then([{ type: 'UserProfileUpdated', data: { userId, ...profile, company: '' } }]);
  });

  it.each<[string, UserCommand]>([
    ['approve', { type: 'ApproveUser', userId }],
    ['suspend', { type: 'SuspendUser', userId }],
    ['update the profile of', { type: 'UpdateProfile', userId, profile: { firstName: 'X' } }],
  ])('refuses to %s an account that does not exist', (_name, command) => {
    given([]).when(command).thenThrows('not_found', 'User not found');
  });
});
