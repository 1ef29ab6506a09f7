import { lazy, type ComponentType } from 'react';

/**
 * A page loaded only when first shown (its own chunk, fetched on demand): React.lazy for a
 * module's named export, since the pages keep their names rather than default exports.
 */
export function lazyPage<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
