import pg from 'pg';
import { NOTIFY_CHANNEL } from './schema';

/**
 * Wakes followers when events are appended.
 *
 * Appends do not NOTIFY inside their own transaction: PostgreSQL serialises the commits of
 * notifying transactions (a global lock is held from pre-commit until the commit record is
 * flushed), which would throw away group commit and cap append throughput. Instead:
 * - followers in this process are woken directly, at once;
 * - followers in other processes get an empty NOTIFY sent after the append committed, from a
 *   connection of its own with synchronous_commit off. It is coalesced and rate-limited: the first
 *   append after a quiet spell is announced at once, and while busy at most one NOTIFY goes out per
 *   `minIntervalMs` (5 ms), however many appends it covers;
 * - and only while another process is listening: listeners connect under a recognisable
 *   application_name, and whether any exist besides our own is looked up at most once a second.
 * A follower that misses a NOTIFY (it started listening within that second, or this process died
 * between commit and NOTIFY) still finds the events with its fallback poll.
 */
export interface Notifications {
  /** Announce that events were committed. Never throws, never waits. */
  announce(): void;
  /** Call `wake` on every append here or NOTIFY from elsewhere, until the returned function is called. */
  listen(wake: () => void): () => void;
  close(): Promise<void>;
}

export const LISTENER_APPLICATION_NAME = 'medchest-events-listener';
/** The connection that sends the NOTIFYs, named so that an operator (or a benchmark) can find it. */
export const NOTIFIER_APPLICATION_NAME = 'medchest-events-notifier';
const PRESENCE_TTL_MS = 1_000;

export function createNotifications(connectionString: string, minIntervalMs = 5): Notifications {
  const wakers = new Set<() => void>();
  let closed = false;

  // --- sending ---------------------------------------------------------------------------------
  let sender: pg.Client | undefined;
  let sending: Promise<void> | undefined;
  let pending = false;
  let lastSentAt = -Infinity;
  let listenersElsewhere = false;
  let presenceCheckedAt = -Infinity;

  async function senderClient(): Promise<pg.Client | undefined> {
    if (sender) return sender;
    const client = new pg.Client({ connectionString, application_name: NOTIFIER_APPLICATION_NAME, options: '-c synchronous_commit=off' });
    client.on('error', () => {
      if (sender === client) sender = undefined;
    });
    await client.connect();
    if (closed) {
      await client.end();
      return undefined;
    }
    sender = client;
    return client;
  }

  async function othersAreListening(client: pg.Client): Promise<boolean> {
    if (performance.now() - presenceCheckedAt < PRESENCE_TTL_MS) return listenersElsewhere;
    const { rows } = await client.query<{ listening: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = $1 AND pid <> $2
       ) AS listening`,
      [LISTENER_APPLICATION_NAME, listenerPid ?? 0],
    );
    listenersElsewhere = rows[0].listening;
    presenceCheckedAt = performance.now();
    return listenersElsewhere;
  }

  async function send(): Promise<void> {
    try {
      while (pending && !closed) {
        const wait = lastSentAt + minIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (closed) return;
        pending = false;
        lastSentAt = performance.now();
        try {
          const client = await senderClient();
          if (client && (await othersAreListening(client))) await client.query(`NOTIFY ${NOTIFY_CHANNEL}`);
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

  // --- listening -------------------------------------------------------------------------------
  let listener: pg.Client | undefined;
  let listenerPid: number | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  function wakeAll(): void {
    for (const wake of wakers) wake();
  }

  function retryLater(): void {
    clearTimeout(retry);
    retry = setTimeout(startListening, 1_000);
    retry.unref();
  }

  function startListening(): void {
    if (listener || connecting || closed || wakers.size === 0) return;
    const client = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    const lost = (): void => {
      if (listener !== client) return;
      listener = undefined;
      listenerPid = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      // Meanwhile followers poll; wake them so they re-read promptly, and reconnect after a pause.
      wakeAll();
      retryLater();
    };
    client.on('notification', wakeAll);
    client.on('error', lost);
    client.on('end', lost);
    connecting = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        listener = client;
        listenerPid = rows[0].pid;
        if (closed || wakers.size === 0) await stopListening();
        // Events may have been appended before we were listening.
        else wakeAll();
      } catch {
        client.end().catch(() => undefined);
        retryLater();
      } finally {
        connecting = undefined;
      }
    })();
  }

  async function stopListening(): Promise<void> {
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    listenerPid = undefined;
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
