import { currentEventVersion, isKnownEventType, parseEvent, type DomainEvent, type DomainEventType } from '@medchest/domain';
import { comparePositions, type LogPosition, type RecordedEvent } from '@medchest/eventstore';
import { sql, type Kysely, type Transaction } from 'kysely';
import { advanceCheckpoints } from './checkpoints/checkpoints';
import type { ReadModelDb } from './db';
import { MembersFailedError } from './following/logFollower';
import type { ProjectedEvent, Projection } from './projection';
import { markExactlyOnce } from './sql';

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
 * Apply one batch of the log (consecutive, in log order) to these projections, each in a
 * transaction of its own with ITS OWN checkpoint: a projection's rows and checkpoint commit
 * together (a crash leaves either its whole batch or none of it), and the projections go side by
 * side, at most `concurrency` transactions at once, so several database backends work on one batch
 * while this process makes the rows of the next projection. Each projection gets only the events
 * of its types that lie past its own checkpoint (a projection added later catches up alone while
 * the others skip what they have); those with no event in the batch only move their checkpoints,
 * together in one transaction. `checkpoints` holds where each one is; a projection's entry is
 * moved only once its own transaction has committed (then `onApplied` is called with its name).
 *
 * Resolves once every projection has committed. If any failed, it waits for the others to settle
 * (they commit regardless: one read model's failure neither holds back nor rolls back another)
 * and then rejects with a MembersFailedError naming those that failed; their checkpoints stay
 * where they were, so applying the batch again redoes exactly theirs.
 */
export async function applyBatch(
  db: Kysely<ReadModelDb>,
  projections: readonly Projection[],
  checkpoints: Map<string, LogPosition>,
  events: readonly RecordedEvent[],
  options: ApplyOptions = {},
): Promise<void> {
  if (events.length === 0) return;
  const last = events[events.length - 1].position;
  const parsed = options.parsed ?? new Map<RecordedEvent, ProjectedEvent>();
  const parse = (e: RecordedEvent) => {
    let p = parsed.get(e);
    if (!p) parsed.set(e, (p = toProjectedEvent(e, options)));
    return p;
  };
  // Projections none of whose events are in the batch only move their checkpoints: together, in
  // one transaction (a command's few events concern a few read models; the others need no
  // transaction each).
  const idle = new Map<string, LogPosition>();
  const busy: { projection: Projection; at: LogPosition; mine: RecordedEvent[] }[] = [];
  const failures = new Map<string, unknown>();
  for (const projection of projections) {
    const at = checkpoints.get(projection.name);
    if (!at) {
      failures.set(projection.name, new Error(`No checkpoint loaded for projection ${projection.name}`));
    } else if (comparePositions(at, last) < 0) {
      const mine = eventsPast(events, at, projection);
      if (mine.length === 0) idle.set(projection.name, at);
      else busy.push({ projection, at, mine });
    }
  }
  const { durations, awaited } = options;
  // Those a caller waits for first (a command's answer waits for its read models, not for the
  // others), then the longest (as long as they took last time): the others fill in beside it, and
  // the batch is not left waiting on a long one started last.
  const waitedFor = (name: string) => (awaited?.has(name) ? 0 : 1);
  if (durations || awaited) {
    busy.sort(
      (a, b) =>
        waitedFor(a.projection.name) - waitedFor(b.projection.name) ||
        (durations?.get(b.projection.name) ?? 0) - (durations?.get(a.projection.name) ?? 0),
    );
  }
  const tasks: (() => Promise<void>)[] = busy.map(({ projection, at, mine }) => async () => {
    const started = performance.now();
    try {
      await inTransaction(db, options, async (trx) => {
        await projection.apply(trx, mine.map(parse));
        await advanceCheckpoints(trx, new Map([[projection.name, at]]), last, { rowsChanged: true, commitWithoutFlush: true });
      });
    } catch (error) {
      failures.set(projection.name, error);
      return;
    }
    durations?.set(projection.name, performance.now() - started);
    moved(projection.name);
  });
  if (idle.size > 0) {
    // First: it is quick, and the waiters of these read models wake at once.
    tasks.unshift(async () => {
      try {
        await inTransaction(db, options, (trx) => advanceCheckpoints(trx, idle, last, { commitWithoutFlush: true }));
      } catch (error) {
        for (const name of idle.keys()) failures.set(name, error);
        return;
      }
      for (const name of idle.keys()) moved(name);
    });
  }
  function moved(name: string) {
    checkpoints.set(name, last);
    options.onApplied?.(name);
  }
  let next = 0;
  async function worker() {
    while (next < tasks.length) await tasks[next++]();
  }
  const concurrency = Math.max(1, Math.min(options.concurrency ?? DEFAULT_APPLY_CONCURRENCY, tasks.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failures.size > 0) throw new MembersFailedError(failures);
}

export interface ApplyOptions {
  validate?: boolean;
  /** A schema searched before the others: a rebuild writes into fresh tables of its own (rebuild.ts). */
  schema?: string;
  /**
   * Each event is handed to each projection this once, into tables that were empty before the
   * first batch: a rebuild's promise, which lets handlers COPY their one-row-per-event rows in
   * (appendRows in sql.ts).
   */
  exactlyOnce?: boolean;
  /** The batch's events already parsed, shared by calls that apply the same batch to different projections. */
  parsed?: Map<RecordedEvent, ProjectedEvent>;
  /** Most projection transactions open at once (default DEFAULT_APPLY_CONCURRENCY). */
  concurrency?: number;
  /** How long each projection's last batch took (ms): read to start the longest first, then updated. */
  durations?: Map<string, number>;
  /** Read models someone waits for (read-your-writes): started before the others. */
  awaited?: ReadonlySet<string>;
  /** After a projection's transaction committed and its entry in `checkpoints` moved. */
  onApplied?: (name: string) => void;
}

/**
 * Projection transactions open at once by default: four. Following live, a batch is a few events
 * for some seven read models, and their short transactions wait mostly on round trips: four at once
 * answered a command's wait sooner than two (bench/command.bench.ts at 200 commands/s asked: p50
 * 56 against 70 ms, 135 against 110 commands/s achieved). Catching up, the two cores are busy with
 * two backends and this process making rows, and four did as well as two (bench/catchup.bench.ts).
 */
export const DEFAULT_APPLY_CONCURRENCY = 4;

/**
 * A projection's transaction. It commits without waiting for the WAL flush: a projection's rows and
 * checkpoint commit together, so a commit lost in a crash loses both and the batch is simply
 * applied again (read models are disposable). The checkpoint's move sets that (advanceCheckpoints'
 * commitWithoutFlush), so it costs no statement of its own: of a command's ~47 statements, one per
 * read model it concerned was this setting. With `schema`, that schema is searched first; with
 * `exactlyOnce`, the transaction is marked so (markExactlyOnce).
 */
async function inTransaction(
  db: Kysely<ReadModelDb>,
  { schema, exactlyOnce }: Pick<ApplyOptions, 'schema' | 'exactlyOnce'>,
  work: (trx: Transaction<ReadModelDb>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (exactlyOnce) markExactlyOnce(trx);
    if (schema) await sql`SELECT set_config('search_path', ${schema} || ', ' || current_setting('search_path'), true)`.execute(trx);
    await work(trx);
  });
}

/** Event types each projection reads, as a set (made once per projection, not per batch). */
const typeSets = new WeakMap<Projection, ReadonlySet<string>>();

/**
 * The events of this projection's types past `at`. The batch is in log order, so the events past
 * `at` are a tail found by bisection (usually the whole batch: a projection is where the batch
 * starts), instead of a position comparison per event per projection.
 */
function eventsPast(events: readonly RecordedEvent[], at: LogPosition, projection: Projection): RecordedEvent[] {
  let types = typeSets.get(projection);
  if (!types) typeSets.set(projection, (types = new Set<string>(projection.eventTypes.filter((t) => isKnownEventType(t)))));
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comparePositions(events[middle].position, at) > 0) high = middle;
    else low = middle + 1;
  }
  const mine: RecordedEvent[] = [];
  for (let i = low; i < events.length; i++) if (types.has(events[i].type)) mine.push(events[i]);
  return mine;
}
