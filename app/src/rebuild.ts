import { ConfigError, loadConfig, initHistoryCheckpoints, loadHistoryKey, loadSignedHeads, redactUrl } from '@medchest/command-api';
import { createEventStore, ensureDatabase } from '@medchest/eventstore';
import { createReadModelDb, rebuildReadModels } from '@medchest/projections';

/**
 * `npm run rebuild`: replay the event log into fresh read-model tables and swap them in (readers
 * keep the old tables whole until then). Read models are a function of the log, so the rows come
 * back the same. Refuses while a running MedChest holds the
 * projections: stop it first. Each stream's history is verified (its hash chain, and the heads
 * signed with the history key) before it is projected; the rebuild stops naming the first stream
 * that does not verify.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const store = await createEventStore({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
  const db = createReadModelDb(config.databaseUrl);
  try {
    await store.init();
    const started = Date.now();
    console.info(`Rebuilding the read models of ${redactUrl(config.databaseUrl)}...`);
    // The signed heads are read with the key from outside the database: a forged one stops the rebuild.
    const key = loadHistoryKey({ key: config.historyKey, file: config.historyKeyFile });
    await initHistoryCheckpoints(db);
    const { heads, forged } = await loadSignedHeads(db, key);
    if (forged.length > 0) throw new Error(`Stream ${forged[0].streamId}: ${forged[0].reason}. The rebuild stopped before projecting anything.`);
    const { events } = await rebuildReadModels({ db, store, signedHeads: heads });
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
