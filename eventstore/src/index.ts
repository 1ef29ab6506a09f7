export * from './port';
export { canonicalJson, chainHash, verifyChain } from './hash';
export { createPostgresEventStore, type PostgresEventStore, type PostgresEventStoreOptions } from './postgres/store';
export { ensureDatabase } from './postgres/database';
export { createEventStore, type EventStoreConfig } from './factory';
