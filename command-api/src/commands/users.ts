import {
  adminCreateUserSchema,
  adminEditUserSchema,
  ALL_VESSELS,
  DomainError,
  fleetAssignmentSchema,
  userNotFound,
  normalizeEmail,
  vesselAssignmentSchema,
  type Profile,
  type Role,
  type UserStatus,
} from '@medchest/domain';
import { waitForReadModels } from '@medchest/eventstore/commands/handler';
import { sealPersonal, shredPersonalData } from '@medchest/projections/personal-data/vault';
import { deletePasswordHash, savePasswordHash } from '../auth/credentials';
import { hashPassword } from '../auth/password';
import { isUuid, userIdForEmail } from '../ids';
import { getUser, listAssignedFleets, listAssignedVesselIds, listUsers, listVessels } from '../readModels';
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

/** Assignments answer from their read model; the seed waits once at its end instead. */
const assignmentWait = (options: { waitForReadModels?: boolean }) => ({
  readModels: options.waitForReadModels === false ? [] : [READ_MODELS.assignments],
});

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
  // Name and address go into the log sealed with the person's own key (destroyed on deletion).
  const personal = await sealPersonal(deps.db, userId, { email, firstName: registration.firstName, lastName: registration.lastName });
  // The event first: its 'no stream' append is the one-account-per-email check, so only the
  // registration that won stores its password. Should the process stop in between, the account
  // exists without a password and cannot log in (the demo seed repairs its own accounts).
  const result = await users.handle(
    deps,
    userId,
    {
      type: 'RegisterUser',
      userId,
      email: personal.email,
      firstName: personal.firstName,
      lastName: personal.lastName,
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

export interface SignUpInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * POST /api/auth/signup. The user's decider makes it a new pending account when the address is
 * free and an ExistingAccountSignUpAttempted (which mails the owner) when it is not; the caller
 * answers both alike. Both paths hash the password and wait for the users read model, so neither
 * the answer nor its timing tells the caller which it was. Only a registration stores the password:
 * the owner's own password is never touched by someone else's sign-up.
 */
export async function signUp(deps: AppDeps, input: SignUpInput, context: CommandContext) {
  const email = normalizeEmail(input.email);
  const userId = userIdForEmail(email);
  const passwordHash = await hashPassword(input.password);
  const result = await users.handle(
    deps,
    userId,
    { type: 'SignUp', userId, email, firstName: input.firstName, lastName: input.lastName },
    context,
  );
  const registered = result.events.some((event) => event.type === 'UserRegistered');
  if (registered) await savePasswordHash(deps.db, userId, passwordHash);
  if (result.position) await waitForReadModels(deps, result.position, USER_READ_MODELS);
  return { userId, email, position: result.position };
}

async function existingUser(deps: AppDeps, userId: string) {
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
  const user = await existingUser(deps, userId);
  if (userId === context.userId) {
    throw new DomainError('validation', 'You cannot suspend your own account');
  }
  await refuseLastAdmin(deps, user, 'suspend');
  const { position } = await users.handle(deps, userId, { type: 'SuspendUser', userId }, context, { readModels: USER_READ_MODELS });
  return { user: await existingUser(deps, userId), position };
}

/**
 * PATCH semantics: the fields sent replace their values, the others keep theirs. The event carries
 * the whole profile, so a read model replaying it never loses a field the form did not send.
 */
export async function updateProfile(
  deps: AppDeps,
  userId: string,
  changes: Profile,
  context: CommandContext,
  /** Whether the account may choose this vessel (its scope); any live vessel when not given. */
  vesselInScope: (vesselId: string) => Promise<boolean> = async () => true,
) {
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
  if (
    preferredVessel &&
    preferredVessel !== current.preferredVessel &&
    !((await vesselExists(deps, preferredVessel)) && (await vesselInScope(preferredVessel)))
  ) {
    throw new DomainError('validation', INVALID_VESSEL, { preferredVessel: INVALID_VESSEL });
  }
  // Sealing is deterministic per person, so the decider still sees an unchanged profile as such.
  const sealed = await sealPersonal(deps.db, userId, { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone });
  const { position } = await users.handle(deps, userId, { type: 'UpdateProfile', userId, profile: { ...profile, ...sealed } }, context, {
    readModels: USER_READ_MODELS,
  });
  return { user: await existingUser(deps, userId), position };
}

/** Active admins other than this user: the last admin may be neither suspended nor deleted. */
async function otherActiveAdmins(deps: AppDeps, userId: string): Promise<number> {
  const users = await listUsers(deps.db);
  return users.filter((u) => u.role === 'admin' && u.status === 'active' && u.id !== userId).length;
}

async function refuseLastAdmin(deps: AppDeps, user: { id: string; role: string; status: string }, action: string) {
  if (user.role === 'admin' && user.status === 'active' && (await otherActiveAdmins(deps, user.id)) === 0) {
    throw new DomainError('validation', `You cannot ${action} the last administrator`);
  }
}

/** POST /api/admin/users/create: an account made by an admin (pending unless said otherwise). */
export async function createUserByAdmin(deps: AppDeps, body: unknown, context: CommandContext) {
  const input = adminCreateUserSchema.parse(body);
  const { userId } = await registerUser(
    deps,
    { email: input.email, password: input.password, firstName: input.firstName, lastName: input.lastName, role: input.role, status: input.status, source: 'admin' },
    context,
  );
  const profile = { phone: input.phone, company: input.company };
  if (profile.phone || profile.company) return updateProfile(deps, userId, profile, context);
  return { user: await existingUser(deps, userId), position: undefined };
}

/**
 * PATCH /api/admin/users/{id}: names, phone, company, role, a new password. A change of role or
 * password ends every session of the account (the caller ends them: it owns the session store).
 */
export async function editUserByAdmin(deps: AppDeps, userId: string, body: unknown, context: CommandContext) {
  const user = await existingUser(deps, userId);
  const input = adminEditUserSchema.parse(body);
  let position;
  const { role, password, ...profile } = input;
  if (Object.values(profile).some((v) => v !== undefined)) ({ position } = await updateProfile(deps, userId, profile, context));
  let roleChanged = false;
  if (role !== undefined && role !== user.role) {
    if (userId === context.userId) throw new DomainError('validation', 'You cannot change your own role', { role: 'You cannot change your own role' });
    if (role !== 'admin') await refuseLastAdmin(deps, user, 'change the role of');
    const result = await users.handle(deps, userId, { type: 'ChangeRole', userId, role }, context, { readModels: USER_READ_MODELS });
    position = result.position ?? position;
    roleChanged = result.events.length > 0;
  }
  if (password !== undefined) await savePasswordHash(deps.db, userId, await hashPassword(password));
  return { user: await existingUser(deps, userId), position, endSessions: roleChanged || password !== undefined };
}

export async function reactivateUser(deps: AppDeps, userId: string, context: CommandContext) {
  await existingUser(deps, userId);
  const { position } = await users.handle(deps, userId, { type: 'ReactivateUser', userId }, context, { readModels: USER_READ_MODELS });
  return { user: await existingUser(deps, userId), position };
}

/**
 * DELETE /api/admin/users/{id}: never oneself, never the last admin. The event removes the account
 * and its assignments from the read models; destroying the person's key (crypto-shredding) makes
 * their name, email and phone unreadable in the log itself, so no replay or rebuild brings them
 * back, while what they did stays in the history as "Deleted user". The key goes right after the
 * append (before it, a refused append would leave a live account unreadable); a process stopping
 * in that instant leaves the key, which the read models no longer use.
 */
export async function deleteUser(deps: AppDeps, userId: string, context: CommandContext) {
  const user = await existingUser(deps, userId);
  if (userId === context.userId) throw new DomainError('validation', 'You cannot delete your own account');
  await refuseLastAdmin(deps, user, 'delete');
  const { position } = await users.handle(deps, userId, { type: 'DeleteUser', userId }, context, {
    readModels: [...USER_READ_MODELS, READ_MODELS.assignments, READ_MODELS.emailLog],
  });
  await shredPersonalData(deps.db, userId);
  await deletePasswordHash(deps.db, userId);
  return { position };
}

/** POST /api/admin/users/{id}/vessels: the whole list; every id must be a live vessel. */
export async function assignVessels(
  deps: AppDeps,
  userId: string,
  body: unknown,
  context: CommandContext,
  options: { waitForReadModels?: boolean } = {},
) {
  await existingUser(deps, userId);
  const { vesselIds } = vesselAssignmentSchema.parse(body);
  const unique = [...new Set(vesselIds)];
  const live = new Set((await listVessels(deps.db, ALL_VESSELS)).map((v) => v.id));
  const unknown = unique.filter((id) => !live.has(id));
  if (unknown.length > 0) throw new DomainError('validation', INVALID_VESSEL, { vesselIds: INVALID_VESSEL });
  const { position } = await users.handle(deps, userId, { type: 'AssignVessels', userId, vesselIds: unique },
    context,
    assignmentWait(options),
  );
  return { vesselIds: await listAssignedVesselIds(deps.db, userId), position };
}

/** POST /api/admin/users/{id}/fleets: the whole list of fleet names. */
export async function assignFleets(
  deps: AppDeps,
  userId: string,
  body: unknown,
  context: CommandContext,
  options: { waitForReadModels?: boolean } = {},
) {
  // The seed assigns right after registering, before the read model has the user: the stream's
  // own decider says whether the user exists.
  const { fleets } = fleetAssignmentSchema.parse(body);
  const { position } = await users.handle(deps, userId, { type: 'AssignFleets', userId, fleets }, context, assignmentWait(options));
  return { fleets: await listAssignedFleets(deps.db, userId), position };
}
