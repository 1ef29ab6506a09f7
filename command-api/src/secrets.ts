import { randomBytes } from 'node:crypto';
import type { ReadDb } from './readModels';

/**
 * Secrets the product makes for itself, kept in a table the API owns (`api_secrets`), like the
 * password hashes: not a read model (a rebuild never drops it) and not in the event log. The
 * supplier-link HMAC key lives here unless SUPPLIER_LINK_SECRET is set: made once, the same for
 * every process on the database, so links mailed to suppliers keep working across restarts.
 */
interface SecretsTable {
  name: string;
  value: string;
  created_at: Date;
}

const secretsDb = (db: ReadDb) => db.withTables<{ api_secrets: SecretsTable }>();

export async function productSecret(db: ReadDb, name: string): Promise<string> {
  await db.transaction().execute(async (trx) => {
    await trx.selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val('medchest.api_secrets')])]).as('locked')).execute();
    await trx.schema
      .createTable('api_secrets')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
  });
  await secretsDb(db)
    .insertInto('api_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: new Date() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await secretsDb(db).selectFrom('api_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export const SUPPLIER_LINK_SECRET_NAME = 'supplier-link';
/** The key of password reset links (the API checks them, the mail worker signs them). */
export const PASSWORD_RESET_SECRET_NAME = 'password-reset';
