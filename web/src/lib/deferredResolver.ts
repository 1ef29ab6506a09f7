import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * schemaResolver (./forms) for a schema loaded on demand: the form paints without zod and the
 * domain's schemas, which arrive while the user types (preload) or, at the latest, on the first
 * submit. For first pages, where that weight would delay the first paint (issue 14).
 */
export function deferredSchemaResolver<TValues extends FieldValues, S extends z.ZodType>(loadSchema: () => Promise<S>) {
  let loaded: Promise<Resolver<TValues, unknown, z.output<S>>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('./forms'), loadSchema()]).then(([{ schemaResolver }, schema]) => schemaResolver<TValues, S>(schema)));
  const resolver: Resolver<TValues, unknown, z.output<S>> = async (values, context, options) => (await load())(values, context, options);
  return { resolver, preload: () => void load() };
}
