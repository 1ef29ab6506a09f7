import { excludeSystemEvents, streamNameFilter, type AllStreamResolvedEvent, type AllStreamSubscription, type EventStoreDBClient } from '@eventstore/db-client';
import { comparePositions, type LogPosition, type RecordedEvent, type SubscribeOptions, type Subscription } from '../port';
import { isOurs, toEsdbPosition, toLogPosition, toRecorded } from './mapping';

const DEFAULT_BATCH_SIZE = 500;
const RESUBSCRIBE_MAX_DELAY_MS = 5_000;

/**
 * Follow $all with a catch-up subscription filtered on the server to our stream prefixes (or to
 * everything but system events). Events are buffered as they arrive and handed to the handler in
 * batches, one call at a time; the subscription is paused while the buffer is full, so a slow
 * handler holds the server back instead of filling memory. A dropped connection resubscribes from
 * the last position handed out, with backoff; only a handler error ends the subscription.
 */
export function followAll(client: EventStoreDBClient, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const highWater = batchSize * 2;
  const buffer: RecordedEvent[] = [];
  /** Last position buffered: where a resubscription starts, and what duplicates are compared to. */
  let bufferedUpTo: LogPosition = options.from;
  let stopped = false;
  let subscription: AllStreamSubscription | undefined;
  let wake: (() => void) | undefined;
  let failure: unknown;
  let retryDelay = 100;

  const signal = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  function open(): void {
    if (stopped) return;
    const filter = options.streamPrefixes?.length ? streamNameFilter({ prefixes: options.streamPrefixes }) : excludeSystemEvents();
    const current = client.subscribeToAll({ fromPosition: toEsdbPosition(bufferedUpTo), filter });
    subscription = current;
    current.on('data', (resolved: AllStreamResolvedEvent) => {
      const event = resolved.event;
      if (!event?.position || !isOurs(event)) return;
      const position = toLogPosition(event.position);
      if (comparePositions(position, bufferedUpTo) <= 0) return;
      if (options.streamPrefixes?.length && !options.streamPrefixes.some((p) => event.streamId.startsWith(p))) return;
      bufferedUpTo = position;
      buffer.push(toRecorded(event));
      retryDelay = 100;
      if (buffer.length >= highWater) current.pause();
      signal();
    });
    // The server ending a catch-up subscription is as much a lost connection as an error is.
    const lost = () => {
      if (subscription !== current || stopped) return;
      subscription = undefined;
      void current.unsubscribe().catch(() => undefined);
      setTimeout(open, retryDelay).unref();
      retryDelay = Math.min(retryDelay * 2, RESUBSCRIBE_MAX_DELAY_MS);
    };
    current.on('error', lost);
    current.on('end', lost);
  }

  async function run(): Promise<void> {
    open();
    while (!stopped) {
      if (buffer.length === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const batch = buffer.splice(0, batchSize);
      if (buffer.length < highWater && subscription?.isPaused()) subscription.resume();
      try {
        await options.onEvents(batch);
      } catch (error) {
        failure = error;
        stopped = true;
      }
    }
    await subscription?.unsubscribe().catch(() => undefined);
    if (failure !== undefined) throw failure;
  }

  const done = run();

  return {
    done,
    async stop() {
      stopped = true;
      signal();
      await done.catch(() => undefined);
    },
  };
}
