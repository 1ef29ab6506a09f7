import { sql, type Kysely } from 'kysely';
import { executePrepared, type ReadModelDb } from './db';
import { coalesced } from './readCache';

/**
 * Where every read model stands at one moment: each projection's rows_version (checkpoints.ts).
 * Every batch of a projection's own events draws a new one in the same transaction as its rows,
 * and so do a rebuild's swap and a reset checkpoint row, so two equal versions of a projection
 * mean rows that have not changed in between (see readCache.ts for the one exception, the daily
 * scan, and why it is harmless). A batch of other read models' events moves the checkpoint but
 * not the version: what is kept by it stays served.
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
 * A request whose session lookup read them already (READ_MODEL_VERSIONS_SQL) does not ask it.
 */
export interface ReadModelClock {
  now(): Promise<ReadModelsAt>;
}

/**
 * Every checkpoint's version as the text of one json object (projection name → version; null: no
 * checkpoint yet), a scalar subquery: the clock reads it on its own, and the session lookup of a
 * request that reads the models asks it in the same statement (command-api's sessions.ts), so such
 * a request pays no round trip of its own for it. Read as text, as moments are made from it
 * (readModelMoments).
 */
export const READ_MODEL_VERSIONS_SQL = '(SELECT json_object_agg(name, rows_version::text) FROM follower_checkpoints)::text';

/**
 * READ_MODEL_VERSIONS_SQL alone, as a named prepared statement: the clock reads it for every few
 * requests under load, and unnamed, PostgreSQL parsed and planned it each time.
 */
const VERSIONS = sql<{ versions: string | null }>`SELECT ${sql.raw(READ_MODEL_VERSIONS_SQL)} AS versions`;

/** The moment a READ_MODEL_VERSIONS_SQL text names. */
function readModelsAt(text: string | null): ReadModelsAt {
  const versions = text === null ? null : (JSON.parse(text) as Readonly<Record<string, string>>);
  // The same few lists of projections are asked of each moment many times over.
  const joined = new Map<readonly string[], string>();
  return {
    of(projections) {
      let joinedText = joined.get(projections);
      if (joinedText === undefined) {
        joined.set(projections, (joinedText = projections.map((name) => `${name}:${versions && Object.hasOwn(versions, name) ? versions[name] : ''}`).join(',')));
      }
      return joinedText;
    },
  };
}

/**
 * The moments of READ_MODEL_VERSIONS_SQL texts, the last one kept: the read models stand still
 * between writes, so reads one after another share one parse and the moment's memo of the lists
 * its callers ask about.
 */
export function readModelMoments(): (text: string | null) => ReadModelsAt {
  let last: { text: string | null; at: ReadModelsAt } | undefined;
  return (text) => {
    if (last?.text !== text) last = { text, at: readModelsAt(text) };
    return last.at;
  };
}

export function createReadModelClock(db: Kysely<ReadModelDb>): ReadModelClock {
  const statement = VERSIONS.compile(db);
  const momentOf = readModelMoments();
  const now = coalesced(async (): Promise<ReadModelsAt> => {
    const [row] = await executePrepared(db, statement);
    return momentOf(row?.versions ?? null);
  });
  return { now };
}
