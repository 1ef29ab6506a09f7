import type { Decider, EventMetadata } from '@medchest/domain';
import { comparePositions, ConcurrencyError, type EventStore, type ExpectedRevision, type LogPosition, type NewEvent, type RecordedEvent } from '../port';

/**
 * THE command path, for the API, the demo seed and the workers alike (see "How to write a command"
 * in README.md). Configured once per stream type with what the domain exports for it:
 *
 *   load the stream(s) → decide → append with the expected revision(s) → on a concurrency conflict
 *   re-load and re-decide (bounded, with backoff) → wait for the read models the answer reads → answer.
 *
 * A rule that spans streams (IMO uniqueness) is a regular decider on its own stream: the command
 * names it as a decision `alongside` the main one, and all the streams' events are appended in one
 * transaction where the store allows it (PostgreSQL), in the order given otherwise (EventStoreDB).
 */

/** What the domain exports for one kind of stream. */
export interface StreamType<Command, State, Event extends StreamEvent> {
  decider: Decider<Command, State, Event>;
  streamId(id: string): string;
  /** Which events belong to this stream type (anything else in the stream is a bug). */
  isEvent(event: StreamEvent): event is Event;
}

export interface StreamEvent {
  type: string;
  data: unknown;
}

/** Who acts, which request this is, and when: every event of the command carries it. */
export interface CommandMetadata {
  /** null for the system (the demo seed, scheduled jobs, the mail worker). */
  userId: string | null;
  correlationId: string;
  /**
   * The moment of the command, from the one injected clock (the demo's business clock for its
   * backdated year); deciders get it in the command, and its events record it as occurredAt.
   */
  now: Date;
}

/** Typed events from stored ones and back: the domain's registry (parseEvent, currentEventVersion). */
export interface EventCodec {
  parse(type: string, version: number, data: unknown): StreamEvent;
  version(type: string): number;
  /** The error a command that keeps losing the race answers with (a 409 for the API). */
  conflict(): Error;
}

export interface CommandHandlerDeps {
  store: EventStore;
  codec: EventCodec;
  /**
   * Resolves once the named read models have processed everything up to `position` (false or a
   * rejection: not in time). Absent: nothing is ever waited for (a worker).
   */
  waitFor?(position: LogPosition, timeoutMs: number, readModels?: readonly string[]): Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
}

/** A stream's state and the revision to expect when appending after it. */
export interface LoadedStream<State> {
  state: State;
  expected: bigint | 'no_stream';
}

/** A decision on another stream, appended together with the command's own events. */
export interface Decision {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any stream type: each is checked where it is declared
  type: StreamType<any, any, any>;
  id: string;
  command: unknown;
  /**
   * Where a store without multi-stream transactions appends it: 'before' the command's own
   * events (a claim: a crash in between leaves a claim nothing backs, which lapses) or 'after'
   * (a release: a crash in between leaves a claim its holder no longer backs, which is free).
   */
  order?: 'before' | 'after';
}

/** A decision on another stream, its command checked against that stream's command type. */
export function decision<Command>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any stream type: each is checked where it is declared
  type: StreamType<Command, any, any>,
  id: string,
  command: Command,
  order: Decision['order'] = 'before',
): Decision {
  return { type, id, command, order };
}

/** Reads another stream's state during a decision (each stream read once per attempt). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any stream type: each is checked where it is declared
export type StreamReader = <S>(type: StreamType<any, S, any>, id: string) => Promise<S>;

export interface HandleOptions<State, Event> {
  /** The read models this command's answer reads: waited for before answering. Default none. */
  readModels?: readonly string[];
  /**
   * The command is a difference (a usage taken off a batch, …): deciding it again against a newer
   * state is always right, so a lost race is retried for as long as DIFFERENCE_RETRY_BUDGET_MS
   * rather than MAX_ATTEMPTS times. Fifty clients recording usage on one chest at once then all
   * get their usage recorded instead of most of them a 409. Default false.
   */
  retryUntilDecided?: boolean;
  /** Decisions on other streams this one brings, from the state before and after it. */
  alongside?(
    decided: { before: State; after: State; events: Event[] },
    read: StreamReader,
  ): Decision[] | Promise<Decision[]>;
}

export interface CommandResult<State, Event> {
  /** Events appended to the command's own stream ([] when the decider found nothing to record). */
  events: Event[];
  /** The stream's state after the command. */
  state: State;
  /** Global position of the last appended event; undefined when nothing was appended. */
  position?: LogPosition;
  /** Whether the read models named in `readModels` are known to include this command's events. */
  readModelsCaughtUp: boolean;
}

export const MAX_ATTEMPTS = 4;
export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;
/** How long a difference command (retryUntilDecided) keeps re-deciding after lost races. */
export const DIFFERENCE_RETRY_BUDGET_MS = 10_000;
/** Backoff before re-deciding after a lost race: a few ms, doubling up to a cap, with jitter. */
const BACKOFF_BASE_MS = 4;
const BACKOFF_CAP_MS = 64;

/** One command of a sequence, with its own who, request and time. */
export interface SequencedCommand<Command> {
  command: Command;
  metadata: CommandMetadata;
}

export interface StreamHandler<Command, State, Event extends StreamEvent> {
  readonly type: StreamType<Command, State, Event>;
  /** The stream's current state (for commands that need another stream's state as input). */
  load(deps: Pick<CommandHandlerDeps, 'store' | 'codec'>, id: string): Promise<LoadedStream<State>>;
  handle(
    deps: CommandHandlerDeps,
    id: string,
    command: Command,
    metadata: CommandMetadata,
    options?: HandleOptions<State, Event>,
  ): Promise<CommandResult<State, Event>>;
  /**
   * Several commands on one stream, each with its own metadata (a month of a ship's medical log
   * entered at once, the demo's year on its business clock), decided one after the other against
   * the state the earlier ones leave, and appended in one go with the revision read: all of them
   * or none (a command the decider refuses refuses the lot). Each event keeps the metadata of the
   * command that decided it. A lost race re-reads and re-decides the whole sequence, like handle.
   * No decisions on other streams (`alongside`): a command that needs them goes through handle.
   */
  handleAll(
    deps: CommandHandlerDeps,
    id: string,
    commands: readonly SequencedCommand<Command>[],
    options?: Pick<HandleOptions<State, Event>, 'readModels'>,
  ): Promise<CommandResult<State, Event>>;
}

export function streamHandler<Command, State, Event extends StreamEvent>(
  type: StreamType<Command, State, Event>,
): StreamHandler<Command, State, Event> {
  return {
    type,
    load: (deps, id) => loadStream(deps, type, id),
    handle: (deps, id, command, metadata, options = {}) => handle(deps, type, id, command, metadata, options),
    handleAll: (deps, id, commands, options = {}) => handleAll(deps, type, id, commands, options),
  };
}

/** Fold a stream's recorded events into its state. */
export function foldRecorded<State, Event extends StreamEvent>(
  codec: EventCodec,
  type: StreamType<unknown, State, Event>,
  recorded: readonly RecordedEvent[],
): State {
  let state = type.decider.initialState();
  for (const stored of recorded) {
    const event = codec.parse(stored.type, stored.version, stored.data);
    if (!type.isEvent(event)) throw new Error(`Event ${stored.type} does not belong in stream ${stored.streamId}`);
    state = type.decider.evolve(state, event);
  }
  return state;
}

export async function loadStream<State>(
  deps: Pick<CommandHandlerDeps, 'store' | 'codec'>,
  type: StreamType<unknown, State, StreamEvent>,
  id: string,
): Promise<LoadedStream<State>> {
  const recorded = await deps.store.readStream(type.streamId(id));
  return {
    state: foldRecorded(deps.codec, type, recorded),
    expected: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision,
  };
}

interface StreamAppend {
  streamId: string;
  events: StreamEvent[];
  expected: ExpectedRevision;
}

async function handle<Command, State, Event extends StreamEvent>(
  deps: CommandHandlerDeps,
  type: StreamType<Command, State, Event>,
  id: string,
  command: Command,
  metadata: CommandMetadata,
  options: HandleOptions<State, Event>,
): Promise<CommandResult<State, Event>> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const decideAndAppend = async () => {
      // Streams read in this attempt, so a stream read by `alongside` is not read again to decide.
      const loaded = new Map<string, Promise<LoadedStream<unknown>>>();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any stream type: each is checked where it is declared
      const load = <S>(streamType: StreamType<any, S, any>, streamId: string) => {
        const key = streamType.streamId(streamId);
        if (!loaded.has(key)) loaded.set(key, loadStream(deps, streamType, streamId));
        return loaded.get(key) as Promise<LoadedStream<S>>;
      };

      const { state, expected } = await load(type, id);
      const events = type.decider.decide(command, state);
      const after = events.reduce((s, e) => type.decider.evolve(s, e), state);
      const decisions = events.length > 0 && options.alongside
        ? await options.alongside({ before: state, after, events }, async (t, i) => (await load(t, i)).state)
        : [];

      const before: StreamAppend[] = [];
      const later: StreamAppend[] = [];
      for (const decision of decisions) {
        const other = await load(decision.type, decision.id);
        const otherEvents = decision.type.decider.decide(decision.command, other.state);
        if (otherEvents.length === 0) continue;
        const append = { streamId: decision.type.streamId(decision.id), events: otherEvents, expected: other.expected };
        (decision.order === 'after' ? later : before).push(append);
      }
      if (events.length === 0) return { events, state, after, position: undefined };
      const appends = [...before, { streamId: type.streamId(id), events, expected }, ...later];
      return { events, state, after, position: await appendAll(deps, appends, metadata) };
    };

    try {
      // Difference commands of this process on one stream take turns: they would only lose races
      // to each other. Other processes' appends are still caught by the expected revision below.
      const decided = options.retryUntilDecided ? await inTurn(deps.store, type.streamId(id), decideAndAppend) : await decideAndAppend();
      const { events, state, after, position } = decided;
      if (!position) return { events, state, readModelsCaughtUp: true };
      const readModelsCaughtUp = options.readModels?.length ? await waitForReadModels(deps, position, options.readModels) : true;
      return { events, state: after, position, readModelsCaughtUp };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      const givenUp = options.retryUntilDecided ? Date.now() - started >= DIFFERENCE_RETRY_BUDGET_MS : attempt >= MAX_ATTEMPTS;
      if (givenUp) throw deps.codec.conflict();
      // Someone else appended first: wait a little, then re-read and re-decide.
      await sleep(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)) * (0.5 + Math.random()));
    }
  }
}

async function handleAll<Command, State, Event extends StreamEvent>(
  deps: CommandHandlerDeps,
  type: StreamType<Command, State, Event>,
  id: string,
  commands: readonly SequencedCommand<Command>[],
  options: Pick<HandleOptions<State, Event>, 'readModels'>,
): Promise<CommandResult<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const { state: before, expected } = await loadStream(deps, type, id);
    let state = before;
    const events: Event[] = [];
    const toAppend: NewEvent[] = [];
    for (const { command, metadata } of commands) {
      const decided = type.decider.decide(command, state);
      for (const event of decided) {
        state = type.decider.evolve(state, event);
        events.push(event);
        toAppend.push({ type: event.type, version: deps.codec.version(event.type), data: event.data, metadata: eventMetadataOf(metadata) });
      }
    }
    if (toAppend.length === 0) return { events, state, readModelsCaughtUp: true };
    try {
      const { position } = await deps.store.appendToStream(type.streamId(id), toAppend, { expected });
      const readModelsCaughtUp = options.readModels?.length ? await waitForReadModels(deps, position, options.readModels) : true;
      return { events, state, position, readModelsCaughtUp };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw deps.codec.conflict();
      await sleep(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)) * (0.5 + Math.random()));
    }
  }
}

/** Per store and stream, the tail of the difference commands of this process waiting their turn. */
const turns = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/** Run `work` once every earlier one queued for this stream (in this process) has settled. */
async function inTurn<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let queues = turns.get(store);
  if (!queues) turns.set(store, (queues = new Map()));
  const previous = queues.get(streamId) ?? Promise.resolve();
  const mine = previous.then(work, work);
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  queues.set(streamId, tail);
  try {
    return await mine;
  } finally {
    if (queues.get(streamId) === tail) queues.delete(streamId);
  }
}

/** Append every stream's events with one metadata; the position of the command's last event. */
/**
 * What an event records of its command: who, which request, and when it happened (occurredAt, the
 * business time: the command's clock, which "as of", reports and timelines go by). When it was
 * appended is the store's own recordedAt.
 */
function eventMetadataOf(metadata: CommandMetadata): EventMetadata {
  return { userId: metadata.userId, correlationId: metadata.correlationId, occurredAt: metadata.now.toISOString() };
}

async function appendAll(deps: CommandHandlerDeps, appends: StreamAppend[], metadata: CommandMetadata): Promise<LogPosition> {
  const eventMetadata = eventMetadataOf(metadata);
  const toNew = (events: StreamEvent[]) =>
    events.map((event) => ({ type: event.type, version: deps.codec.version(event.type), data: event.data, metadata: eventMetadata }));
  if (appends.length === 1) {
    const [only] = appends;
    return (await deps.store.appendToStream(only.streamId, toNew(only.events), { expected: only.expected })).position;
  }
  const results = await deps.store.appendToStreams(appends.map((a) => ({ streamId: a.streamId, events: toNew(a.events), expected: a.expected })));
  // The latest position of all, so waiting for it covers every stream's events.
  return results.map((r) => r.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
}

/** Wait (bounded) for the named read models; a timeout is logged, not fatal: the events are recorded. */
export async function waitForReadModels(
  deps: Pick<CommandHandlerDeps, 'waitFor' | 'log'>,
  position: LogPosition,
  readModels: readonly string[],
): Promise<boolean> {
  if (!deps.waitFor) return false;
  try {
    const result = await deps.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS, readModels);
    return result !== false;
  } catch (error) {
    deps.log?.warn({ err: error, position: { commit: String(position.commit), event: String(position.event) } }, 'read models did not catch up in time');
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
