import { DomainError, normalizeEmail, type Profile, type Role, type UserStatus } from '@medchest/domain';
import { waitForReadModels } from '@medchest/eventstore/commands/handler';
import { savePasswordHash } from '../auth/credentials';
import { hashPassword } from '../auth/password';
import { isUuid, userIdForEmail } from '../ids';
import { getUser } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { READ_MODELS, users, vessels } from './streams';

/**
 * User commands. A user's id is the UUID v5 of the lower-cased email, so registering appends to
 * `user-{id}` expecting no stream: the store itself refuses a second account for one email.
 * The password hash goes to the API's credentials table, never into the log.
 */
export interface Registration {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  role: Role;
  status: UserStatus;
  source: 'signup' | 'admin' | 'seed';
  /** A captain's account: accountType 'captain' and the vessel they command. */
  accountType?: string;
  vesselId?: string;
}

/** User answers and the login read the users read model; the admin's approval also sends mail (the email log). */
const USER_READ_MODELS = [READ_MODELS.users];

const userNotFound = () => new DomainError('not_found', 'User not found');
const INVALID_VESSEL = 'Please select a valid vessel';

async function vesselExists(deps: AppDeps, vesselId: string): Promise<boolean> {
  if (!isUuid(vesselId)) return false;
  const { state } = await vessels.load(deps, vesselId);
  return state.status === 'active';
}

export async function registerUser(
  deps: AppDeps,
  registration: Registration,
  context: CommandContext,
  options: { waitForReadModels?: boolean } = {},
) {
  const email = normalizeEmail(registration.email);
  const userId = userIdForEmail(email);
  const passwordHash = await hashPassword(registration.password);
  // The event first: its 'no stream' append is the one-account-per-email check, so only the
  // registration that won stores its password. Should the process stop in between, the account
  // exists without a password and cannot log in (the demo seed repairs its own accounts).
  const result = await users.handle(
    deps,
    userId,
    {
      type: 'RegisterUser',
      userId,
      email,
      firstName: registration.firstName,
      lastName: registration.lastName,
      role: registration.role,
      status: registration.status,
      source: registration.source,
      ...(registration.accountType ? { accountType: registration.accountType } : {}),
      ...(registration.vesselId ? { vesselId: registration.vesselId } : {}),
    },
    context,
  );
  await savePasswordHash(deps.db, userId, passwordHash);
  // Read-your-writes once the credential is stored too, so a login right after the answer works.
  if (result.position && options.waitForReadModels !== false) await waitForReadModels(deps, result.position, USER_READ_MODELS);
  return { userId, position: result.position };
}

async function existingUser(deps: AppDeps, userId: string) {
  if (!isUuid(userId)) throw userNotFound();
  const user = await getUser(deps.db, userId);
  if (!user) throw userNotFound();
  return user;
}

export async function approveUser(deps: AppDeps, userId: string, context: CommandContext) {
  await existingUser(deps, userId);
  const { position } = await users.handle(deps, userId, { type: 'ApproveUser', userId }, context, { readModels: USER_READ_MODELS });
  return { user: await existingUser(deps, userId), position };
}

export async function suspendUser(deps: AppDeps, userId: string, context: CommandContext) {
  await existingUser(deps, userId);
  if (userId === context.userId) {
    throw new DomainError('validation', 'You cannot suspend your own account');
  }
  const { position } = await users.handle(deps, userId, { type: 'SuspendUser', userId }, context, { readModels: USER_READ_MODELS });
  return { user: await existingUser(deps, userId), position };
}

/**
 * PATCH semantics: the fields sent replace their values, the others keep theirs. The event carries
 * the whole profile, so a read model replaying it never loses a field the form did not send.
 */
export async function updateProfile(deps: AppDeps, userId: string, changes: Profile, context: CommandContext) {
  const user = await existingUser(deps, userId);
  const current: Profile = {
    firstName: user.firstName ?? undefined,
    lastName: user.lastName ?? undefined,
    phone: user.phone ?? undefined,
    company: user.company ?? undefined,
    preferredFleet: user.preferredFleet ?? undefined,
    preferredVessel: user.preferredVessel ?? undefined,
  };
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const profile: Profile = { ...current, ...given };
  // A preferred vessel is one that exists (its own stream says so); a choice already on record
  // stays acceptable if that vessel was deleted since, so saving other fields still works.
  const preferredVessel = profile.preferredVessel;
  if (preferredVessel && preferredVessel !== current.preferredVessel && !(await vesselExists(deps, preferredVessel))) {
    throw new DomainError('validation', INVALID_VESSEL, { preferredVessel: INVALID_VESSEL });
  }
  const { position } = await users.handle(deps, userId, { type: 'UpdateProfile', userId, profile }, context, { readModels: USER_READ_MODELS });
  return { user: await existingUser(deps, userId), position };
}
