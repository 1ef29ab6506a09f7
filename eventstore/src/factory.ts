import type { EventStore } from './port';
import { createPostgresEventStore } from './postgres/store';

export interface EventStoreConfig {
  /** PostgreSQL: the default event store (and, with EventStoreDB, still where read models live). */
  databaseUrl: string;
  /** esdb://… selects the EventStoreDB adapter. */
  eventStoreUrl?: string;
}

/**
 * The event store the configuration names: EventStoreDB when eventStoreUrl is set, PostgreSQL
 * otherwise. The EventStoreDB adapter, and with it the gRPC client (@eventstore/db-client, 0.3 to
 * 0.5 s of a process's start-up), is imported here, only when it is the one named: a process on
 * PostgreSQL never loads it (issue 14). The import is typed by the adapter's own module, which is
 * checked against the client's types like any other.
 */
export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { createEsdbEventStore } = await import('./esdb/store');
    return createEsdbEventStore({ connectionString: config.eventStoreUrl });
  }
  return createPostgresEventStore({ connectionString: config.databaseUrl });
}
