export { createPostgresEventStore, type PostgresEventStore, type PostgresEventStoreOptions } from './store';
export { appendEvents } from './append';
export { ensureDatabase, dropDatabase } from './database';
