import { createPostgresEventStore } from '@medchest/eventstore';
import { createTestTemplate, TEST_TEMPLATES } from '@medchest/eventstore/testing/testDatabase';
import { createReadModelDb, migrateReadModels } from '@medchest/projections';
import { describeServices, startTestServices } from './services';

/**
 * vitest's global setup: picks (and, with a container engine, starts) the services once, before
 * any test process exists, and hands them over through the environment those processes inherit.
 * It also builds the run's template databases (TEST_TEMPLATES) with the real migrations, so each
 * test file copies its schema instead of migrating a database of its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const services = await startTestServices();
  Object.assign(process.env, services.env);
  console.log(describeServices(services));
  const templates: { drop(): Promise<void> }[] = [];
  const stop = async () => {
    await Promise.all(templates.map((template) => template.drop()));
    await services.stop();
  };
  try {
    const readModels = await createTestTemplate('read_models', migrateReadModelsAt);
    templates.push(readModels);
    // The API harness's order: the event store's schema, then the read models.
    const app = await createTestTemplate('app', async (url) => {
      const store = createPostgresEventStore({ connectionString: url, poolSize: 4 });
      try {
        await store.init();
      } finally {
        await store.close();
      }
      await migrateReadModelsAt(url);
    });
    templates.push(app);
    process.env[TEST_TEMPLATES.readModels] = readModels.name;
    process.env[TEST_TEMPLATES.app] = app.name;
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

async function migrateReadModelsAt(url: string): Promise<void> {
  const db = createReadModelDb(url, { maxConnections: 2 });
  try {
    await migrateReadModels(db);
  } finally {
    await db.destroy();
  }
}
