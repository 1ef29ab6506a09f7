export * from './port';
export { canonicalJson, chainHash, verifyChain } from './hash';
export { createBackoff, FOLLOWER_BACKOFF, type Backoff, type BackoffPolicy } from './backoff';
export { createChainFollower, type ChainBreak, type SignedHead } from './chainFollower';
export { createEventStore, type EventStoreConfig } from './factory';
export { createPostgresEventStore, type PostgresEventStore, type PostgresEventStoreOptions } from './postgres/store';
export { ensureDatabase } from './postgres/database';
export { isUniqueViolation } from './postgres/errors';
export { guardPool, withPoolClient, type PoolErrorHandler } from './postgres/pool';
// The EventStoreDB adapter's types only: its module loads the gRPC client, so it is imported by
// createEventStore when the configuration names EventStoreDB, or directly as
// '@medchest/eventstore/esdb/index' (its contract test), never by this index (issue 14).
export type { EsdbEventStoreOptions } from './esdb/store';
