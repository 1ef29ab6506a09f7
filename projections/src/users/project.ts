/**
 * Cost per event (issue 14), what this read model may write: the account's one row (folded per
 * account over a batch of events: written once however many times it changed), and a deletion's
 * record. Accounts are few: a statement or two per batch.
 */
import { normalizeEmail } from '@medchest/domain';
import type { Selectable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, orNull, type EventOfType, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
import type { UsersTable } from './migration';
import { personalDataOpener, type PersonalDataOpener } from '../personal-data/vault';

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'UserApproved',
  'UserSuspended',
  'UserProfileUpdated',
  'UserRoleChanged',
  'UserReactivated',
  'UserDeleted',
] as const;
type UserProjectedEvent = EventOfType<(typeof USER_EVENT_TYPES)[number]>;

export type UserRow = Selectable<UsersTable>;

/** Events written before personal data was sealed hold it in the clear: taken as they are. */
const CLEAR: PersonalDataOpener = { open: ((value: string | undefined) => value) as PersonalDataOpener['open'] };

/**
 * One user event applied to the row it concerns (undefined: the table does not hold the user, or
 * no longer: a deleted account leaves no row). Personal fields are opened with the person's key;
 * an account whose key was destroyed (deleted, crypto-shredded) gets no row back in a rebuild.
 */
export function evolveUserRow(row: UserRow | undefined, event: UserProjectedEvent, personal: PersonalDataOpener = CLEAR): UserRow | undefined {
  const open = (value: string | undefined) => orNull(personal.open(value) ?? undefined);
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      const email = personal.open(d.email);
      if (email === null) return undefined;
      return {
        id: d.userId,
        email: normalizeEmail(email),
        first_name: open(d.firstName),
        last_name: open(d.lastName),
        role: d.role,
        status: d.status,
        account_type: orNull(d.accountType),
        vessel_id: orNull(d.vesselId),
        phone: null,
        company: null,
        preferred_fleet: null,
        preferred_vessel: null,
        created_at: new Date(event.metadata.occurredAt),
      };
    }
    case 'UserApproved':
      return row && { ...row, status: 'active' };
    case 'UserSuspended':
      return row && { ...row, status: 'suspended' };
    case 'UserReactivated':
      return row && { ...row, status: 'active' };
    case 'UserRoleChanged':
      return row && { ...row, role: event.data.role };
    case 'UserDeleted':
      return undefined;
    case 'UserProfileUpdated': {
      // The profile form sends every field: what it leaves out is cleared.
      const d = event.data;
      return (
        row && {
          ...row,
          first_name: open(d.firstName),
          last_name: open(d.lastName),
          phone: open(d.phone),
          company: orNull(d.company),
          preferred_fleet: orNull(d.preferredFleet),
          preferred_vessel: orNull(d.preferredVessel),
        }
      );
    }
  }
}

const isUserEvent = (e: ProjectedEvent): e is UserProjectedEvent => (USER_EVENT_TYPES as readonly string[]).includes(e.type);

/** A user row's columns besides its key: what an upsert rewrites (queries.ts selects them with the key). */
export const USER_DATA_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'role',
  'status',
  'account_type',
  'vessel_id',
  'phone',
  'company',
  'preferred_fleet',
  'preferred_vessel',
  'created_at',
] as const;

/**
 * Approvals and profile edits change part of a row: load the rows the batch touches (one query),
 * fold the events over them in memory, and write each changed row back once (multi-row upsert).
 */
async function applyUsers(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const userEvents = events.filter(isUserEvent);
  const ids = [...new Set(userEvents.map((e) => e.data.userId))];
  if (ids.length === 0) return;
  const rows = new Map<string, UserRow>();
  // A user registered in this batch starts from nothing; only the others need their stored row.
  const registered = new Set(userEvents.filter((e) => e.type === 'UserRegistered').map((e) => e.data.userId));
  const needStored = ids.filter((id) => !registered.has(id));
  if (needStored.length > 0) {
    for (const row of await trx.selectFrom('users').selectAll().where('id', 'in', needStored).execute()) rows.set(row.id, row);
  }
  const personal = await personalDataOpener(
    trx,
    userEvents.flatMap((e) => (e.type === 'UserRegistered' || e.type === 'UserProfileUpdated' ? Object.values(e.data) : [])),
  );
  const changed = new Set<string>();
  const deleted = new Set<string>();
  for (const event of userEvents) {
    const next = evolveUserRow(rows.get(event.data.userId), event, personal);
    if (next) {
      rows.set(event.data.userId, next);
      changed.add(event.data.userId);
      deleted.delete(event.data.userId);
    } else if (event.type === 'UserDeleted') {
      rows.delete(event.data.userId);
      changed.delete(event.data.userId);
      deleted.add(event.data.userId);
    }
  }
  if (deleted.size > 0) await trx.deleteFrom('users').where('id', 'in', [...deleted]).execute();
  const deletions = userEvents.flatMap((e) =>
    e.type === 'UserDeleted' ? [{ user_id: e.data.userId, log_commit: e.position.commit, log_event: e.position.event }] : [],
  );
  if (deletions.length > 0) await trx.insertInto('user_deletions').values(deletions).onConflict((oc) => oc.doNothing()).execute();
  const toWrite = [...changed].map((id) => rows.get(id)!);
  await writeRows(trx, 'users', toWrite, { key: 'id', update: USER_DATA_COLUMNS });
}

/** Accounts: sign-in looks users up by email; the admin portal lists them. */
export const usersProjection = defineProjection({
  name: 'users',
  eventTypes: USER_EVENT_TYPES,
  tables: ['users', 'user_deletions'],
  deferredIndexes: ['users_created_at_idx'],
  apply: applyUsers,
});
