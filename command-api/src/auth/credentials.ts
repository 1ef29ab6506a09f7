import type { ReadDb } from '../readModels';

/**
 * Password hashes, keyed by user id, in a table the API owns: `api_credentials`. Not in the event
 * log (it is permanent, hash-chained and replayed by auditors: a password hash has no place there)
 * and not a read model (a rebuild never drops it; nothing can rebuild it). Like the sessions, it
 * lives in the product's PostgreSQL database, reached through the same connection pool.
 */
export interface CredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: Date;
}

const credentialsDb = (db: ReadDb) => db.withTables<{ api_credentials: CredentialsTable }>();

const created = new WeakMap<ReadDb, Promise<void>>();

/** Create the table if missing. Idempotent; safe when several processes start at once. */
export function initCredentials(db: ReadDb): Promise<void> {
  let done = created.get(db);
  if (!done) {
    done = db.transaction().execute(async (trx) => {
      // CREATE TABLE IF NOT EXISTS alone can still collide on the catalog when two run at once.
      await trx
        .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val('medchest.api_credentials')])]).as('locked'))
        .execute();
      await trx.schema
        .createTable('api_credentials')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    });
    done.catch(() => created.delete(db));
    created.set(db, done);
  }
  return done;
}

/** Store (or replace) a user's password hash. */
export async function savePasswordHash(db: ReadDb, userId: string, passwordHash: string): Promise<void> {
  await initCredentials(db);
  await credentialsDb(db)
    .insertInto('api_credentials')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: new Date() }))
    .execute();
}

export async function findPasswordHash(db: ReadDb, userId: string): Promise<string | undefined> {
  await initCredentials(db);
  const row = await credentialsDb(db).selectFrom('api_credentials').select('password_hash').where('user_id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

/** A deleted account keeps no password. */
export async function deletePasswordHash(db: ReadDb, userId: string): Promise<void> {
  await initCredentials(db);
  await credentialsDb(db).deleteFrom('api_credentials').where('user_id', '=', userId).execute();
}
