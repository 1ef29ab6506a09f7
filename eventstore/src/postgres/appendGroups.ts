import type pg from 'pg';
import { isRefusedStatement } from './errors';
import { insertStatement, insertStreamsStatement, type StreamRows } from './insertRows';

/**
 * Concurrent appends of one store, written together: group commit, done in the client.
 *
 * Under load an append costs its statement and its commit much more than its row: a round trip,
 * a transaction, a WAL flush, and the work per statement of this process and of the server
 * process. So at most `maxInFlight` INSERTs of appends are on their way at once. An append that
 * arrives while they are waits, with any others that arrive meanwhile, until one comes back, and
 * they then go as one INSERT: one statement, one transaction, one flush. An append that finds a
 * statement free (whenever the store is not busy) is sent at once, alone, as before.
 *
 * The appends of a group are independent, though one transaction holds them. When its statement
 * fails on the server with an error that rolled it back (a unique violation: one of them lost its
 * race; bad data; a deadlock), nothing of it was written, and each is sent again on its own, so
 * that each gets the answer it would have got alone (append.ts then reports or retries a lost
 * race). Any other failure (the connection was lost: whether it committed is unknown) is every
 * member's, as it would have been each one's alone.
 *
 * A group holds one append per stream: a second append to the same stream goes in a later group
 * (the two race, and each gets its own answer). A group inserts its streams in stream id order, so
 * two groups (here or in another process) that touch the same streams wait for each other's index
 * entries in the same order and cannot deadlock.
 *
 * The price: while the INSERT on its way waits, the store's other appends wait with it. It waits
 * only for another writer of the same stream revision to finish (the unique index), and writers of
 * the log hold such a row for a statement, or for a multi-stream append's few lookups: not long.
 */
export interface AppendGroups {
  /** Insert one stream's rows; resolves with each row's 'transaction_id/position', in order. */
  insert(stream: StreamRows): Promise<string[]>;
}

export interface AppendGroupsOptions {
  /** INSERTs of appends on their way at once; the appends that arrive meanwhile are grouped. */
  maxInFlight: number;
  /** Rows one group may hold at most (a bound on the statement's size). */
  maxRows?: number;
}

interface Waiting {
  stream: StreamRows;
  resolve(positions: string[]): void;
  reject(error: unknown): void;
}

const byStreamId = (a: Waiting, b: Waiting): number => (a.stream.streamId < b.stream.streamId ? -1 : a.stream.streamId > b.stream.streamId ? 1 : 0);

export function createAppendGroups(db: Pick<pg.Pool, 'query'>, { maxInFlight, maxRows = 1_000 }: AppendGroupsOptions): AppendGroups {
  let waiting: Waiting[] = [];
  let inFlight = 0;

  /** The next group: waiting appends in arrival order, one per stream, up to maxRows rows. */
  function takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    const streams = new Set<string>();
    let rows = 0;
    for (const member of waiting) {
      const fits = group.length === 0 || rows + member.stream.rows.length <= maxRows;
      if (fits && !streams.has(member.stream.streamId)) {
        group.push(member);
        streams.add(member.stream.streamId);
        rows += member.stream.rows.length;
      } else {
        later.push(member);
      }
    }
    waiting = later;
    return group;
  }

  function sendWaiting(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = takeGroup();
      inFlight += 1;
      void write(group).finally(() => {
        inFlight -= 1;
        sendWaiting();
      });
    }
  }

  async function alone(member: Waiting): Promise<void> {
    try {
      const { rows } = await db.query<[string]>(insertStatement(member.stream));
      member.resolve(rows.map((row) => row[0]));
    } catch (error) {
      member.reject(error);
    }
  }

  async function write(group: Waiting[]): Promise<void> {
    if (group.length === 1) return alone(group[0]);
    group.sort(byStreamId);
    let returned: [string][];
    try {
      returned = (await db.query<[string]>(insertStreamsStatement(group.map((member) => member.stream)))).rows;
    } catch (error) {
      if (isRefusedStatement(error)) await Promise.all(group.map(alone));
      else for (const member of group) member.reject(error);
      return;
    }
    // Rows come back in the order inserted: each member's at its running offset.
    let offset = 0;
    for (const member of group) {
      const count = member.stream.rows.length;
      member.resolve(returned.slice(offset, offset + count).map((row) => row[0]));
      offset += count;
    }
  }

  return {
    insert(stream) {
      return new Promise<string[]>((resolve, reject) => {
        waiting.push({ stream, resolve, reject });
        sendWaiting();
      });
    },
  };
}
