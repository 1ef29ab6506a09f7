import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CAPTAIN_CODE_DIGITS, CAPTAIN_CODE_MAX_ATTEMPTS, CAPTAIN_CODE_TTL_MS } from '@medchest/domain';
import type { ReadDb } from '../readModels';

/**
 * One-time sign-in codes of the captain portal (issue 12), in a table the API owns:
 * `api_captain_codes`. Like sessions and passwords they are operational secrets, not history: not
 * in the event log, not a read model. Only a salted HMAC of each code is kept, so the table alone
 * does not give anyone a code to type.
 *
 * A request mails one code per vessel the address may sign in for (a company's contact address is
 * often shared by several of its vessels); the code typed tells which vessel. All codes of one
 * request share one allowance of attempts: each guess is counted before it is checked, and once
 * CAPTAIN_CODE_MAX_ATTEMPTS are used, even the right code is refused.
 */
export interface CaptainCodesTable {
  id: string;
  request_id: string;
  email: string;
  vessel_id: string;
  /** The captain account the code signs in, or null: the vessel's contact address. */
  user_id: string | null;
  salt: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

const codesDb = (db: ReadDb) => db.withTables<{ api_captain_codes: CaptainCodesTable }>();

const created = new WeakMap<ReadDb, Promise<void>>();

/** Create the table if missing. Idempotent; safe when several processes start at once. */
export function initCaptainCodes(db: ReadDb): Promise<void> {
  let done = created.get(db);
  if (!done) {
    done = db.transaction().execute(async (trx) => {
      await trx
        .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val('medchest.api_captain_codes')])]).as('locked'))
        .execute();
      await trx.schema
        .createTable('api_captain_codes')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('vessel_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await trx.schema.createIndex('api_captain_codes_email').ifNotExists().on('api_captain_codes').column('email').execute();
    });
    done.catch(() => created.delete(db));
    created.set(db, done);
  }
  return done;
}

const hashCode = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

/** A code of CAPTAIN_CODE_DIGITS digits, leading zeros kept, from the CSPRNG. */
export const newCaptainCode = () => String(randomInt(0, 10 ** CAPTAIN_CODE_DIGITS)).padStart(CAPTAIN_CODE_DIGITS, '0');

export interface CodeTarget {
  vesselId: string;
  vesselName: string;
  userId: string | null;
}

/**
 * New codes for an address, one per target; every earlier code of the address stops working
 * (only the latest mail's codes are valid). Returns each target with its code, to be mailed.
 */
export async function issueCaptainCodes(db: ReadDb, email: string, targets: readonly CodeTarget[], now: Date) {
  await initCaptainCodes(db);
  const requestId = randomUUID();
  const issued = targets.map((target) => ({ ...target, code: newCaptainCode() }));
  await codesDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('api_captain_codes').set({ used_at: now }).where('email', '=', email).where('used_at', 'is', null).execute();
      // Old rows are useless; clear them now and then rather than keep them.
      await trx.deleteFrom('api_captain_codes').where('expires_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000)).execute();
      if (issued.length === 0) return;
      await trx
        .insertInto('api_captain_codes')
        .values(
          issued.map((target) => {
            const salt = randomBytes(16).toString('hex');
            return {
              id: randomUUID(),
              request_id: requestId,
              email,
              vessel_id: target.vesselId,
              user_id: target.userId,
              salt,
              code_hash: hashCode(salt, target.code),
              attempts: 0,
              expires_at: new Date(now.getTime() + CAPTAIN_CODE_TTL_MS),
              used_at: null,
            };
          }),
        )
        .execute();
    });
  return { requestId, issued };
}

/**
 * Check a typed code. The attempt is counted first (atomically, on every live code of the
 * address), then compared: a code past its attempts, expired or used is never accepted. The
 * matching code is used up in the same statement that finds it, so it signs in once.
 */
export async function redeemCaptainCode(
  db: ReadDb,
  email: string,
  code: string,
  now: Date,
): Promise<{ vesselId: string; userId: string | null } | undefined> {
  await initCaptainCodes(db);
  const live = await codesDb(db)
    .updateTable('api_captain_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', CAPTAIN_CODE_MAX_ATTEMPTS)
    .returning(['id', 'salt', 'code_hash', 'vessel_id', 'user_id'])
    .execute();
  const match = live.find((row) => {
    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(hashCode(row.salt, code), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
  if (!match) return undefined;
  const used = await codesDb(db)
    .updateTable('api_captain_codes')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .returning(['id'])
    .execute();
  if (!used.some((row) => row.id === match.id)) return undefined;
  return { vesselId: match.vessel_id, userId: match.user_id };
}
