import type { FastifyPluginAsync } from 'fastify';

/**
 * Mark a plugin as not encapsulated, so its decorators and hooks apply to the whole app (what the
 * fastify-plugin package does, through the same documented symbol).
 */
export function shared<Options extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
