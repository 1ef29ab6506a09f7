import {
  currentEventVersion,
  DomainError,
  parseEvent,
  type DomainEvent,
  type EventMetadata,
} from '@medchest/domain';
import { ConcurrencyError, type EventStore, type LogPosition } from '@medchest/eventstore';

/** A stream's decision logic: pure functions from the domain. */
export interface Decider<Command, State, Event extends DomainEvent> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
  /** Which events belong to this stream type (anything else in the stream is a bug). */
  isEvent(event: DomainEvent): event is Event;
}

/** Who is acting and which request this is: goes into every event's metadata. */
export interface CommandContext {
  /** null for the system (the demo seed). */
  userId: string | null;
  correlationId: string;
  now?: () => Date;
}

export interface CommandDeps {
  store: EventStore;
  /** Resolves once the read models have processed everything up to `position`. */
  waitFor(position: LogPosition, timeoutMs: number): Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
}

export interface CommandResult<State, Event> {
  /** Events appended ([] when the decider found nothing to record). */
  events: Event[];
  /** The stream's state after the command. */
  state: State;
  /** Global position of the last appended event; undefined when nothing was appended. */
  position?: LogPosition;
  /** Whether the read models are known to include this command's events. */
  readModelsCaughtUp: boolean;
}

export const MAX_ATTEMPTS = 4;
export const CHANGED_MEANWHILE = 'This record was changed by someone else at the same time. Please try again.';
export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;

/**
 * The one way a command is executed, for user requests and the demo seed alike:
 * read the stream and fold `evolve`, `decide`, append with the revision read. On a concurrency
 * conflict the command is re-decided against the fresh stream (deciders are pure, so this is safe)
 * a few times before answering 409. Then wait, bounded, until the projections have reached the
 * appended position so the caller's next read already shows the change (read-your-writes).
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<Command, State, Event>,
  streamId: string,
  command: Command,
  context: CommandContext,
  options: { waitForReadModels?: boolean } = {},
): Promise<CommandResult<State, Event>> {
  const now = context.now ?? (() => new Date());
  for (let attempt = 1; ; attempt++) {
    const { state, expected } = await loadState(deps, decider, streamId);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, readModelsCaughtUp: true };

    const metadata: EventMetadata = {
      userId: context.userId,
      correlationId: context.correlationId,
      occurredAt: now().toISOString(),
    };
    try {
      const appended = await deps.store.appendToStream(
        streamId,
        events.map((event) => ({ type: event.type, version: currentEventVersion(event.type), data: event.data, metadata })),
        { expected },
      );
      const newState = events.reduce(decider.evolve, state);
      let readModelsCaughtUp = false;
      if (options.waitForReadModels !== false) {
        readModelsCaughtUp = await waitForReadModels(deps, appended.position);
      }
      return { events, state: newState, position: appended.position, readModelsCaughtUp };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('conflict', CHANGED_MEANWHILE);
      // Someone else appended first: re-read and re-decide.
    }
  }
}

/** A stream's state (its events folded) and the revision to expect when appending after it. */
export async function loadState<State, Event extends DomainEvent>(
  deps: Pick<CommandDeps, 'store'>,
  decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState' | 'isEvent'>,
  streamId: string,
): Promise<{ state: State; expected: bigint | 'no_stream' }> {
  const recorded = await deps.store.readStream(streamId);
  let state = decider.initialState();
  for (const stored of recorded) {
    const event = parseEvent(stored.type, stored.version, stored.data);
    if (!decider.isEvent(event)) throw new Error(`Event ${stored.type} does not belong in stream ${streamId}`);
    state = decider.evolve(state, event);
  }
  return { state, expected: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision };
}

/** Wait (bounded) for the projections; a timeout is logged, not fatal: the events are recorded. */
export async function waitForReadModels(deps: CommandDeps, position: LogPosition): Promise<boolean> {
  try {
    const result = await deps.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
    return result !== false;
  } catch (error) {
    deps.log?.warn({ err: error, position: { commit: String(position.commit), event: String(position.event) } }, 'read models did not catch up in time');
    return false;
  }
}
