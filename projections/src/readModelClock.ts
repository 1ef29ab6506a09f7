import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from './db';
import { coalesced } from './readCache';

/**
 * Where every read model stands at one moment: each projection's checkpoint (its positions and
 * when it last moved). Every batch a projection applies moves its checkpoint in the same
 * transaction as its rows, and a rebuild's reset moves updated_at, so two equal versions of a
 * projection mean rows that have not changed in between (see readCache.ts for the one exception,
 * the daily scan, and why it is harmless).
 */
export interface ReadModelsAt {
  /** These projections' part of the moment, as one string: equal strings, unchanged rows. */
  of(projections: readonly string[]): string;
}

/**
 * One process's reads of where the read models stand: one small read of every checkpoint, shared
 * by the requests that arrive together (coalesced: a caller only ever joins a read that started
 * after its call, so a client whose command has just been answered sees its own write). Answers
 * kept by a version (a scope check, a vessel's requirements) are then served with no other read.
 */
export interface ReadModelClock {
  now(): Promise<ReadModelsAt>;
}

export function createReadModelClock(db: Kysely<ReadModelDb>): ReadModelClock {
  const now = coalesced(async (): Promise<ReadModelsAt> => {
    const { rows } = await sql<{ name: string; version: string }>`
      SELECT name, commit_position || ':' || event_position || ':' || extract(epoch FROM updated_at) AS version
        FROM follower_checkpoints`.execute(db);
    const versions = new Map(rows.map((row) => [row.name, row.version]));
    // The same few lists of projections are asked of each moment many times over.
    const joined = new Map<readonly string[], string>();
    return {
      of(projections) {
        let text = joined.get(projections);
        if (text === undefined) joined.set(projections, (text = projections.map((name) => `${name}:${versions.get(name) ?? ''}`).join(',')));
        return text;
      },
    };
  });
  return { now };
}
