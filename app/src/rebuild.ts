import { ConfigError, loadConfig, redactUrl } from '@medchest/command-api';
import { createEventStore, ensureDatabase } from '@medchest/eventstore';
import { createReadModelDb, rebuildReadModels } from '@medchest/projections';

/**
 * `npm run rebuild`: drop every read model and replay the event log into it. Read models are a
 * function of the log, so the rows come back the same. Refuses while a running MedChest holds the
 * projections: stop it first.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const store = createEventStore({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
  const db = createReadModelDb(config.databaseUrl);
  try {
    await store.init();
    const started = Date.now();
    console.info(`Rebuilding the read models of ${redactUrl(config.databaseUrl)}...`);
    const { events } = await rebuildReadModels({ db, store });
    console.info(`Read models rebuilt: ${events} events replayed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.destroy();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
