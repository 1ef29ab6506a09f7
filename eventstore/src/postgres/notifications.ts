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
 *   application_name, and whether any exist besides our own is looked up at most once a second;
 * - no more often than the most eager of those listeners reads: a listener whose followers all
 *   read at most every N ms (SubscribeOptions.readIntervalMs, reactors: 50 ms) says so in its
 *   application_name (listenerApplicationName), and while every listener elsewhere is paced, one
 *   NOTIFY per the shortest of their intervals is sent instead of one per 5 ms: the NOTIFYs in
 *   between would only wake a follower that is waiting out its interval anyway, and each costs a
 *   transaction here, a wake-up of the listener's server process and of its process. A listener
 *   that starts eager is seen within the second, and until then is woken at the paced rate.
 * A follower that misses a NOTIFY (it started listening within that second, or this process died
 * between commit and NOTIFY) still finds the events with its fallback poll.
 */
export interface Notifications {
  /** Announce that events were committed. Never throws, never waits. */
  announce(): void;
  /**
   * Call `wake` on every append here or NOTIFY from elsewhere, until the returned function is
   * called. `paceMs`: the caller reads at most that often, so NOTIFYs more frequent than that are
   * of no use to it (0: it reads as soon as woken).
   */
  listen(wake: () => void, paceMs?: number): () => void;
  close(): Promise<void>;
}

export const LISTENER_APPLICATION_NAME = 'medchest-events-listener';
/** A paced listener's name carries its pace: 'medchest-events-listener/50'. */
const PACED_LISTENER = new RegExp(`^${LISTENER_APPLICATION_NAME}/([0-9]{1,7})$`);

/** The application_name of a listener whose followers read at most every `paceMs` (0: as soon as woken). */
export function listenerApplicationName(paceMs: number): string {
  const pace = Math.max(0, Math.floor(paceMs));
  return pace > 0 ? `${LISTENER_APPLICATION_NAME}/${pace}` : LISTENER_APPLICATION_NAME;
}

/** The connection that sends the NOTIFYs, named so that an operator (or a benchmark) can find it. */
export const NOTIFIER_APPLICATION_NAME = 'medchest-events-notifier';
const PRESENCE_TTL_MS = 1_000;

export function createNotifications(connectionString: string, minIntervalMs = 5): Notifications {
  /** Each follower's wake-up, with how often at most it reads (ms, 0: as soon as woken). */
  const wakers = new Map<() => void, number>();
  let closed = false;

  // --- sending ---------------------------------------------------------------------------------
  let sender: pg.Client | undefined;
  let sending: Promise<void> | undefined;
  let pending = false;
  let lastSentAt = -Infinity;
  /** The shortest pace among the listeners elsewhere (ms, 0: an eager one); undefined: none. */
  let paceElsewhere: number | undefined;
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

  /** Whether another process listens (looked up at most once per PRESENCE_TTL_MS), and how paced. */
  async function othersAreListening(client: pg.Client): Promise<boolean> {
    if (performance.now() - presenceCheckedAt >= PRESENCE_TTL_MS) {
      const { rows } = await client.query<{ pace: number | null }>(
        `SELECT min(CASE WHEN application_name = $1 THEN 0 ELSE substring(application_name FROM $3)::integer END) AS pace
         FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> $2 AND (application_name = $1 OR application_name ~ $3)`,
        [LISTENER_APPLICATION_NAME, listenerPid ?? 0, PACED_LISTENER.source],
      );
      paceElsewhere = rows[0].pace ?? undefined;
      presenceCheckedAt = performance.now();
    }
    return paceElsewhere !== undefined;
  }

  async function send(): Promise<void> {
    try {
      while (pending && !closed) {
        const wait = lastSentAt + Math.max(minIntervalMs, paceElsewhere ?? 0) - performance.now();
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
  /** The application_name the listener connection has. */
  let listenerName: string | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  function wakeAll(): void {
    for (const wake of wakers.keys()) wake();
  }

  /** The shortest pace of the followers listening here. */
  function paceHere(): number {
    let pace = Infinity;
    for (const ms of wakers.values()) pace = Math.min(pace, ms);
    return pace === Infinity ? 0 : pace;
  }

  /** Tell the senders elsewhere the pace of the followers listening here, after it changed. */
  function announcePace(): void {
    const client = listener;
    if (!client) return;
    const name = listenerApplicationName(paceHere());
    if (name === listenerName) return;
    listenerName = name;
    // A failure means the connection is lost; its 'error' handler reconnects under the right name.
    client.query(`SET application_name = '${name}'`).catch(() => undefined);
  }

  function retryLater(): void {
    clearTimeout(retry);
    retry = setTimeout(startListening, 1_000);
    retry.unref();
  }

  function startListening(): void {
    if (listener || connecting || closed || wakers.size === 0) return;
    const name = listenerApplicationName(paceHere());
    const client = new pg.Client({ connectionString, application_name: name });
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
        listenerName = name;
        if (closed || wakers.size === 0) await stopListening();
        else {
          // Followers may have come or gone while connecting.
          announcePace();
          // Events may have been appended before we were listening.
          wakeAll();
        }
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
    listen(wake, paceMs = 0) {
      wakers.set(wake, Math.max(0, paceMs));
      startListening();
      announcePace();
      return () => {
        wakers.delete(wake);
        if (wakers.size === 0) void stopListening();
        else announcePace();
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
