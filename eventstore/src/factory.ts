import { createEsdbEventStore } from './esdb/store';
import type { EventStore } from './port';
import { createPostgresEventStore } from './postgres/store';

export interface EventStoreConfig {
  /** PostgreSQL: the default event store (and, with EventStoreDB, still where read models live). */
  databaseUrl: string;
  /** esdb://… selects the EventStoreDB adapter. */
  eventStoreUrl?: string;
}

/** The event store the configuration names: EventStoreDB when eventStoreUrl is set, PostgreSQL otherwise. */
export function createEventStore(config: EventStoreConfig): EventStore {
  if (config.eventStoreUrl) return createEsdbEventStore({ connectionString: config.eventStoreUrl });
  return createPostgresEventStore({ connectionString: config.databaseUrl });
}
