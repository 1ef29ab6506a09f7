import { DomainError } from '../shared/errors';
import { RESET_LINK_INVALID } from './passwordReset';
import type { UserEvent } from './events';
import type { Profile, Role, UserStatus } from './schema';
import { evolveUser, initialUserState, type UserState } from './state';
import type { Decider } from '../shared/decider';

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      firstName?: string;
      lastName?: string;
      role: Role;
      status: UserStatus;
      accountType?: string;
      vesselId?: string;
      source: 'signup' | 'admin' | 'seed';
    }
  /**
   * A self sign-up: a new account when the address is free, otherwise a note that mails the owner
   * (the caller answers the same either way, so the sign-up form cannot tell who has an account).
   */
  | { type: 'SignUp'; userId: string; email: string; firstName?: string; lastName?: string }
  | { type: 'ApproveUser'; userId: string }
  | { type: 'SuspendUser'; userId: string }
  | { type: 'UpdateProfile'; userId: string; profile: Profile }
  | { type: 'AssignVessels'; userId: string; vesselIds: readonly string[] }
  | { type: 'AssignFleets'; userId: string; fleets: readonly string[] }
  | { type: 'ChangeRole'; userId: string; role: Role }
  | { type: 'ReactivateUser'; userId: string }
  | { type: 'DeleteUser'; userId: string }
  | { type: 'RequestPasswordReset'; userId: string; requestId: string; expiresAt: string }
  | { type: 'CompletePasswordReset'; userId: string; requestId: string; now: string };

/** What a self sign-up becomes: a fleet manager waiting for an admin's approval (spec 001 §7). */
export const SIGNUP_ROLE: Role = 'fleet_manager';
export const SIGNUP_STATUS: UserStatus = 'pending';

export const userNotFound = () => new DomainError('not_found', 'User not found');
const notFound = userNotFound;

/** Same profile, field by field; a blank field and an absent one are the same (nothing on record). */
function sameProfile(a: Profile, b: Profile): boolean {
  const blank = (value: string | undefined) => (value === '' ? undefined : value);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof Profile>;
  for (const key of keys) if (blank(a[key]) !== blank(b[key])) return false;
  return true;
}

/** A list as a set, in the order given (an assignment list names each vessel or fleet once). */
const unique = (values: readonly string[]) => [...new Set(values)];

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'absent') {
        throw new DomainError('conflict', 'An account with this email already exists', {
          email: 'An account with this email already exists',
        });
      }
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data }];
    }
    case 'SignUp': {
      if (state.status !== 'absent') {
        return [{ type: 'ExistingAccountSignUpAttempted', data: { userId: command.userId, email: state.email } }];
      }
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data: { ...data, role: SIGNUP_ROLE, status: SIGNUP_STATUS, source: 'signup' } }];
    }
    case 'ApproveUser':
      if (state.status === 'absent') throw notFound();
      if (state.status === 'active') throw new DomainError('conflict', 'User is already active');
      return [
        { type: 'UserApproved', data: { userId: command.userId, email: state.email, firstName: state.firstName } },
      ];
    case 'SuspendUser':
      if (state.status === 'absent') throw notFound();
      if (state.status === 'suspended') throw new DomainError('conflict', 'User is already suspended');
      return [{ type: 'UserSuspended', data: { userId: command.userId } }];
    case 'UpdateProfile':
      if (state.status === 'absent') throw notFound();
      // Saving an unchanged profile is not a fact worth recording.
      if (sameProfile(state.profile, command.profile)) return [];
      return [{ type: 'UserProfileUpdated', data: { userId: command.userId, ...command.profile } }];
    case 'ChangeRole':
      if (state.status === 'absent') throw notFound();
      if (state.role === command.role) return [];
      return [{ type: 'UserRoleChanged', data: { userId: command.userId, role: command.role } }];
    case 'ReactivateUser':
      if (state.status === 'absent') throw notFound();
      if (state.status !== 'suspended') throw new DomainError('conflict', 'Only a suspended account can be reactivated');
      return [{ type: 'UserReactivated', data: { userId: command.userId } }];
    case 'DeleteUser':
      if (state.status === 'absent') throw notFound();
      return [{ type: 'UserDeleted', data: { userId: command.userId } }];
    case 'RequestPasswordReset':
      // No link for an account that does not exist or is suspended (the API answers the same).
      if (state.status === 'absent' || state.status === 'suspended') throw notFound();
      return [
        {
          type: 'PasswordResetRequested',
          data: { userId: command.userId, requestId: command.requestId, email: state.email, expiresAt: command.expiresAt },
        },
      ];
    case 'CompletePasswordReset': {
      // Unknown, used, expired, or the account deleted or suspended since: one answer for all.
      const expiresAt = state.status === 'absent' || state.status === 'suspended' ? undefined : state.openResets?.[command.requestId];
      if (expiresAt === undefined || Date.parse(expiresAt) <= Date.parse(command.now)) {
        throw new DomainError('validation', RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
      }
      return [{ type: 'PasswordResetCompleted', data: { userId: command.userId, requestId: command.requestId } }];
    }
    case 'AssignVessels':
      if (state.status === 'absent') throw notFound();
      return [{ type: 'UserVesselsAssigned', data: { userId: command.userId, vesselIds: unique(command.vesselIds) } }];
    case 'AssignFleets':
      if (state.status === 'absent') throw notFound();
      return [{ type: 'UserFleetsAssigned', data: { userId: command.userId, fleets: unique(command.fleets) } }];
  }
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
