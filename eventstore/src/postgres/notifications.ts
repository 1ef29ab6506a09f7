import pg from 'pg';
import { NOTIFY_CHANNEL } from './schema';

/**
 * Wakes followers when events are appended.
 *
 * Appends do not NOTIFY inside their own transaction: PostgreSQL serialises the commits of
 * notifying transactions (a global lock is held from pre-commit until the commit record is
 * flushed), which would throw away group commit and cap append throughput. Instead, after an
 * append commits, this sends an empty NOTIFY from its own connection with synchronous_commit off,
 * coalesced and rate-limited: the first append after a quiet spell is announced at once, and while
 * busy at most one NOTIFY goes out per `minIntervalMs` (5 ms), however many appends it covers. A
 * NOTIFY per append would cost a transaction per append; this costs followers elsewhere at most a
 * few milliseconds. Followers in this process are woken directly, without waiting for the round trip.
 * If the process dies between commit and NOTIFY, followers elsewhere still find the events by polling.
 */
export interface Notifications {
  /** Announce that events were committed. Never throws, never waits. */
  announce(): void;
  /** Call `wake` on every append here or NOTIFY from elsewhere, until the returned function is called. */
  listen(wake: () => void): () => void;
  close(): Promise<void>;
}

export function createNotifications(connectionString: string, minIntervalMs = 5): Notifications {
  const wakers = new Set<() => void>();
  let closed = false;

  let sender: pg.Client | undefined;
  let sending: Promise<void> | undefined;
  let pending = false;
  let lastSentAt = -Infinity;

  async function send(): Promise<void> {
    try {
      while (pending && !closed) {
        const wait = lastSentAt + minIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (closed) return;
        pending = false;
        lastSentAt = performance.now();
        try {
          if (!sender) {
            const client = new pg.Client({ connectionString, options: '-c synchronous_commit=off' });
            client.on('error', () => (sender = undefined));
            await client.connect();
            if (closed) {
              await client.end();
              return;
            }
            sender = client;
          }
          await sender.query(`NOTIFY ${NOTIFY_CHANNEL}`);
        } catch {
          // Followers fall back to polling; drop the connection and reconnect on the next append.
          const broken = sender;
          sender = undefined;
          await broken?.end().catch(() => undefined);
        }
      }
    } finally {
      sending = undefined;
    }
  }

  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  function wakeAll(): void {
    for (const wake of wakers) wake();
  }

  function startListening(): void {
    if (listener || connecting || closed || wakers.size === 0) return;
    const client = new pg.Client({ connectionString });
    const lost = (): void => {
      if (listener !== client) return;
      listener = undefined;
      if (closed) return;
      client.end().catch(() => undefined);
      // Reconnect after a pause; meanwhile followers poll. Wake them so they re-read promptly.
      wakeAll();
      retry = setTimeout(startListening, 1_000);
      retry.unref();
    };
    client.on('notification', wakeAll);
    client.on('error', lost);
    client.on('end', lost);
    connecting = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
        listener = client;
        if (closed || wakers.size === 0) await stopListening();
        // Events may have been appended while we were not listening yet.
        else wakeAll();
      } catch {
        client.end().catch(() => undefined);
        retry = setTimeout(startListening, 1_000);
        retry.unref();
      } finally {
        connecting = undefined;
      }
    })();
  }

  async function stopListening(): Promise<void> {
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    await client?.end().catch(() => undefined);
  }

  return {
    announce() {
      wakeAll();
      pending = true;
      if (!sending && !closed) sending = send();
    },
    listen(wake) {
      wakers.add(wake);
      startListening();
      return () => {
        wakers.delete(wake);
        if (wakers.size === 0) void stopListening();
      };
    },
    async close() {
      closed = true;
      wakers.clear();
      await connecting;
      await stopListening();
      await sending;
      const client = sender;
      sender = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
