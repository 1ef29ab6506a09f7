import { comparePositions, LOG_START, type LogPosition } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';
import type { ReadModelDb } from '../db';

/** Give each projection a checkpoint row (at the start of the log) if it has none yet. */
export async function ensureCheckpoints(db: Kysely<ReadModelDb>, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto('projection_checkpoints')
    .values(names.map((name) => ({ name, commit_position: LOG_START.commit, event_position: LOG_START.event })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The stored checkpoints of these projections (absent: the projection has never started). */
export async function readCheckpoints(db: Kysely<ReadModelDb>, names: readonly string[]): Promise<Map<string, LogPosition>> {
  const found = new Map<string, LogPosition>();
  if (names.length === 0) return found;
  const rows = await db
    .selectFrom('projection_checkpoints')
    .select(['name', 'commit_position', 'event_position'])
    .where('name', 'in', names)
    .execute();
  for (const row of rows) found.set(row.name, { commit: BigInt(row.commit_position), event: BigInt(row.event_position) });
  return found;
}

/** Thrown when a checkpoint is not where this runner left it: someone else (a rebuild) moved it. */
export class CheckpointMovedError extends Error {
  constructor(names: readonly string[]) {
    super(`Projection checkpoint moved by another process: ${names.join(', ')}`);
    this.name = 'CheckpointMovedError';
  }
}

/**
 * Move checkpoints from where this runner last wrote them to `to`, in the caller's transaction.
 * Only rows still at their expected position move: a fence, so a runner that lost its lock, or
 * whose read model a rebuild has reset meanwhile, rolls back its batch instead of writing over it.
 */
export async function advanceCheckpoints(
  db: Kysely<ReadModelDb>,
  expected: ReadonlyMap<string, LogPosition>,
  to: LogPosition,
): Promise<void> {
  if (expected.size === 0) return;
  const names = [...expected.keys()];
  const commits = names.map((n) => expected.get(n)!.commit.toString());
  const eventsAt = names.map((n) => expected.get(n)!.event.toString());
  const result = await sql`
    UPDATE projection_checkpoints AS c
       SET commit_position = ${to.commit.toString()}::bigint, event_position = ${to.event.toString()}::bigint, updated_at = now()
      FROM unnest(${names}::text[], ${commits}::bigint[], ${eventsAt}::bigint[]) AS e(name, commit_position, event_position)
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
