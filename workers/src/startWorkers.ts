import { isoToday } from '@medchest/domain';
import { guardPool, type EventStore } from '@medchest/eventstore';
import { createReadModelDb, databaseUrlOf, migrateReadModels } from '@medchest/projections';
import { Queue, Worker, type DefaultJobOptions, type Job } from 'bullmq';
import pg from 'pg';
import { consoleLogger, errorMessage, type Logger } from './logger';
import { createSmtpMailer, type Mailer, type SmtpTimeouts } from './mail/mailer';
import { createExpiryScanProcessor } from './expiry-scan/processor';
import { EXPIRY_SCAN_PATTERN, EXPIRY_SCAN_QUEUE, EXPIRY_SCAN_SCHEDULER, expiryScanJobOptions } from './expiry-scan/queue';
import { createMailProcessor } from './mail/processor';
import { createCertificateScan } from './certificates/scan';
import { createFileCleanupProcessor, FILE_CLEANUP_PATTERN, FILE_CLEANUP_QUEUE, FILE_CLEANUP_SCHEDULER, fileCleanupJobOptions } from './file-cleanup/cleanup';
import { openPersonalWithPool } from '@medchest/projections/personal-data/vault';
import { MAIL_QUEUE, mailJobOptions, type MailRetryOptions } from './mail/queue';
import { createReactorFollower, type ReactorFollower, type ReactorStatus } from './reactor/follow';
import type { Reactor } from './reactor/reactor';
import { allReactors } from './reactors';

export interface MailOptions extends MailRetryOptions, SmtpTimeouts {
  /** Sender of every message. Default 'MedChest <no-reply@medchest.example>'. */
  from?: string;
  /** Base URL of the product, for links in mails. Default http://localhost:5000. */
  appUrl?: string;
  /** Messages sent at once by one process. Default 5. */
  concurrency?: number;
}

export interface StartWorkersOptions {
  /** The event store to follow and to record outcomes in (owned by the caller: not closed here). */
  store: EventStore;
  /**
   * PostgreSQL: the reactors' checkpoints (follower_checkpoints, with the read models') and
   * personal data. Needed unless readModels is given; small pools are made and closed here.
   */
  databaseUrl?: string;
  /** A pool of the caller's for personal data (left open by stop()). */
  pool?: pg.Pool;
  /** redis:// or rediss:// URL (REDIS_URL). */
  redisUrl: string;
  /** smtp:// or smtps:// URL (SMTP_URL). Absent: messages are recorded, not delivered. */
  smtpUrl?: string;
  /** Prefix of every BullMQ key in Redis. Default 'medchest'. */
  queuePrefix?: string;
  mailOptions?: MailOptions;
  /** The reactors to run. Default: all of them (reactors/index.ts). */
  reactors?: Reactor[];
  /**
   * The read models: given, the daily expiry scan runs (at start and five past midnight UTC),
   * evaluating again the vessel chests whose day has come. Owned by the caller.
   */
  readModels?: ReturnType<typeof createReadModelDb>;
  /** The HMAC key of supplier links (as the API's); without it orders are not mailed to suppliers. */
  supplierLinkSecret?: string;
  /** The key of password reset links (as the API's); without it no reset link is mailed. */
  passwordResetSecret?: string;
  /** First delay before failed reactors restart from their checkpoints. Default: FOLLOWER_BACKOFF's. */
  reactorRestartDelayMs?: number;
  /** How often a standby process tries to take the reactors over (default 1000 ms). */
  reactorTakeoverIntervalMs?: number;
  log?: Logger;
}

export interface WorkersHealth {
  /** Redis answers and every reactor is following the log, here or (standby) in another process. */
  ok: boolean;
  redis: { ok: true } | { ok: false; error: string };
  reactors: ReactorStatus[];
  /** Job counts per queue (absent when Redis does not answer). */
  queues?: Record<string, Record<string, number>>;
}

export interface Workers {
  /** Stop following the log, let running jobs finish, close queues, workers and connections. */
  stop(): Promise<void>;
  /** For a health endpoint: Redis reachable, reactors running, queue sizes. */
  health(): Promise<WorkersHealth>;
  /** A queue by name (MAIL_QUEUE...), e.g. for an admin screen. */
  queue(name: string): Queue;
}

interface QueueDefinition {
  name: string;
  jobOptions: DefaultJobOptions;
  processor?: (job: Job) => Promise<unknown>;
  concurrency?: number;
}

export const DEFAULT_MAIL_FROM = 'MedChest <no-reply@medchest.example>';
export const DEFAULT_QUEUE_PREFIX = 'medchest';

/** Throws one line naming REDIS_URL when the value is not a redis:// or rediss:// URL. */
export function checkRedisUrl(redisUrl: string): void {
  let url: URL;
  try {
    url = new URL(redisUrl);
  } catch {
    throw new Error(`REDIS_URL is not a valid URL: "${redisUrl}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (got "${url.protocol}//")`);
  }
}

/**
 * Start the BullMQ pipeline: the queues with their processors, and the reactors that follow the
 * event log (as members of the log's one follower, each from its checkpoint) and turn events into jobs.
 */
export async function startWorkers(options: StartWorkersOptions): Promise<Workers> {
  const log = options.log ?? consoleLogger;
  checkRedisUrl(options.redisUrl);
  if (!options.readModels && !options.databaseUrl) throw new Error('startWorkers needs a databaseUrl or the read models');
  const mailOptions = options.mailOptions ?? {};
  const mailer: Mailer | undefined = options.smtpUrl ? createSmtpMailer(options.smtpUrl, mailOptions) : undefined;
  if (!mailer) log.info('SMTP_URL is not set: mails are recorded, not delivered');

  const ownPool = options.pool ? undefined : new pg.Pool({ connectionString: options.databaseUrl ?? databaseUrlOf(options.readModels!), max: 3 });
  const pool = options.pool ?? ownPool!;
  // Idle and checked-out clients alike: a lost connection is logged, never an uncaught 'error'.
  if (ownPool) guardPool(ownPool, (error) => log.error(`workers database: ${errorMessage(error)}`));
  // The reactors' checkpoints live in the read models' database (one store for every follower).
  const ownCheckpointDb = options.readModels ? undefined : createReadModelDb(options.databaseUrl!, { maxConnections: 3 });
  const checkpointDb = options.readModels ?? ownCheckpointDb!;
  const prefix = options.queuePrefix ?? DEFAULT_QUEUE_PREFIX;
  const connection = { url: options.redisUrl };

  const definitions: QueueDefinition[] = [
    {
      name: MAIL_QUEUE,
      jobOptions: mailJobOptions(mailOptions),
      processor: createMailProcessor({
        store: options.store,
        mailer,
        from: mailOptions.from ?? DEFAULT_MAIL_FROM,
        log,
        openAddress: (to) => openPersonalWithPool(pool, to),
      }) as (
        job: Job,
      ) => Promise<unknown>,
      concurrency: mailOptions.concurrency ?? 5,
    },
  ];
  const queues = new Map<string, Queue>();
  const appUrl = mailOptions.appUrl ?? 'http://localhost:5000';
  if (options.readModels) {
    const certificates = createCertificateScan({ store: options.store, db: options.readModels, mailQueue: () => queues.get(MAIL_QUEUE), appUrl, log });
    definitions.push(
      {
        name: EXPIRY_SCAN_QUEUE,
        jobOptions: expiryScanJobOptions,
        processor: createExpiryScanProcessor({ db: options.readModels, log, certificates }),
      },
      { name: FILE_CLEANUP_QUEUE, jobOptions: fileCleanupJobOptions, processor: createFileCleanupProcessor({ db: options.readModels, log }) },
    );
  }
  const reactors =
    options.reactors ??
    allReactors({
      appUrl,
      store: options.store,
      readModels: options.readModels,
      supplierLinkSecret: options.supplierLinkSecret,
      passwordResetSecret: options.passwordResetSecret,
    });

  const workers: Worker[] = [];
  let reactorFollower: ReactorFollower | undefined;

  async function closeAll(): Promise<void> {
    await reactorFollower?.stop().catch((error: unknown) => log.error(`stopping the reactors: ${errorMessage(error)}`));
    await Promise.allSettled(workers.map((worker) => worker.close()));
    await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
    mailer?.close();
    await ownPool?.end().catch(() => undefined);
    await ownCheckpointDb?.destroy().catch(() => undefined);
  }

  try {
    // Idempotent and queued on a lock: a workers process started on its own brings the checkpoint
    // store (and so the read models' schema) up to date like any other.
    await migrateReadModels(checkpointDb);

    for (const definition of definitions) {
      const queue = new Queue(definition.name, { connection, prefix, defaultJobOptions: definition.jobOptions });
      queue.on('error', (error) => log.error(`queue ${definition.name}: ${errorMessage(error)}`));
      queues.set(definition.name, queue);
      if (definition.processor) {
        const worker = new Worker(definition.name, definition.processor, {
          connection,
          prefix,
          concurrency: definition.concurrency ?? 1,
        });
        worker.on('error', (error) => log.error(`worker ${definition.name}: ${errorMessage(error)}`));
        workers.push(worker);
      }
    }

    const expiryScan = queues.get(EXPIRY_SCAN_QUEUE);
    if (expiryScan) {
      // Upserted on every start: one schedule whatever the number of starts or processes.
      await expiryScan.upsertJobScheduler(EXPIRY_SCAN_SCHEDULER, { pattern: EXPIRY_SCAN_PATTERN, tz: 'UTC' }, { name: 'scan' });
      // And once at start, for a process that was down at midnight (one job per day, whoever adds it).
      await expiryScan.add('scan', {}, { jobId: `start-${isoToday()}` });
    }
    const fileCleanup = queues.get(FILE_CLEANUP_QUEUE);
    if (fileCleanup) {
      await fileCleanup.upsertJobScheduler(FILE_CLEANUP_SCHEDULER, { pattern: FILE_CLEANUP_PATTERN, tz: 'UTC' }, { name: 'cleanup' });
      await fileCleanup.add('cleanup', {}, { jobId: `start-${new Date().toISOString().slice(0, 13)}` });
    }

    for (const reactor of reactors) {
      if (!queues.has(reactor.queue)) throw new Error(`Reactor ${reactor.name} sends jobs to an unknown queue "${reactor.queue}"`);
    }
    if (reactors.length > 0) {
      reactorFollower = createReactorFollower({
        db: checkpointDb,
        store: options.store,
        reactors,
        queue: (name) => queues.get(name)!,
        log,
        restartDelayMs: options.reactorRestartDelayMs,
        takeoverIntervalMs: options.reactorTakeoverIntervalMs,
      });
      await reactorFollower.start();
    }
  } catch (error) {
    await closeAll();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= closeAll();
      return stopping;
    },
    async health() {
      const reactorStatuses = reactorFollower?.status() ?? [];
      const reactorsOk = reactorStatuses.every((status) => status.state === 'running' || status.state === 'standby');
      try {
        const counts: Record<string, Record<string, number>> = {};
        for (const [name, queue] of queues) {
          counts[name] = await withTimeout(queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed'), 2000);
        }
        return { ok: reactorsOk, redis: { ok: true }, reactors: reactorStatuses, queues: counts };
      } catch (error) {
        return { ok: false, redis: { ok: false, error: errorMessage(error) }, reactors: reactorStatuses };
      }
    },
    queue(name) {
      const queue = queues.get(name);
      if (!queue) throw new Error(`Unknown queue "${name}"`);
      return queue;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
