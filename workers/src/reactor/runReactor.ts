import { parseEvent, type DomainEventType } from '@medchest/domain';
import { LOG_START, createBackoff, FOLLOWER_BACKOFF, type EventStore, type LogPosition, type RecordedEvent, type Subscription } from '@medchest/eventstore';
import type { Queue } from 'bullmq';
import { errorMessage, type Logger } from '../logger';
import type { CheckpointStore } from './checkpoints';
import type { JobRequest, Reactor, ReactorEvent } from './reactor';

export type ReactorState = 'starting' | 'running' | 'restarting' | 'stopped';

export interface ReactorStatus {
  name: string;
  state: ReactorState;
  /** The last position handled (undefined until the checkpoint is loaded). */
  checkpoint?: LogPosition;
  /** Why it is restarting (Redis or PostgreSQL unreachable, an event that does not parse...). */
  lastError?: string;
}

export interface RunningReactor {
  status(): ReactorStatus;
  /** Stop following; resolves once no batch is being handled. */
  stop(): Promise<void>;
}

export interface RunReactorOptions {
  store: EventStore;
  checkpoints: CheckpointStore;
  queue: Queue;
  reactor: Reactor;
  log: Logger;
  /** First delay before restarting after a failure; doubles up to maxRestartDelayMs (the followers' one policy, FOLLOWER_BACKOFF, by default). */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
}

/**
 * Follow the log from the reactor's checkpoint: for every batch, enqueue the jobs its events cause
 * (job id = event id, so an event handled twice still makes one job), then move the checkpoint past
 * the batch. Enqueue-then-checkpoint means a crash in between only replays, never loses, an event.
 * If anything fails (Redis or PostgreSQL away), it restarts from the checkpoint after a delay.
 */
export function runReactor(options: RunReactorOptions): RunningReactor {
  const { store, checkpoints, queue, reactor, log } = options;
  const backoff = createBackoff({ firstMs: options.restartDelayMs ?? FOLLOWER_BACKOFF.firstMs, maxMs: options.maxRestartDelayMs ?? FOLLOWER_BACKOFF.maxMs });

  let state: ReactorState = 'starting';
  let checkpoint: LogPosition | undefined;
  let lastError: string | undefined;
  let subscription: Subscription | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopping = false;

  async function handle(events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const jobs: { name: string; data: unknown; opts: { jobId: string } }[] = [];
    for (const recorded of events) {
      const request = await jobFor(reactor, recorded);
      if (request) jobs.push({ name: request.name, data: request.data, opts: { jobId: recorded.id } });
    }
    if (jobs.length > 0) await queue.addBulk(jobs);
    const last = events[events.length - 1].position;
    await checkpoints.save(reactor.name, last);
    checkpoint = last;
    backoff.reset();
  }

  function restartLater(error: unknown): void {
    subscription = undefined;
    if (stopping) return;
    state = 'restarting';
    lastError = errorMessage(error);
    const delay = backoff.next();
    log.error(`reactor ${reactor.name} stopped (${lastError}); restarting in ${delay} ms`);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      starting = start();
    }, delay);
  }

  async function start(): Promise<void> {
    try {
      const from = (await checkpoints.load(reactor.name)) ?? LOG_START;
      if (stopping) return;
      checkpoint = from;
      const current = store.subscribe({
        from,
        batchSize: reactor.batchSize ?? 100,
        streamPrefixes: reactor.streamPrefixes,
        onEvents: handle,
      });
      subscription = current;
      state = 'running';
      lastError = undefined;
      current.done.then(
        () => undefined,
        (error: unknown) => {
          if (subscription === current) restartLater(error);
        },
      );
    } catch (error) {
      restartLater(error);
    }
  }

  let starting = start();

  return {
    status: () => ({ name: reactor.name, state, checkpoint, lastError }),
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await starting;
      const current = subscription;
      subscription = undefined;
      await current?.stop();
      state = 'stopped';
    },
  };
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
