import { randomBytes, randomUUID } from 'node:crypto';
import { currentEventVersion, emailStreamId, userStreamId, type EventData } from '@medchest/domain';
import { createPostgresEventStore, type LogPosition, type PostgresEventStore, type RecordedEvent } from '@medchest/eventstore';
import { createTestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { Redis } from 'ioredis';

export const testRedisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * What one workers test file runs against: its own PostgreSQL database with the event store, and
 * its own BullMQ key prefix in the real Redis. cleanup() drops the database and deletes the keys.
 */
export interface WorkersTestEnvironment {
  databaseUrl: string;
  redisUrl: string;
  store: PostgresEventStore;
  /** A fresh BullMQ prefix under this file's namespace (one per test keeps their queues apart). */
  newQueuePrefix(): string;
  /** Append UserApproved for a new user. Its event id is the job id and the message id. */
  approveUser(input: { email: string; firstName?: string; correlationId?: string }): Promise<{ eventId: string; position: LogPosition }>;
  dispatched(messageId: string): Promise<RecordedEvent[]>;
  cleanup(): Promise<void>;
}

export async function createWorkersTestEnvironment(label: string): Promise<WorkersTestEnvironment> {
  const database = await createTestDatabase(`workers_${label}`);
  const store = createPostgresEventStore({
    connectionString: database.url,
    poolSize: 4,
    follow: { pollIntervalMs: 100 },
  });
  await store.init();
  const namespace = `medchest-test-${label}-${randomBytes(4).toString('hex')}`;
  let prefixes = 0;

  return {
    databaseUrl: database.url,
    redisUrl: testRedisUrl(),
    store,
    newQueuePrefix: () => `${namespace}-${++prefixes}`,
    async approveUser({ email, firstName, correlationId }) {
      const userId = randomUUID();
      const eventId = randomUUID();
      const data: EventData<'UserApproved'> = { userId, email, ...(firstName ? { firstName } : {}) };
      const { position } = await store.appendToStream(
        userStreamId(userId),
        [
          {
            id: eventId,
            type: 'UserApproved',
            version: currentEventVersion('UserApproved'),
            data,
            metadata: { userId: randomUUID(), correlationId: correlationId ?? randomUUID(), occurredAt: new Date().toISOString() },
          },
        ],
        { expected: 'any' },
      );
      return { eventId, position };
    },
    dispatched: (messageId) => store.readStream(emailStreamId(messageId)),
    async cleanup() {
      await store.close();
      await database.drop();
      await deleteKeys(testRedisUrl(), `${namespace}*`);
    },
  };
}

async function deleteKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Poll until `check` returns a value other than undefined/false, or fail after `timeoutMs`. */
export async function waitFor<T>(
  description: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${description}`);
    await sleep(25);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
