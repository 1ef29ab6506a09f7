import { normalizeEmail } from '@medchest/domain';
import type { Kysely } from 'kysely';
import { executePrepared, type ReadModelDb } from '../db';
import { USER_DATA_COLUMNS, type UserRow } from './project';

/** A user as the API shows it. Passwords are not in the log, so not here either (the API keeps them). */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  status: string;
  accountType: string | null;
  vesselId: string | null;
  phone: string | null;
  company: string | null;
  preferredFleet: string | null;
  preferredVessel: string | null;
  createdAt: string;
}

/** A users row as the API shows the account. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.status,
    accountType: row.account_type,
    vesselId: row.vessel_id,
    phone: row.phone,
    company: row.company,
    preferredFleet: row.preferred_fleet,
    preferredVessel: row.preferred_vessel,
    createdAt: row.created_at.toISOString(),
  };
}

/** The account with this email (any case, surrounding spaces ignored). */
export async function findUserByEmail(db: Kysely<ReadModelDb>, email: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row && toUser(row);
}

/**
 * The columns of a user row, named (toUser fails to compile without one; the session lookup joins
 * them too): a prepared statement
 * that selected * would fail ('cached plan must not change result type') once a migration added a
 * column under a running process.
 */
export const USER_COLUMNS = ['id', ...USER_DATA_COLUMNS] as const satisfies readonly (keyof UserRow)[];

/**
 * The account with this id. Every signed-in request looks its account up here (the auth plugin),
 * so it is a prepared statement: parsed and planned once per connection, not on every request.
 */
export async function getUser(db: Kysely<ReadModelDb>, id: string): Promise<User | undefined> {
  const [row] = await executePrepared(db, db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).compile());
  return row && toUser(row);
}

/** Every account, newest first (the admin portal). */
export async function listUsers(db: Kysely<ReadModelDb>): Promise<User[]> {
  const rows = await db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toUser);
}
