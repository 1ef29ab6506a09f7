import { parseEvent, type DomainEventType } from '@medchest/domain';
import { comparePositions, FOLLOWER_BACKOFF, type EventStore, type LogPosition, type RecordedEvent } from '@medchest/eventstore';
import { advanceCheckpoints, createFollower, type createReadModelDb, type Follower, type FollowerState } from '@medchest/projections';
import type { Queue } from 'bullmq';
import { errorMessage, type Logger } from '../logger';
import type { JobRequest, Reactor, ReactorEvent } from './reactor';

export type ReactorState = FollowerState;

type ReadModels = ReturnType<typeof createReadModelDb>;

export interface ReactorStatus {
  name: string;
  /** 'standby' while another process runs it (the lease is theirs). */
  state: ReactorState;
  /** The last position handled here (undefined until the checkpoint is loaded). */
  checkpoint?: LogPosition;
  /** Why it is restarting (Redis or PostgreSQL unreachable, an event that does not parse...). */
  lastError?: string;
}

export interface ReactorFollower {
  start(): Promise<void>;
  /** Stop following; resolves once no batch is being handled. */
  stop(): Promise<void>;
  status(): ReactorStatus[];
}

export interface ReactorFollowerOptions {
  /** The checkpoint store's database (follower_checkpoints, migrated with the read models). */
  db: ReadModels;
  store: EventStore;
  reactors: readonly Reactor[];
  /** The queue of each reactor's jobs, by queue name. */
  queue(name: string): Queue;
  log: Logger;
  /** First delay before restarting after a failure (default: the followers' one policy, FOLLOWER_BACKOFF). */
  restartDelayMs?: number;
  takeoverIntervalMs?: number;
}

/** Reactors read at most this many events at once unless they say less (Reactor.batchSize). */
const DEFAULT_REACTOR_BATCH = 100;

/**
 * The reactors as members of the log's one follower (projections' createFollower): one lease per
 * reactor, so across processes exactly one runs it; their checkpoints in follower_checkpoints; one
 * subscription for the reactors held here, reading only their streams. For every batch, enqueue the
 * jobs its events cause (job id = event id, so an event handled twice still makes one job), then
 * move the checkpoints past the batch. Enqueue-then-checkpoint means a crash in between only
 * replays, never loses, an event. If anything fails (Redis or PostgreSQL away), it restarts from the
 * checkpoints with the followers' backoff.
 */
export function createReactorFollower(options: ReactorFollowerOptions): ReactorFollower {
  const { db, reactors, log } = options;
  const follower: Follower = createFollower<Reactor>({
    kind: 'reactor',
    db,
    store: options.store,
    members: reactors,
    handle: (held, checkpoints, events) => reactToBatch(db, held, checkpoints, events, options.queue),
    batchSize: Math.min(DEFAULT_REACTOR_BATCH, ...reactors.map((r) => r.batchSize ?? DEFAULT_REACTOR_BATCH)),
    streamPrefixes: (held) => [...new Set(held.flatMap((r) => r.streamPrefixes))],
    takeoverIntervalMs: options.takeoverIntervalMs,
    backoff: { firstMs: options.restartDelayMs ?? FOLLOWER_BACKOFF.firstMs },
    onError: (error) => log.error(`reactors stopped (${errorMessage(error)}); restarting from their checkpoints`),
  });
  return {
    start: follower.start,
    stop: follower.stop,
    status() {
      const error = follower.lastError();
      return reactors.map((reactor) => {
        const state = follower.state(reactor.name);
        return {
          name: reactor.name,
          state,
          checkpoint: follower.checkpoints.get(reactor.name),
          ...(state === 'restarting' && error !== undefined ? { lastError: errorMessage(error) } : {}),
        };
      });
    },
  };
}

/**
 * One batch for the reactors held here: each gets the events of its streams past its own
 * checkpoint; their jobs are queued (one round trip per queue), then the checkpoints move (fenced:
 * a reactor's checkpoint moved by someone else fails the batch, which is replayed, making no job twice).
 */
export async function reactToBatch(
  db: ReadModels,
  reactors: readonly Reactor[],
  checkpoints: Map<string, LogPosition>,
  events: readonly RecordedEvent[],
  queueOf: (name: string) => Queue,
): Promise<void> {
  if (events.length === 0) return;
  const last = events[events.length - 1].position;
  const moving = new Map<string, LogPosition>();
  const jobs = new Map<string, { name: string; data: unknown; opts: { jobId: string } }[]>();
  for (const reactor of reactors) {
    const at = checkpoints.get(reactor.name);
    if (!at) throw new Error(`No checkpoint loaded for reactor ${reactor.name}`);
    if (comparePositions(at, last) >= 0) continue;
    for (const recorded of events) {
      if (comparePositions(recorded.position, at) <= 0) continue;
      if (!reactor.streamPrefixes.some((prefix) => recorded.streamId.startsWith(prefix))) continue;
      const request = await jobFor(reactor, recorded);
      if (!request) continue;
      let queued = jobs.get(reactor.queue);
      if (!queued) jobs.set(reactor.queue, (queued = []));
      queued.push({ name: request.name, data: request.data, opts: { jobId: recorded.id } });
    }
    moving.set(reactor.name, at);
  }
  for (const [queue, queued] of jobs) await queueOf(queue).addBulk(queued);
  await advanceCheckpoints(db, moving, last);
  for (const name of moving.keys()) checkpoints.set(name, last);
}

/** The job one recorded event causes under this reactor, or null. */
export async function jobFor(reactor: Reactor, recorded: RecordedEvent): Promise<JobRequest<unknown> | null> {
  const handler = reactor.on[recorded.type as DomainEventType] as
    | ((event: ReactorEvent) => JobRequest<unknown> | null | Promise<JobRequest<unknown> | null>)
    | undefined;
  if (!handler) return null;
  const parsed = parseEvent(recorded.type, recorded.version, recorded.data);
  return handler({
    id: recorded.id,
    type: parsed.type,
    streamId: recorded.streamId,
    data: parsed.data,
    metadata: recorded.metadata,
    position: recorded.position,
  });
}
