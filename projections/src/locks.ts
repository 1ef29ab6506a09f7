import type { FollowerKind } from './checkpoints/migration';

/**
 * Advisory-lock keys of the followers of the log. The two-int form keeps them apart from other
 * users of advisory locks in the same database: the first int is ours ('MCPR'), the second
 * hashtext(name).
 */
export const LOCK_NAMESPACE = 0x4d435052;

/** The lease the one active follower of a projection or a reactor holds, e.g. 'projection:vessels'. */
export const followerLockName = (kind: FollowerKind, name: string) => `${kind}:${name}`;

/** The lock a projection's one active runner holds (and a rebuild takes). */
export const projectionLockName = (projection: string) => followerLockName('projection', projection);
