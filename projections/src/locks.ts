import { sql, type RawBuilder } from 'kysely';

/**
 * Advisory-lock keys of the read models. The two-int form keeps them apart from other users of
 * advisory locks in the same database: the first int is ours ('MCPR'), the second a hash of the name.
 */
export const LOCK_NAMESPACE = 0x4d435052;

/** pg_try_advisory_lock / pg_advisory_lock / pg_advisory_unlock for one named lock. */
export const tryLock = (name: string): RawBuilder<{ locked: boolean }> =>
  sql`SELECT pg_try_advisory_lock(${sql.lit(LOCK_NAMESPACE)}, hashtext(${name})) AS locked`;
export const waitLock = (name: string): RawBuilder<unknown> =>
  sql`SELECT pg_advisory_lock(${sql.lit(LOCK_NAMESPACE)}, hashtext(${name}))`;
export const unlock = (name: string): RawBuilder<unknown> =>
  sql`SELECT pg_advisory_unlock(${sql.lit(LOCK_NAMESPACE)}, hashtext(${name}))`;

/** The lock a projection's one active runner holds. */
export const projectionLockName = (projection: string) => `projection:${projection}`;
