import { normalizeEmail } from '@medchest/domain';
import type { Selectable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, orNull, type EventOfType, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
import type { UsersTable } from './migration';

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

/**
 * One user event applied to the row it concerns (undefined: the table does not hold the user, or
 * no longer: a deleted account leaves no row).
 */
export function evolveUserRow(row: UserRow | undefined, event: UserProjectedEvent): UserRow | undefined {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        id: d.userId,
        email: normalizeEmail(d.email),
        first_name: orNull(d.firstName),
        last_name: orNull(d.lastName),
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
          first_name: orNull(d.firstName),
          last_name: orNull(d.lastName),
          phone: orNull(d.phone),
          company: orNull(d.company),
          preferred_fleet: orNull(d.preferredFleet),
          preferred_vessel: orNull(d.preferredVessel),
        }
      );
    }
  }
}

const isUserEvent = (e: ProjectedEvent): e is UserProjectedEvent => (USER_EVENT_TYPES as readonly string[]).includes(e.type);

const COLUMNS = [
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
  const changed = new Set<string>();
  const deleted = new Set<string>();
  for (const event of userEvents) {
    const next = evolveUserRow(rows.get(event.data.userId), event);
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
  const toWrite = [...changed].map((id) => rows.get(id)!);
  await writeRows(trx, 'users', toWrite, { key: 'id', update: COLUMNS });
}

/** Accounts: sign-in looks users up by email; the admin portal lists them. */
export const usersProjection = defineProjection({
  name: 'users',
  eventTypes: USER_EVENT_TYPES,
  tables: ['users'],
  apply: applyUsers,
});
