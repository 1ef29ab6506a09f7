// Only the configuration and the service check are loaded first: when PostgreSQL or Redis does not
// answer, MedChest says so and exits in seconds, before compiling the rest of the product.
import { ConfigError, loadConfig } from '@medchest/command-api/config';
import { checkServicesAnswer, ServiceUnreachableError } from './services';

/**
 * `npm start` runs this: the whole product in one process on PORT (5000). Ctrl-C (SIGINT) or
 * SIGTERM stops the HTTP server, the workers, the projection runner and the connections, in that
 * order, and exits 0.
 */
const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  try {
    await checkServicesAnswer(config);
  } catch (error) {
    if (error instanceof ServiceUnreachableError) {
      console.error(`MedChest could not start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { startMedChest } = await import('./server');

  let shuttingDown = false;
  let medchest: Awaited<ReturnType<typeof startMedChest>> | undefined;
  const shutdown = async (signal: string) => {
    // The npm start wrapper forwards the terminal's Ctrl-C, so the same signal can arrive twice.
    if (shuttingDown) return;
    shuttingDown = true;
    console.info(`\n${signal} received: stopping MedChest...`);
    const force = setTimeout(() => {
      console.error(`MedChest did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    await medchest?.stop();
    console.info('MedChest stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  medchest = await startMedChest(config);
  if (shuttingDown) {
    await medchest.stop();
    return;
  }
  console.info(`MedChest is running on http://localhost:${medchest.port}`);
}

main().catch((error: unknown) => {
  console.error(`MedChest could not start: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack && process.env.DEBUG) console.error(error.stack);
  process.exit(1);
});
