import type { FastifyInstance } from 'fastify';
import type { ReadModelClock, ReadModelsAt } from '../readModels';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads request.readModels() (it does not depend on who asks): started as the request
     * arrives, beside the session and user lookups, instead of after them.
     */
    readsModels?: boolean;
  }
  interface FastifyRequest {
    /**
     * Where the read models stand (the app's ReadModelClock), read once per request and after it
     * arrived: answers kept by version (scope checks, a vessel's requirements) are checked against it.
     */
    readModels(): Promise<ReadModelsAt>;
    readModelsAt?: Promise<ReadModelsAt>;
  }
}

/**
 * Starts the read of where the read models stand when a request of a route that declares
 * readsModels arrives. Registered on the root instance before the auth plugin, so it runs first
 * and the two reads overlap; a request refused before its handler leaves the read to finish
 * unused (its failure is left to the handler that awaits it).
 */
export function registerPrefetch(app: FastifyInstance, clock: ReadModelClock): void {
  app.decorateRequest('readModelsAt', undefined);
  app.decorateRequest('readModels', function (this: { readModelsAt?: Promise<ReadModelsAt> }) {
    return (this.readModelsAt ??= clock.now());
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config?.readsModels) request.readModels().catch(() => {});
    done();
  });
}
