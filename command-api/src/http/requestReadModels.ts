import type { FastifyInstance } from 'fastify';
import type { ReadModelClock, ReadModelsAt } from '../readModels';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads request.readModels() for every answer (it does not depend on who asks): the
     * session lookup reads where the read models stand in the same statement (auth/plugin.ts), so
     * the request pays no round trip of its own for it. A route about one vessel (an owner vessel)
     * has it so without saying: its scope check reads it.
     */
    readsModels?: boolean;
  }
  interface FastifyRequest {
    /**
     * Where the read models stand, read once per request and after it arrived: answers kept by
     * version (scope checks, a vessel's requirements, the dashboard's) are checked against it.
     */
    readModels(): Promise<ReadModelsAt>;
    /** Set by the session lookup of a route that reads the models (readsModels, or about one vessel); otherwise read from the clock on first use. */
    readModelsAt?: Promise<ReadModelsAt>;
  }
}

/**
 * request.readModels(): the moment the session lookup read (readsModels routes and routes about
 * one vessel), or else the clock's, asked once per request at its first use.
 * Either was read after the request arrived, so a client whose command has just been answered
 * sees its own write.
 */
export function registerRequestReadModels(app: FastifyInstance, clock: ReadModelClock): void {
  app.decorateRequest('readModelsAt', undefined);
  app.decorateRequest('readModels', function (this: { readModelsAt?: Promise<ReadModelsAt> }) {
    return (this.readModelsAt ??= clock.now());
  });
}
