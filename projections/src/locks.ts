/**
 * Advisory-lock keys of the read models. The two-int form keeps them apart from other users of
 * advisory locks in the same database: the first int is ours ('MCPR'), the second hashtext(name).
 */
export const LOCK_NAMESPACE = 0x4d435052;

/** The lock a projection's one active runner holds. */
export const projectionLockName = (projection: string) => `projection:${projection}`;
