export { createPostgresEventStore, type PostgresEventStore, type PostgresEventStoreOptions } from './store';
export { appendEvents } from './append';
export { lastCommittedPosition } from './read';
export { ensureDatabase, dropDatabase } from './database';
