import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ReadModelsAt } from '../readModels';
import { registerRequestReadModels } from './requestReadModels';

describe("a request's moment of the read models", () => {
  /** An app whose clock answers 'clock:<n>' (n: its reads so far); a hook stands for the session lookup. */
  async function app() {
    let clockReads = 0;
    const server = Fastify();
    registerRequestReadModels(server, {
      now: async (): Promise<ReadModelsAt> => {
        const moment = `clock:${++clockReads}`;
        return { of: () => moment };
      },
    });
    server.addHook('onRequest', async (request) => {
      if (request.headers['x-looked-up'] === 'yes') request.readModelsAt = Promise.resolve({ of: () => 'session lookup' });
    });
    // Asked twice, as a scope check and the answer's cache both do.
    server.get('/answer', async (request) => [(await request.readModels()).of([]), (await request.readModels()).of([])]);
    await server.ready();
    return { server, clockReads: () => clockReads };
  }

  it('is the one the session lookup read when it read one, without asking the clock', async () => {
    const { server, clockReads } = await app();
    expect((await server.inject({ url: '/answer', headers: { 'x-looked-up': 'yes' } })).json()).toEqual(['session lookup', 'session lookup']);
    expect(clockReads()).toBe(0);
    await server.close();
  });

  it("is otherwise the clock's, read once per request on first use", async () => {
    const { server, clockReads } = await app();
    expect((await server.inject({ url: '/answer' })).json()).toEqual(['clock:1', 'clock:1']);
    expect((await server.inject({ url: '/answer' })).json()).toEqual(['clock:2', 'clock:2']);
    expect(clockReads()).toBe(2);
    await server.close();
  });
});
