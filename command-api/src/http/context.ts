import type { LogPosition } from '@medchest/eventstore';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandContext } from '../commands/context';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one clock (BuildAppOptions.now): commands take their `now` from it. */
    clock: () => Date;
  }
}

/**
 * A request's command metadata: the acting user, the request id as correlation id, and the time
 * read once from the app's clock (every event of the command carries it; deciders get it from here).
 */
export function commandContext(request: FastifyRequest): CommandContext {
  return { userId: request.user?.id ?? null, correlationId: request.id, now: request.server.clock() };
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
