import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerPrefetch } from './prefetch';

describe('a route prefetch', () => {
  async function app(prefetch: () => Promise<unknown>) {
    const server = Fastify();
    registerPrefetch(server, { now: async () => ({ of: () => '' }) });
    const seenByAuth: boolean[] = [];
    // Stands for the auth plugin: a hook registered after the prefetch, slow like a session lookup.
    server.addHook('onRequest', async (request, reply) => {
      seenByAuth.push(request.prefetched !== undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (request.headers.authorization !== 'yes') return reply.code(401).send({ message: 'Unauthorized' });
    });
    server.get('/answer', { config: { prefetch } }, async (request) => ({ value: await request.prefetched }));
    server.get('/plain', async (request) => ({ prefetched: request.prefetched === undefined ? 'none' : 'some' }));
    await server.ready();
    return { server, seenByAuth };
  }

  it('is under way before the hooks after it run, and its result reaches the handler', async () => {
    const { server, seenByAuth } = await app(async () => 42);
    const response = await server.inject({ url: '/answer', headers: { authorization: 'yes' } });
    expect(response.json()).toEqual({ value: 42 });
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
