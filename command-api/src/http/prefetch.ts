import type { FastifyInstance } from 'fastify';
import type { ReadModelClock, ReadModelsAt } from '../readModels';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read the route's answer needs that does not depend on who asks (where the read models
     * stand, say): started as the request arrives, beside the session and user lookups, instead of
     * after them. The handler finds it in request.prefetched.
     */
    prefetch?: () => Promise<unknown>;
    /** The route reads request.readModels(): started as the request arrives, beside the session lookup. */
    readsModels?: boolean;
  }
  interface FastifyRequest {
    prefetched?: Promise<unknown>;
    /**
     * Where the read models stand (the app's ReadModelClock), read once per request and after it
     * arrived: answers kept by version (scope checks, a vessel's requirements) are checked against it.
     */
    readModels(): Promise<ReadModelsAt>;
    readModelsAt?: Promise<ReadModelsAt>;
  }
}

/**
 * Starts each route's declared prefetch when its request arrives. Registered on the root instance
 * before the auth plugin, so it runs first and the two reads overlap; a request refused before
 * its handler leaves the read to finish unused (its failure is left to the handler that awaits it).
 */
export function registerPrefetch(app: FastifyInstance, clock: ReadModelClock): void {
  app.decorateRequest('prefetched', undefined);
  app.decorateRequest('readModelsAt', undefined);
  app.decorateRequest('readModels', function (this: { readModelsAt?: Promise<ReadModelsAt> }) {
    return (this.readModelsAt ??= clock.now());
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    const prefetch = config?.prefetch;
    if (prefetch) {
      const started = prefetch();
      started.catch(() => {});
      request.prefetched = started;
    }
    if (config?.readsModels) request.readModels().catch(() => {});
    done();
  });
}
