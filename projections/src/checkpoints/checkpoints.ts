import { comparePositions, LOG_START, type LogPosition } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';
import type { FollowerKind } from './migration';

export type { FollowerKind } from './migration';

/**
 * The one checkpoint store of every follower of the log (projections and reactors):
 * follower_checkpoints, one row per follower name. A follower without a row starts at the
 * beginning of the log.
 */

/** Thrown when a name is already taken by a follower of the other kind (they would share a row). */
export class CheckpointKindError extends Error {
  constructor(names: readonly string[], kind: FollowerKind) {
    super(`Checkpoint names already used by a follower that is not a ${kind}: ${names.join(', ')}`);
    this.name = 'CheckpointKindError';
  }
}

/** Give each follower a checkpoint row (at the start of the log) if it has none yet. */
export async function ensureCheckpoints(db: Kysely<ReadModelDb>, kind: FollowerKind, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto('follower_checkpoints')
    .values(names.map((name) => ({ name, kind, commit_position: LOG_START.commit, event_position: LOG_START.event })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const clashes = await db.selectFrom('follower_checkpoints').select('name').where('name', 'in', names).where('kind', '<>', kind).execute();
  if (clashes.length > 0) throw new CheckpointKindError(clashes.map((row) => row.name), kind);
}

/** The stored checkpoints of these followers (absent: the follower has never started). */
export async function readCheckpoints(db: Kysely<ReadModelDb>, names: readonly string[]): Promise<Map<string, LogPosition>> {
  const found = new Map<string, LogPosition>();
  if (names.length === 0) return found;
  const rows = await db
    .selectFrom('follower_checkpoints')
    .select(['name', 'commit_position', 'event_position'])
    .where('name', 'in', names)
    .execute();
  for (const row of rows) found.set(row.name, { commit: BigInt(row.commit_position), event: BigInt(row.event_position) });
  return found;
}

/** Thrown when a checkpoint is not where this follower left it: someone else (a rebuild) moved it. */
export class CheckpointMovedError extends Error {
  constructor(names: readonly string[]) {
    super(`Checkpoint moved by another process: ${names.join(', ')}`);
    this.name = 'CheckpointMovedError';
  }
}

/**
 * Move checkpoints from where this follower last wrote them to `to` (in the caller's transaction,
 * for projections). Only rows still at their expected position move: a fence, so a follower that
 * lost its lease, or whose read model a rebuild has reset meanwhile, fails instead of writing over
 * it (a projection's batch rolls back; a reactor's jobs were already queued under their event ids,
 * so queuing them again is a no-op). `rowsChanged`: the caller wrote these followers' rows in the
 * same transaction (a projection's batch of its own events), so their rows_version moves too;
 * checkpoints only carried past events of other read models keep theirs, and so do the answers
 * kept by it (readModelClock.ts). `commitWithoutFlush`: the caller's transaction is to commit
 * without waiting for the WAL flush (synchronous_commit off, for this transaction only), set by
 * this same statement: a transaction's commit mode counts only at its commit, and a projection's
 * batch saves a round trip of its own for it.
 */
export async function advanceCheckpoints(
  db: Kysely<ReadModelDb>,
  expected: ReadonlyMap<string, LogPosition>,
  to: LogPosition,
  { rowsChanged = false, commitWithoutFlush = false }: { rowsChanged?: boolean; commitWithoutFlush?: boolean } = {},
): Promise<void> {
  if (expected.size === 0) return;
  const names = [...expected.keys()];
  const commits = names.map((n) => expected.get(n)!.commit.toString());
  const eventsAt = names.map((n) => expected.get(n)!.event.toString());
  const rowsVersion = rowsChanged ? sql`nextval('read_model_rows_versions')` : sql`c.rows_version`;
  const result = await sql`
    UPDATE follower_checkpoints AS c
       SET commit_position = ${to.commit.toString()}::bigint, event_position = ${to.event.toString()}::bigint, updated_at = now(),
           rows_version = ${rowsVersion}
      FROM unnest(${names}::text[], ${commits}::bigint[], ${eventsAt}::bigint[]) AS e(name, commit_position, event_position)${
        commitWithoutFlush ? sql`, (SELECT set_config('synchronous_commit', 'off', true)) AS commit_mode` : sql``
      }
     WHERE c.name = e.name AND c.commit_position = e.commit_position AND c.event_position = e.event_position`.execute(db);
  if (Number(result.numAffectedRows ?? 0n) !== names.length) throw new CheckpointMovedError(names);
}

/** True when every named checkpoint is at or past `position`. */
export function allReached(checkpoints: ReadonlyMap<string, LogPosition>, names: readonly string[], position: LogPosition): boolean {
  for (const name of names) {
    const at = checkpoints.get(name);
    if (!at || comparePositions(at, position) < 0) return false;
  }
  return true;
}
