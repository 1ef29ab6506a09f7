import { DomainError } from '@medchest/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { validationContextOf } from './routeSchemas';

/**
 * The one error format of the API. The web shows `status: body` and parses the body as JSON, so
 * `message` is the text a user reads; `fieldErrors` puts a message on each form field.
 */
export interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
  /** Itemised problems no single field holds, e.g. every bad row of an uploaded scale file. */
  errors?: readonly object[];
  /** A 409 for a stale version: the state now on record (a batch's quantity and version). */
  batch?: object;
}

/** An error that already knows its HTTP status and user-facing message. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);

/** One message per field (the first zod reports), keyed by the dotted path; the first is the summary. */
export function zodErrorBody(error: ZodError): ErrorBody {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    fieldErrors[field] ??= issue.message;
  }
  const message = error.issues[0]?.message ?? 'Invalid input';
  const named = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => field !== '_'));
  return Object.keys(named).length > 0 ? { message, fieldErrors: named } : { message };
}

const domainStatus: Record<DomainError['kind'], number> = {
  validation: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
};

export function errorReply(error: unknown): { status: number; body: ErrorBody } | undefined {
  // A path segment its route's schema refuses (routeSchemas.ts) names nothing: 404, with the
  // message of what it would have named, exactly as an unknown id of the right form.
  if (validationContextOf(error) === 'params' && error instanceof ZodError) {
    return { status: 404, body: { message: error.issues[0]?.message ?? 'Not found' } };
  }
  if (error instanceof ZodError) return { status: 400, body: zodErrorBody(error) };
  if (error instanceof DomainError) {
    const fields = Object.keys(error.fields).length > 0 ? { fieldErrors: error.fields } : {};
    const details = error.details.length > 0 ? { errors: error.details } : {};
    const current = error.current ?? {};
    return { status: domainStatus[error.kind], body: { message: error.message, ...fields, ...details, ...current } };
  }
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: error.fieldErrors ? { message: error.message, fieldErrors: error.fieldErrors } : { message: error.message },
    };
  }
  // Fastify's own client errors (malformed JSON, unsupported content type, body too large, rate limit).
  const status = (error as Partial<FastifyError>).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { message: (error as Error).message || 'Bad request' } };
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = errorReply(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(known.status).send(known.body);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
  });
}
