import type { FastifyPluginAsync } from 'fastify';
import type { SessionStore } from '../auth/sessions';
import { HttpError } from '../http/errors';

export interface HealthOptions {
  sessions: SessionStore;
  /** Resolves when Redis answers (the product's; absent in API-only tests). */
  redisPing?: () => Promise<unknown>;
}

/**
 * Health for load balancers and the browser tests' start-up wait. PostgreSQL not answering: 503
 * (nothing works without it). Redis not answering: 200 "degraded": commands and reads go on,
 * the queued work (mail, scans) waits for Redis and runs when it is back.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { sessions, redisPing }) => {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    try {
      await sessions.ping();
    } catch {
      throw new HttpError(503, 'The database does not answer');
    }
    if (redisPing) {
      const redis = await withTimeout(redisPing(), 1000).then(
        () => true,
        () => false,
      );
      if (!redis) return { status: 'degraded', redis: 'unreachable', message: 'Redis does not answer: mail and scans wait until it is back.' };
    }
    return { status: 'ok' };
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
