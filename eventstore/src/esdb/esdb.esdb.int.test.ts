import { eventStoreContract } from '../contract';
import { createEsdbEventStore } from './store';

// Included by the root vitest config only when EVENTSTORE_URL names a server (see vitest.config.ts).
// EventStoreDB assigns log positions at commit and its events cannot be edited, so the suite's
// late-commit and tampering hooks have nothing to stage here.
eventStoreContract('EventStoreDB', async () => {
  const connectionString = process.env.EVENTSTORE_URL;
  if (!connectionString) throw new Error('EVENTSTORE_URL must name the EventStoreDB server to test against');
  const store = createEsdbEventStore({ connectionString });
  return { store, dispose: () => store.close() };
});
