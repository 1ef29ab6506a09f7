import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read the route's answer needs that does not depend on who asks (where the read models
     * stand, say): started as the request arrives, beside the session and user lookups, instead of
     * after them. The handler finds it in request.prefetched.
     */
    prefetch?: () => Promise<unknown>;
  }
  interface FastifyRequest {
    prefetched?: Promise<unknown>;
  }
}

/**
 * Starts each route's declared prefetch when its request arrives. Registered on the root instance
 * before the auth plugin, so it runs first and the two reads overlap; a request refused before
 * its handler leaves the read to finish unused (its failure is left to the handler that awaits it).
 */
export function registerPrefetch(app: FastifyInstance): void {
  app.decorateRequest('prefetched', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    const prefetch = request.routeOptions.config?.prefetch;
    if (prefetch) {
      const started = prefetch();
      started.catch(() => {});
      request.prefetched = started;
    }
    done();
  });
}
