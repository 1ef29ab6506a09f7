import type { FastifyPluginAsync } from 'fastify';
import type { SessionStore } from '../auth/sessions';
import { HttpError } from '../http/errors';

/** Liveness for load balancers and the browser tests' start-up wait: the API answers and PostgreSQL too. */
export const healthRoutes: FastifyPluginAsync<{ sessions: SessionStore }> = async (app, { sessions }) => {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    try {
      await sessions.ping();
    } catch {
      throw new HttpError(503, 'The database does not answer');
    }
    return { status: 'ok' };
  });
};
