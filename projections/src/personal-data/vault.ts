import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { DELETED_USER_NAME } from '@medchest/domain';
import { sql, type Kysely } from 'kysely';

/**
 * Personal data (a person's name, email, phone) goes into the event log sealed with a key of that
 * person's own, kept here, beside the log: table `personal_data_keys`. Deleting the person destroys
 * the key (crypto-shredding): the log is never rewritten, its hash chain still verifies, and every
 * sealed value of that person becomes unreadable for good, in a replay or a rebuild as anywhere.
 *
 * Not a read model (a rebuild must never truncate it: nothing could bring the keys back) and not
 * in the log (it is what the log must not hold). Like the API's credentials, it lives in the
 * product's PostgreSQL database.
 *
 * Sealed text: `pd1:<keyId>:<iv>:<ciphertext>:<tag>` (base64url parts), AES-256-GCM with the key
 * id as associated data. The IV is derived from the value (HMAC under a second key of the person),
 * so the same value sealed twice gives the same text: a decider can still tell "unchanged" from
 * "changed" without seeing the value, and a repeated IV only ever meets the same plaintext.
 */
export interface PersonalDataKeysTable {
  key_id: string;
  /** Whose key it is (a user id). One live key per person. */
  subject_id: string;
  secret: Buffer;
  created_at: Date;
}

type KeysDb = Kysely<{ personal_data_keys: PersonalDataKeysTable }>;
// Callers hold their own kysely instance (the read models', the API's, a projection's transaction).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
const keysDb = (db: AnyDb) => db as unknown as KeysDb;

const PREFIX = 'pd1';
const TABLE = 'personal_data_keys';

/** What an unreadable (shredded) name or address is shown as. */
export const DELETED_USER = DELETED_USER_NAME;

const ensured = new WeakMap<object, Promise<void>>();

/** Create the key table if missing. Idempotent; safe when several processes start at once. */
export function ensurePersonalDataKeys(db: AnyDb): Promise<void> {
  let done = ensured.get(db);
  if (!done) {
    done = db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('medchest.personal_data_keys'))`.execute(trx);
      await trx.schema
        .createTable(TABLE)
        .ifNotExists()
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('subject_id', 'text', (c) => c.notNull().unique())
        .addColumn('secret', 'bytea', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    });
    done.catch(() => ensured.delete(db));
    ensured.set(db, done);
  }
  return done;
}

interface PersonKey {
  keyId: string;
  encKey: Buffer;
  ivKey: Buffer;
}

function deriveKey(keyId: string, secret: Buffer): PersonKey {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.from(keyId), info, 32));
  return { keyId, encKey: derive('medchest personal data: aes-256-gcm'), ivKey: derive('medchest personal data: iv') };
}

/** The person's key, made on first use. */
async function keyFor(db: AnyDb, subjectId: string): Promise<PersonKey> {
  await ensurePersonalDataKeys(db);
  await keysDb(db)
    .insertInto(TABLE)
    .values({ key_id: randomUUID(), subject_id: subjectId, secret: randomBytes(32), created_at: new Date() })
    .onConflict((oc) => oc.column('subject_id').doNothing())
    .execute();
  const row = await keysDb(db).selectFrom(TABLE).select(['key_id', 'secret']).where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
  return deriveKey(row.key_id, row.secret);
}

function sealWith(key: PersonKey, value: string): string {
  const plain = Buffer.from(value, 'utf8');
  const iv = createHmac('sha256', key.ivKey).update(plain).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key.encKey, iv);
  cipher.setAAD(Buffer.from(key.keyId));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [PREFIX, key.keyId, iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
}

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(`${PREFIX}:`);

const keyIdOf = (sealed: string): string | undefined => sealed.split(':')[1];

/** Seal these values of one person (undefined stays undefined; an empty string stays empty). */
export async function sealPersonal<T extends Record<string, string | undefined>>(db: AnyDb, subjectId: string, values: T): Promise<T> {
  const key = await keyFor(db, subjectId);
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(values)) out[name] = value === undefined || value === '' ? value : sealWith(key, value);
  return out as T;
}

/** Opens sealed values whose keys were loaded; null for a value whose key is gone (shredded). */
export interface PersonalDataOpener {
  /** Plain text as is (events written before sealing); sealed text opened; null when shredded. */
  open(value: string): string | null;
  open(value: string | undefined): string | null | undefined;
}

function openWith(keys: ReadonlyMap<string, PersonKey>, value: string): string | null {
  const [prefix, keyId, iv, data, tag] = value.split(':');
  const key = keys.get(keyId);
  if (prefix !== PREFIX || !key || iv === undefined || data === undefined || tag === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(key.keyId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // Tampered or foreign text: as unreadable as a shredded one.
    return null;
  }
}

/**
 * Load the keys these values need (one query; none when nothing is sealed) and open them. Works
 * inside a projection's transaction: the keys are read, never written, and a database where no key
 * was ever made simply opens nothing.
 */
export async function personalDataOpener(db: AnyDb, values: Iterable<unknown>): Promise<PersonalDataOpener> {
  const keyIds = new Set<string>();
  for (const value of values) {
    if (!isSealed(value)) continue;
    const keyId = keyIdOf(value);
    if (keyId) keyIds.add(keyId);
  }
  const keys = new Map<string, PersonKey>();
  if (keyIds.size > 0) {
    const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass(${TABLE}) IS NOT NULL AS exists`.execute(db);
    if (rows[0]?.exists) {
      const found = await keysDb(db).selectFrom(TABLE).select(['key_id', 'secret']).where('key_id', 'in', [...keyIds]).execute();
      for (const row of found) keys.set(row.key_id, deriveKey(row.key_id, row.secret));
    }
  }
  return {
    open: ((value: string | undefined) => (value === undefined ? undefined : isSealed(value) ? openWith(keys, value) : value)) as PersonalDataOpener['open'],
  };
}

/** Open one value (a reactor about to render a mail). */
export async function openPersonal(db: AnyDb, value: string): Promise<string | null> {
  return (await personalDataOpener(db, [value])).open(value);
}

/** The same on a plain pg pool (the mail worker, which has no kysely instance of its own). */
export async function openPersonalWithPool(pool: { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> }, value: string): Promise<string | null> {
  if (!isSealed(value)) return value;
  const keyId = keyIdOf(value) ?? '';
  const exists = (await pool.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [TABLE])).rows[0] as { exists: boolean } | undefined;
  if (!exists?.exists) return null;
  const row = (await pool.query(`SELECT key_id, secret FROM ${TABLE} WHERE key_id = $1`, [keyId])).rows[0] as { key_id: string; secret: Buffer } | undefined;
  return row ? openWith(new Map([[row.key_id, deriveKey(row.key_id, row.secret)]]), value) : null;
}

/** Destroy the person's key: everything sealed with it is unreadable from now on. */
export async function shredPersonalData(db: AnyDb, subjectId: string): Promise<void> {
  await ensurePersonalDataKeys(db);
  await keysDb(db).deleteFrom(TABLE).where('subject_id', '=', subjectId).execute();
}
