import { vi } from 'vitest';
import { CopyingClient } from '../copy';

/**
 * Record the text of every query the read models' clients are given from now on (a COPY's among
 * them, which no other hook sees): for tests of which way rows went in. Call at a test file's top
 * level; empty the array between tests.
 */
export function recordStatements(): string[] {
  const statements: string[] = [];
  const query = CopyingClient.prototype.query;
  vi.spyOn(CopyingClient.prototype, 'query').mockImplementation(function (this: CopyingClient, ...args: unknown[]) {
    if (typeof args[0] === 'string') statements.push(args[0]);
    return query.apply(this, args as Parameters<typeof query>);
  });
  return statements;
}

/** The COPYs into `table` among these statements. */
export const copiesInto = (statements: readonly string[], table: string): number => statements.filter((s) => s.startsWith(`COPY "${table}" `)).length;
