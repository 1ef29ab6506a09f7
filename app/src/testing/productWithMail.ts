import { randomBytes } from 'node:crypto';
import { loadConfig } from '@medchest/command-api';
import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { silentLogger } from '@medchest/workers';
import { startTestSmtpServer, type TestSmtpServer } from '@medchest/workers/testing/smtpServer';
import { startMedChest, type RunningMedChest } from '../server';

/**
 * The one-process product on a database of its own, its mail going to a real SMTP server started
 * beside it, and its queues under a prefix of their own: what every app/*.int.test.ts that reads
 * the product's mail starts in its beforeAll.
 */
export type ProductWithMail = {
  readonly database: TestDatabase;
  readonly smtp: TestSmtpServer;
  readonly medchest: RunningMedChest;
  /** `http://127.0.0.1:<port>`, the product's address. */
  readonly base: string;
  /** Stops the product, then the SMTP server, then drops the database; safe after a partial start. */
  stop(): Promise<void>;
};

export async function startProductWithMail(databaseName: string): Promise<ProductWithMail> {
  const database = await createTestDatabase(databaseName);
  let smtp: TestSmtpServer | undefined;
  try {
    smtp = await startTestSmtpServer();
    const config = { ...loadConfig({ DATABASE_URL: database.url, HOST: '127.0.0.1', LOG_LEVEL: 'silent', SMTP_URL: smtp.url }), port: 0 };
    const medchest = await startMedChest(config, { log: silentLogger, webDist: false, queuePrefix: `medchest-test-${randomBytes(4).toString('hex')}` });
    const started = smtp;
    return {
      database,
      smtp: started,
      medchest,
      base: `http://127.0.0.1:${medchest.port}`,
      async stop() {
        await medchest.stop();
        await started.close();
        await database.drop();
      },
    };
  } catch (error) {
    await smtp?.close();
    await database.drop();
    throw error;
  }
}

/** Polls `check` every 100 ms until it answers something other than undefined (mail is asynchronous). */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
