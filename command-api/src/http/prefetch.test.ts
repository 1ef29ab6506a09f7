import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ReadModelsAt } from '../readModels';
import { registerPrefetch } from './prefetch';

describe('a route that reads where the read models stand', () => {
  /** `read`: where the read models stand, as the app's clock would answer it (one version here). */
  async function app(read: () => Promise<string>) {
    const server = Fastify();
    registerPrefetch(server, { now: (): Promise<ReadModelsAt> => read().then((version) => ({ of: () => version })) });
    const seenByAuth: boolean[] = [];
    // Stands for the auth plugin: a hook registered after the prefetch, slow like a session lookup.
    server.addHook('onRequest', async (request, reply) => {
      seenByAuth.push(request.readModelsAt !== undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (request.headers.authorization !== 'yes') return reply.code(401).send({ message: 'Unauthorized' });
    });
    server.get('/answer', { config: { readsModels: true } }, async (request) => ({ value: (await request.readModels()).of([]) }));
    server.get('/plain', async (request) => ({ prefetched: request.readModelsAt === undefined ? 'none' : 'some' }));
    await server.ready();
    return { server, seenByAuth };
  }

  it('is under way before the hooks after it run, and its result reaches the handler', async () => {
    const { server, seenByAuth } = await app(async () => '42');
    const response = await server.inject({ url: '/answer', headers: { authorization: 'yes' } });
    expect(response.json()).toEqual({ value: '42' });
    // Already started when the "session lookup" hook ran: the two overlap.
    expect(seenByAuth).toEqual([true]);
    expect((await server.inject({ url: '/plain', headers: { authorization: 'yes' } })).json()).toEqual({ prefetched: 'none' });
    await server.close();
  });

  it('failing for a request refused before its handler raises nothing unhandled; the handler that awaits it fails', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { server } = await app(async () => {
        throw new Error('database away');
      });
      expect((await server.inject({ url: '/answer' })).statusCode).toBe(401);
      expect((await server.inject({ url: '/answer', headers: { authorization: 'yes' } })).statusCode).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
      await server.close();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
