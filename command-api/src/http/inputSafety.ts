import { findUnsafeInput } from '@medchest/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * Every request body is checked against the domain's input rules (control characters, numbers
 * JSON cannot hold, dates outside 2000-2100) before any route reads it: 400 naming the field.
 * Registered on the root instance before the routes, so a route cannot be added without it.
 */
export function registerInputSafety(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return;
    const unsafe = findUnsafeInput(request.body);
    if (unsafe) {
      throw new HttpError(400, unsafe.message, unsafe.field === '_' ? undefined : { [unsafe.field]: unsafe.message });
    }
  });
}
