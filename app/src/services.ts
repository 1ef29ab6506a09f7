import type { Config } from '@medchest/command-api';
import { Redis } from 'ioredis';
import pg from 'pg';

/** How long each service may take to answer at start before MedChest gives up. */
export const SERVICE_CHECK_TIMEOUT_MS = 5_000;

/** A service MedChest needs did not answer at start; the message is the one line to print. */
export class ServiceUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnreachableError';
  }
}

const where = (url: string, defaultPort: number) => {
  const parsed = new URL(url);
  return `${parsed.hostname || '127.0.0.1'}:${parsed.port || defaultPort}`;
};

const reason = (error: unknown) => {
  const text = error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
  return text.split('\n')[0];
};

async function checkPostgres(databaseUrl: string, timeoutMs: number): Promise<void> {
  // The server's maintenance database: the product's own may not exist yet (it is created at start).
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(redisUrl: string, timeoutMs: number): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: unknown;
  redis.on('error', (error) => (lastError = error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    // "Connection is closed" says less than the error that closed it (ECONNREFUSED, ENOTFOUND...).
    throw lastError ?? error;
  } finally {
    redis.disconnect();
  }
}

/**
 * Before anything starts: PostgreSQL and Redis must answer, each within `timeoutMs`. Throws one
 * line naming every service that did not (and the variable that points to it), so that every way
 * of starting MedChest (npm start, the container's command) stops at once with a clear reason
 * rather than retrying for ever.
 */
export async function checkServicesAnswer(config: Pick<Config, 'databaseUrl' | 'redisUrl'>, timeoutMs = SERVICE_CHECK_TIMEOUT_MS): Promise<void> {
  const checks = [
    { name: 'PostgreSQL', variable: 'DATABASE_URL', at: where(config.databaseUrl, 5432), check: () => checkPostgres(config.databaseUrl, timeoutMs) },
    { name: 'Redis', variable: 'REDIS_URL', at: where(config.redisUrl, 6379), check: () => checkRedis(config.redisUrl, timeoutMs) },
  ];
  const results = await Promise.allSettled(checks.map((c) => c.check()));
  const problems = results.flatMap((result, i) =>
    result.status === 'rejected' ? [`${checks[i]!.name} cannot be reached at ${checks[i]!.at} (${checks[i]!.variable}): ${reason(result.reason)}`] : [],
  );
  if (problems.length > 0) throw new ServiceUnreachableError(problems.join('; '));
}
