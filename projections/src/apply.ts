import { currentEventVersion, isKnownEventType, parseEvent, type DomainEvent, type DomainEventType } from '@medchest/domain';
import { comparePositions, type LogPosition, type RecordedEvent } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';
import { advanceCheckpoints } from './checkpoints/checkpoints';
import type { ReadModelDb } from './db';
import type { ProjectedEvent, Projection } from './projection';

/**
 * A recorded event as the domain's typed union, with its log facts. Events of an older schema
 * version are upcast and validated by the domain's parseEvent. Events of the current version are
 * taken as stored unless `validate` is set: they were built by a decider from input the domain's
 * schemas had already parsed, and the hash chain guards the stored rows, so re-running zod on
 * every event of every replay (a tenth of a replay's time) would only re-prove that.
 */
export function toProjectedEvent(recorded: RecordedEvent, options: { validate?: boolean } = {}): ProjectedEvent {
  const event =
    !options.validate && recorded.version === currentEventVersion(recorded.type as DomainEventType)
      ? ({ type: recorded.type, data: recorded.data } as DomainEvent)
      : parseEvent(recorded.type, recorded.version, recorded.data);
  // Built field by field (a spread of `event` costs more, on every event of every replay).
  return {
    type: event.type,
    data: event.data,
    id: recorded.id,
    streamId: recorded.streamId,
    revision: recorded.revision,
    position: recorded.position,
    metadata: recorded.metadata,
  } as ProjectedEvent;
}

/**
 * Apply one batch of the log (consecutive, in log order) to these projections in ONE transaction
 * with their checkpoints, so a crash leaves either the whole batch or none of it. Each projection
 * gets only the events of its types that lie past its own checkpoint (a projection added later
 * catches up alone while the others skip what they have). `checkpoints` holds where each one is;
 * it is updated only once the transaction has committed.
 */
export async function applyBatch(
  db: Kysely<ReadModelDb>,
  projections: readonly Projection[],
  checkpoints: Map<string, LogPosition>,
  events: readonly RecordedEvent[],
  options: {
    validate?: boolean;
    /** A schema searched before the others: a rebuild writes into fresh tables of its own (rebuild.ts). */
    schema?: string;
    /** The batch's events already parsed, shared by calls that apply the same batch to different projections. */
    parsed?: Map<RecordedEvent, ProjectedEvent>;
  } = {},
): Promise<void> {
  if (events.length === 0) return;
  const last = events[events.length - 1].position;
  const parsed = options.parsed ?? new Map<RecordedEvent, ProjectedEvent>();
  const parse = (e: RecordedEvent) => {
    let p = parsed.get(e);
    if (!p) parsed.set(e, (p = toProjectedEvent(e, options)));
    return p;
  };
  const moving = new Map<string, LogPosition>();
  await db.transaction().execute(async (trx) => {
    // Rows and checkpoint commit together, so a commit lost in a crash loses both and the batch is
    // simply applied again: no need to wait for the WAL flush (read models are disposable).
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    if (options.schema) await sql`SELECT set_config('search_path', ${options.schema} || ', ' || current_setting('search_path'), true)`.execute(trx);
    for (const projection of projections) {
      const at = checkpoints.get(projection.name);
      if (!at) throw new Error(`No checkpoint loaded for projection ${projection.name}`);
      if (comparePositions(at, last) >= 0) continue;
      const types = new Set<string>(projection.eventTypes);
      const mine: ProjectedEvent[] = [];
      for (const e of events) {
        if (types.has(e.type) && isKnownEventType(e.type) && comparePositions(e.position, at) > 0) mine.push(parse(e));
      }
      if (mine.length > 0) await projection.apply(trx, mine);
      moving.set(projection.name, at);
    }
    await advanceCheckpoints(trx, moving, last);
  });
  for (const name of moving.keys()) checkpoints.set(name, last);
}
