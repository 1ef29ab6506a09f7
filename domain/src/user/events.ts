import { eventGuard } from '../shared/decider';
import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { ROLES, USER_STATUSES } from './schema';

/**
 * Personal data in user events (email, first and last name, phone) is sealed with the person's own
 * key since version 2 (projections/src/personal-data/vault.ts): the log is never rewritten, so
 * deleting a person destroys their key instead. The fields keep their names and stay strings;
 * version 1 events hold them in the clear and are read as they are.
 */
const SEALED_SINCE_V2 = { 1: (data: unknown) => data };

/**
 * A new account. No password, not even hashed: the log is permanent and an auditor replays it, so
 * credentials live in the API's own table (command-api/src/auth/credentials.ts).
 */
export const UserRegistered = defineEvent(
  'UserRegistered',
  2,
  z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    accountType: z.string().optional(),
    vesselId: z.string().optional(),
    /** How the account came to be: self sign-up, created by an admin, or seeded demo data. */
    source: z.enum(['signup', 'admin', 'seed']),
  }),
  SEALED_SINCE_V2,
);
/** Email and name ride along so the approval mail can be sent from the event alone. */
export const UserApproved = defineEvent(
  'UserApproved',
  2,
  z.object({ userId: z.string(), email: z.string(), firstName: z.string().optional() }),
  SEALED_SINCE_V2,
);
export const UserSuspended = defineEvent('UserSuspended', 1, z.object({ userId: z.string() }));
export const UserProfileUpdated = defineEvent(
  'UserProfileUpdated',
  2,
  z.object({
    userId: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    phone: z.string().optional(),
    company: z.string().optional(),
    preferredFleet: z.string().optional(),
    preferredVessel: z.string().optional(),
  }),
  SEALED_SINCE_V2,
);

/**
 * Assignments (issue 9): the whole list after an admin's change, so the history shows who could
 * see which vessels from when. The actor is the event's metadata.userId.
 */
export const UserVesselsAssigned = defineEvent(
  'UserVesselsAssigned',
  1,
  z.object({ userId: z.string(), vesselIds: z.array(z.string()) }),
);
/** Fleets by name (a vessel's `fleet` field): a vessel joining the fleet later is in scope too. */
export const UserFleetsAssigned = defineEvent('UserFleetsAssigned', 1, z.object({ userId: z.string(), fleets: z.array(z.string()) }));

/** An admin changed the account's role (every session of the account ends with it). */
export const UserRoleChanged = defineEvent('UserRoleChanged', 1, z.object({ userId: z.string(), role: z.enum(ROLES) }));
/** A suspended account made active again by an admin (no approval mail: it had one already). */
export const UserReactivated = defineEvent('UserReactivated', 1, z.object({ userId: z.string() }));
/**
 * The account is gone: its assignments are removed and its personal data erased; what it did stays
 * in the history, shown as "Deleted user".
 */
export const UserDeleted = defineEvent('UserDeleted', 1, z.object({ userId: z.string() }));

/**
 * Someone signed up with the address of an account that already exists. The sign-up answers as for
 * a new account (no enumeration of who has one); this event is what mails the owner instead, so
 * they learn of it and can log in or ignore it. Email rides along: the mail is sent from the event.
 */
export const ExistingAccountSignUpAttempted = defineEvent(
  'ExistingAccountSignUpAttempted',
  1,
  z.object({ userId: z.string(), email: z.string() }),
);

/**
 * Someone asked for a password reset link for the account (forgot password). The link's secret is
 * not here (the log is read by auditors): it is an HMAC of the request id under a key of the
 * product's own, made again by the mail worker. The address rides along sealed, for the mail.
 */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  1,
  z.object({ userId: z.string(), requestId: z.string(), email: z.string(), expiresAt: z.string() }),
);
/** The link of that request was used to set a new password: it can never be used again. */
export const PasswordResetCompleted = defineEvent('PasswordResetCompleted', 1, z.object({ userId: z.string(), requestId: z.string() }));

export const userEventDefinitions = [
  UserRegistered,
  UserApproved,
  UserSuspended,
  UserProfileUpdated,
  UserVesselsAssigned,
  UserFleetsAssigned,
  UserRoleChanged,
  UserReactivated,
  UserDeleted,
  ExistingAccountSignUpAttempted,
  PasswordResetRequested,
  PasswordResetCompleted,
] as const;
export type UserEvent = EventOf<(typeof userEventDefinitions)[number]>;

export const isUserEvent = eventGuard<UserEvent>(userEventDefinitions);
export const userStreamId = (userId: string) => `user-${userId}`;
