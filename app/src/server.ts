import { Redis } from 'ioredis';
import {
  buildApp,
  createPgSessionStore,
  createRedisLimits,
  limitsRedisOptions,
  DEFAULT_WEB_DIST,
  isWebAppBuilt,
  productSecret,
  loadHistoryKey,
  redactUrl,
  SUPPLIER_LINK_SECRET_NAME,
  PASSWORD_RESET_SECRET_NAME,
  WEB_NOT_BUILT,
  type Config,
} from '@medchest/command-api';
import { seedDemo, seedDemoPeople } from '@medchest/demo';
import { eventCodec } from '@medchest/domain';
import { createEventStore, ensureDatabase } from '@medchest/eventstore';
import { createProjectionRunner, createReadModelDb, migrateReadModels } from '@medchest/projections';
import { MAIL_QUEUE, startWorkers, type Logger, type MailJobData, type Workers } from '@medchest/workers';
import { checkServicesAnswer } from './services';

export interface RunningMedChest {
  /** The port it listens on (useful with port 0). */
  port: number;
  /** Stop everything, in the reverse order of start; safe to call more than once. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where progress lines go (default console). */
  log?: Logger;
  /** Web app directory (default web/dist); false for none. */
  webDist?: string | false;
  /** BullMQ key prefix (tests use their own). */
  queuePrefix?: string;
}

/**
 * The whole product in one process: create the database if missing, initialise the event store,
 * migrate the read models, start the projection runner, seed the demo once, start the workers,
 * then listen. What was started is stopped again if a later step fails.
 */
export async function startMedChest(config: Config, options: StartOptions = {}): Promise<RunningMedChest> {
  const log = options.log ?? console;
  const stack: { name: string; stop: () => Promise<unknown> }[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const { name, stop: stopOne } of stack.reverse()) {
        try {
          await stopOne();
        } catch (error) {
          log.error(`Stopping ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })());

  try {
    await checkServicesAnswer(config);
    await ensureDatabase(config.databaseUrl);
    const store = await createEventStore({ databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
    stack.push({ name: 'event store', stop: () => store.close() });
    await store.init();

    const db = createReadModelDb(config.databaseUrl);
    stack.push({ name: 'read-model database', stop: () => db.destroy() });
    await migrateReadModels(db);

    const runner = createProjectionRunner({ db, store, onError: (error) => log.error('[projections]', error) });
    stack.push({ name: 'projection runner', stop: () => runner.stop() });
    await runner.start();

    // The supplier links' key: the API checks what the workers sign.
    const supplierLinkSecret = config.supplierLinkSecret ?? (await productSecret(db, SUPPLIER_LINK_SECRET_NAME));
    // The password reset links' key: the workers sign, the API checks (buildApp reads the same row).
    const passwordResetSecret = await productSecret(db, PASSWORD_RESET_SECRET_NAME);

    const sessions = createPgSessionStore({ connectionString: config.databaseUrl });
    stack.push({ name: 'sessions', stop: () => sessions.close() });

    // The guessing limits' own connection: it fails fast while Redis is away (the limits then
    // count in memory) and reconnects by itself.
    const limitsRedis = new Redis(config.redisUrl, limitsRedisOptions);
    limitsRedis.on('error', () => {}); // reported once per outage by the limits themselves
    stack.push({ name: 'limits connection', stop: async () => limitsRedis.disconnect() });
    limitsRedis.connect().catch(() => {});
    const queuePrefix = options.queuePrefix ?? queuePrefixFor(config.databaseUrl);
    const limits = createRedisLimits({
      redis: limitsRedis,
      prefix: `${queuePrefix}:limits:`,
      onError: (error) => log.warn(`Redis does not answer; guessing limits are counted in this process meanwhile (${error instanceof Error ? error.message : String(error)})`),
    });

    // Mails the API queues itself (captain sign-in codes) go down the workers' mail queue, like
    // every other mail; the workers start after the app, hence the late binding.
    let started: Workers | undefined;
    const outbox = {
      async send(messageId: string, message: MailJobData) {
        if (!started) throw new Error('the mail queue is not running yet');
        await started.queue(MAIL_QUEUE).add(message.template, message, { jobId: messageId });
      },
    };

    const app = await buildApp({
      store,
      db,
      waitFor: runner.waitFor,
      sessions,
      webDist: options.webDist,
      logger: { level: config.logLevel },
      supplierLinkSecret,
      historyKey: loadHistoryKey({ key: config.historyKey, file: config.historyKeyFile }),
      trustProxy: config.trustProxy,
      limits,
      redisPing: () => limitsRedis.ping(),
      outbox,
      appUrl: `http://localhost:${config.port}`,
    });
    stack.push({ name: 'HTTP server', stop: () => app.close() });

    await seedDemo({ store, codec: eventCodec, db, waitFor: runner.waitFor, log: app.log }, { log });
    await seedDemoPeople({ store, codec: eventCodec, db, waitFor: runner.waitFor, log: app.log }, { log });

    const workers = await startWorkers({
      store,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      smtpUrl: config.smtpUrl,
      readModels: db,
      supplierLinkSecret,
      passwordResetSecret,
      queuePrefix,
      mailOptions: { appUrl: `http://localhost:${config.port}` },
      log: options.log,
    });
    started = workers;
    // Kept just under the HTTP server: on stop the server stops taking requests first, then the
    // workers, the projection runner and the connections.
    stack.splice(stack.length - 1, 0, { name: 'workers', stop: () => workers.stop() });

    const webDist = options.webDist ?? DEFAULT_WEB_DIST;
    if (webDist !== false && !isWebAppBuilt(webDist)) log.warn(WEB_NOT_BUILT);

    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info(
      `Event store: ${config.eventStoreUrl ? `EventStoreDB (${redactUrl(config.eventStoreUrl)})` : 'PostgreSQL'}; ` +
        `database ${redactUrl(config.databaseUrl)}; mail ${config.smtpUrl ? 'via SMTP' : 'recorded, not delivered (SMTP_URL unset)'}`,
    );
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Job queues belong to one product instance: two instances sharing a Redis (say `npm start` and
 * the browser tests' server) must never take each other's jobs, whose outcomes are recorded in
 * their own event store. The database names the instance.
 */
export function queuePrefixFor(databaseUrl: string): string {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  return `medchest-${database}`;
}
