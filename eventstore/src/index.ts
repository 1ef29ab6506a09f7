export * from './port';
export { canonicalJson, chainHash, verifyChain } from './hash';
export { createBackoff, FOLLOWER_BACKOFF, type Backoff, type BackoffPolicy } from './backoff';
export { createChainFollower, type ChainBreak, type SignedHead } from './chainFollower';
export { createEventStore, type EventStoreConfig } from './factory';
export { createPostgresEventStore, type PostgresEventStore, type PostgresEventStoreOptions } from './postgres/store';
export { ensureDatabase } from './postgres/database';
export { guardPool, withPoolClient, type PoolErrorHandler } from './postgres/pool';
export { createEsdbEventStore, type EsdbEventStoreOptions } from './esdb/store';
