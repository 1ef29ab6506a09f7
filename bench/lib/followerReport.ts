/** Shared by bench/append.bench.ts and the follower process it starts (bench/lib/followerProcess.ts). */
export const FOLLOWER_NAME = 'bench-follower';

/** What the follower process answers to 'report'. */
export interface FollowerReport {
  /** Events handed to it so far. */
  received: number;
  /** Batches it was handed (each one read of the log and one checkpoint write). */
  batches: number;
  /** 'commit/event' of the last one ('' before any). */
  last: string;
}
