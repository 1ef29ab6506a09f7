import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../commands/handle';

/** Event metadata for a request: the acting user and the request id as correlation id. */
export function commandContext(request: FastifyRequest): CommandContext {
  return { userId: request.user?.id ?? null, correlationId: request.id };
}

/**
 * The body as a form: anything that is not a JSON object is checked as an empty form, so the
 * answer lists the field messages rather than "expected object".
 */
export const formBody = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
