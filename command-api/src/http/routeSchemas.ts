import { batchNotFound, DomainError, orderNotFound, isScaleId, userNotFound, vesselNotFound } from '@medchest/domain';
import type { FastifyPluginAsync, FastifySchemaCompiler, FastifyTypeProvider, RawServerDefault } from 'fastify';
import { z, type ZodType } from 'zod';
import { isUuid } from '../ids';
import { formBody } from './context';

/**
 * Route schemas are zod schemas, declared on the route (`schema: { params, querystring, body }`):
 * Fastify runs them before the route's code (one validator compiler, set once in buildApp), and
 * the route's handler sees the parsed, typed values. A param that fails its schema answers 404
 * with the param's own message (see errors.ts): a malformed id names nothing, exactly as an
 * unknown one. A querystring or body that fails answers 400 with the field messages.
 */

/** The TypeScript side: `request.params` (and the rest) typed as the schema's output. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

/** A route plugin whose routes declare zod schemas (request parts typed by them). */
export type RoutePlugin<Options extends Record<string, unknown>> = FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

const isZodSchema = (schema: unknown): schema is ZodType =>
  typeof schema === 'object' && schema !== null && typeof (schema as { safeParse?: unknown }).safeParse === 'function';

/** The one validator compiler: every route schema is zod; anything else is a programming error at start-up. */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isZodSchema(schema)) throw new Error(`Route ${method} ${url}: the ${httpPart} schema must be a zod schema`);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };
};

/** What Fastify attaches to a failed validation: which part of the request failed. */
export const validationContextOf = (error: unknown): string | undefined =>
  (error as { validationContext?: unknown } | null)?.validationContext as string | undefined;

/**
 * A UUID path segment (ids are UUIDs made by the API); anything else, of any length, fails with
 * the not-found message of what the segment names.
 */
export const idParam = (notFound: () => Error) => z.string().refine(isUuid, { message: notFound().message });

/** /api/vessels/:id and everything under it. */
export const vesselParams = z.object({ id: idParam(vesselNotFound) });
/** /api/vessels/:id/inventory/:batchId. */
export const batchParams = z.object({ id: idParam(vesselNotFound), batchId: idParam(batchNotFound) });
/** /api/orders/:id and the supplier portal's /api/supplier/orders/:id. */
export const orderParams = z.object({ id: idParam(orderNotFound) });
export const scaleNotFound = () => new DomainError('not_found', 'Scale not found');
/** /api/scales/:id: a scale's id is a slug (the shipped one's too), not a UUID. */
export const scaleParams = z.object({ id: z.string().refine(isScaleId, { message: scaleNotFound().message }) });
/**
 * `?asOf=YYYY-MM-DD` of the "as of" reads: taken as sent, and checked by the domain's date rule
 * where it is read (its message names the field and the allowed days).
 */
export const asOfQuery = z.object({ asOf: z.unknown().optional() });
/** /api/admin/users/:id. */
export const userParams = z.object({ id: idParam(userNotFound) });

/**
 * A form body schema for a route: anything that is not a JSON object is checked as an empty form
 * (formBody), so a bad body answers the field messages rather than "expected object".
 */
export const formSchema = <S extends ZodType>(schema: S) => z.preprocess(formBody, schema);
