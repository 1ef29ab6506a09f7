import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver for a shared domain schema. The schemas accept loose input (they
 * preprocess blanks and coerce numbers, so their input type is `unknown` in places); the form
 * itself holds exactly what its inputs produce, `TValues`, and submits the schema's output.
 */
export function schemaResolver<TValues extends FieldValues, S extends z.ZodType>(
  schema: S,
): Resolver<TValues, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<TValues, unknown, z.output<S>>;
}
