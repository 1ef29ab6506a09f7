import type { UserEvent } from './events';
import type { Role, UserStatus } from './schema';

export type UserState =
  | { status: 'absent' }
  | {
      status: UserStatus;
      userId: string;
      email: string;
      role: Role;
      firstName?: string;
      profile: Omit<Extract<UserEvent, { type: 'UserProfileUpdated' }>['data'], 'userId'>;
      /** Password reset links not used yet: request id → when it expires (ISO). */
      openResets?: Readonly<Record<string, string>>;
    };

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, role, status, firstName, lastName } = event.data;
      return { status, userId, email, role, firstName, profile: { firstName, lastName } };
    }
    case 'UserApproved':
      return state.status === 'absent' ? state : { ...state, status: 'active' };
    case 'UserSuspended':
      return state.status === 'absent' ? state : { ...state, status: 'suspended' };
    case 'UserRoleChanged':
      return state.status === 'absent' ? state : { ...state, role: event.data.role };
    case 'UserReactivated':
      return state.status === 'absent' ? state : { ...state, status: 'active' };
    case 'UserDeleted':
      // A deleted account is as good as absent: its email may register again.
      return { status: 'absent' };
    case 'UserVesselsAssigned':
    case 'UserFleetsAssigned':
    case 'ExistingAccountSignUpAttempted':
      // Assignments are read from their read model; the decider needs only that the user exists. A
      // repeated sign-up changes nothing about the account.
      return state;
    case 'PasswordResetRequested':
      return state.status === 'absent' ? state : { ...state, openResets: { ...state.openResets, [event.data.requestId]: event.data.expiresAt } };
    case 'PasswordResetCompleted': {
      if (state.status === 'absent') return state;
      const { [event.data.requestId]: _used, ...open } = state.openResets ?? {};
      return { ...state, openResets: open };
    }
    case 'UserProfileUpdated': {
      if (state.status === 'absent') return state;
      const { userId: _ignored, ...profile } = event.data;
      return { ...state, firstName: profile.firstName, profile };
    }
  }
}
