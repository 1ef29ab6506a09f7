import type { LogPosition } from '@medchest/eventstore';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * The global log position a command appended at (`<commit>.<event>`), for clients and operators
 * that want to check read-your-writes. Nothing appended (an unchanged save): no header.
 */
export const POSITION_HEADER = 'x-medchest-log-position';
export function answerPosition(reply: FastifyReply, position: LogPosition | undefined): void {
  if (position) reply.header(POSITION_HEADER, `${position.commit}.${position.event}`);
}
