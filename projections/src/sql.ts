import { sql, type RawBuilder } from 'kysely';

/**
 * The SET list of an upsert: each column takes the value of the row that was proposed for
 * insertion (`excluded.col`). Columns left out keep what the table holds.
 */
export function fromExcluded<C extends string>(columns: readonly C[]): Record<C, RawBuilder<never>> {
  const set = {} as Record<C, RawBuilder<never>>;
  for (const column of columns) set[column] = sql<never>`excluded.${sql.ref(column)}`;
  return set;
}
