import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreContract, type ContractSubject } from '../contract';
import { ConcurrencyError, LOG_START, comparePositions } from '../port';
import { readLogPage } from './read';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { appendEvents } from './append';
import { createNotifications, listenerApplicationName } from './notifications';
import { guardPool } from './pool';
import { DEFAULT_FOLLOW_TIMING, follow as followLog } from './subscribe';
import { createPostgresEventStore, type PostgresEventStore } from './store';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('eventstore');
});

afterAll(async () => {
  await database?.drop();
});

// A fallback poll far longer than any test waits: followers must be woken by notifications.
const follow = { pollIntervalMs: 60_000 };

async function makeSubject(): Promise<ContractSubject> {
  const store = createPostgresEventStore({ connectionString: database.url, follow });
  // The harness's own connections: open transactions must not starve the store's pool.
  // Its clients are held across awaits (open transactions): guarded, so a lost one cannot crash the run.
  const harness = guardPool(new pg.Pool({ connectionString: database.url, max: 20 }));
  return {
    store,
    async openTransaction() {
      const client = await harness.connect();
      await client.query('BEGIN');
      // Take a transaction id now, as a transaction that wrote something else first would have.
      await client.query('SELECT pg_current_xact_id()');
      let wrote = false;
      const finish = async (sql: string) => {
        try {
          await client.query(sql);
        } finally {
          client.release();
        }
      };
      return {
        async append(streamId, events, { expected }) {
          const result = await appendEvents(client, streamId, events, expected);
          wrote = true;
          return result;
        },
        async commit() {
          await finish('COMMIT');
          if (wrote) store.announceAppend();
        },
        rollback: () => finish('ROLLBACK'),
      };
    },
    async tamper(streamId, revision, data) {
      // What a DBA with superuser rights could do: step around the append-only trigger.
      const client = await harness.connect();
      try {
        await client.query('BEGIN');
        await client.query("SET LOCAL session_replication_role = 'replica'");
        await client.query('UPDATE events SET data = $3 WHERE stream_id = $1 AND revision = $2', [streamId, revision.toString(), JSON.stringify(data)]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
    async dispose() {
      await store.close();
      await harness.end();
    },
  };
}

eventStoreContract('PostgreSQL', makeSubject);

describe('PostgreSQL event store specifics', () => {
  let subject: ContractSubject;
  let admin: pg.Client;
  beforeAll(async () => {
    subject = await makeSubject();
    await subject.store.init();
    admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => undefined); // held for the whole suite; its queries reject if it is lost
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await subject?.dispose();
  });

  it('wakes a follower in another process through NOTIFY, without waiting for the fallback poll', async () => {
    const elsewhere = createPostgresEventStore({ connectionString: database.url, follow });
    const seen: string[] = [];
    const subscription = elsewhere.subscribe({ from: LOG_START, streamPrefixes: ['notify-'], onEvents: async (events) => void seen.push(...events.map((e) => e.type)) });
    try {
      // Let the follower catch up (nothing yet) and go to sleep on its 60 s poll.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const type of ['First', 'Second']) {
        await subject.store.appendToStream('notify-1', [{ type, version: 1, data: {}, metadata: { userId: null, correlationId: 'c', occurredAt: 'now' } }], {
          expected: 'any',
        });
        const deadline = Date.now() + 15_000;
        while (!seen.includes(type) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seen).toEqual(['First', 'Second']);
    } finally {
      await subscription.stop();
      await elsewhere.close();
    }
  });

  it('sends a paced listener elsewhere at most one NOTIFY per its read interval, and NOTIFYs every few ms again once an eager one listens', async () => {
    const fresh = await createTestDatabase('eventstore_pace');
    const sender = createNotifications(fresh.url);
    const paced = createNotifications(fresh.url);
    const eager = createNotifications(fresh.url);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const listening = async (name: string) => {
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(20)) {
        const { rowCount } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = $2', [new URL(fresh.url).pathname.slice(1), name]);
        if (rowCount === 1) return;
      }
      throw new Error(`no listener named ${name}`);
    };
    /** Appends announced every 2 ms for `ms`. */
    const busyFor = async (ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end; await sleep(2)) sender.announce();
    };
    let pacedWakes = 0;
    let eagerWakes = 0;
    const stopPaced = paced.listen(() => void (pacedWakes += 1), 250);
    try {
      await listening(listenerApplicationName(250));
      await sleep(100);
      pacedWakes = 0;
      await busyFor(1_000);
      await sleep(300);
      expect(pacedWakes).toBeGreaterThanOrEqual(2);
      expect(pacedWakes).toBeLessThanOrEqual(1_000 / 250 + 2);
      const stopEager = eager.listen(() => void (eagerWakes += 1));
      await listening(listenerApplicationName(0));
      // The sender looks listeners up again within a second.
      await busyFor(1_100);
      await sleep(100);
      pacedWakes = 0;
      eagerWakes = 0;
      await busyFor(1_000);
      await sleep(100);
      expect(eagerWakes).toBeGreaterThan(20);
      expect(pacedWakes).toBe(eagerWakes);
      stopEager();
    } finally {
      stopPaced();
      await Promise.all([sender.close(), paced.close(), eager.close()]);
      await fresh.drop();
    }
  });

  it("appends with expected 'any' after the head of a stream of more than ten events (revision 10 sorts after 9)", async () => {
    const meta = { userId: null, correlationId: 'c', occurredAt: 'now' };
    for (let i = 0; i < 12; i += 1) {
      const { nextExpectedRevision } = await subject.store.appendToStream('any-head-1', [{ type: 'Any', version: 1, data: { i }, metadata: meta }], { expected: 'any' });
      expect(nextExpectedRevision).toBe(BigInt(i));
    }
    await expect(subject.store.appendToStream('any-head-1', [{ type: 'Any', version: 1, data: {}, metadata: meta }], { expected: 5n })).rejects.toMatchObject({
      actual: 11n,
    });
  });

  it('a follower with a read interval reads a busy log in fewer, larger batches, and still gets every event', async () => {
    const meta = { userId: null, correlationId: 'c', occurredAt: 'now' };
    const batches: number[] = [];
    const subscription = subject.store.subscribe({
      from: LOG_START,
      streamPrefixes: ['paced-'],
      readIntervalMs: 300,
      onEvents: async (events) => void batches.push(events.length),
    });
    try {
      // Twenty appends 20 ms apart (each wakes it at once): read as soon as woken, that would be
      // about twenty batches; at most one read per 300 ms, it is a handful.
      for (let i = 0; i < 20; i += 1) {
        await subject.store.appendToStream('paced-1', [{ type: 'Paced', version: 1, data: { i }, metadata: meta }], { expected: i === 0 ? 'no_stream' : BigInt(i - 1) });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const deadline = Date.now() + 10_000;
      while (batches.reduce((a, b) => a + b, 0) < 20 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(batches.reduce((a, b) => a + b, 0)).toBe(20);
      expect(batches.length).toBeLessThanOrEqual(5);
    } finally {
      await subscription.stop();
    }
  });

  it('appends after a head it has not seen, and a stale remembered head can never fork the chain', async () => {
    const meta = { userId: null, correlationId: 'c', occurredAt: 'now' };
    const here = subject.store;
    const elsewhere = createPostgresEventStore({ connectionString: database.url });
    try {
      await here.appendToStream('heads-1', [{ type: 'A', version: 1, data: {}, metadata: meta }], { expected: 'no_stream' });
      // `elsewhere` has never seen the stream: it reads revision 0 before appending revision 1.
      await elsewhere.appendToStream('heads-1', [{ type: 'B', version: 1, data: {}, metadata: meta }], { expected: 0n });
      // `here` still remembers revision 0 as the head; appending after it must fail, not fork.
      const error = await here.appendToStream('heads-1', [{ type: 'C', version: 1, data: {}, metadata: meta }], { expected: 0n }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect((error as ConcurrencyError).actual).toBe(1n);
      await here.appendToStream('heads-1', [{ type: 'C', version: 1, data: {}, metadata: meta }], { expected: 1n });
      expect((await here.readStream('heads-1')).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(await here.verifyStream('heads-1')).toEqual({ ok: true, checked: 3 });
    } finally {
      await elsewhere.close();
    }
  });

  it('appends to several streams in one transaction: all, or none when one expectation fails', async () => {
    const meta = { userId: null, correlationId: 'c', occurredAt: 'now' };
    const store = subject.store;
    const e = (type: string) => ({ type, version: 1, data: {}, metadata: meta });
    await store.appendToStream('multi-vessel', [e('VesselCreated')], { expected: 'no_stream' });
    await store.appendToStream('multi-claim', [e('Claimed')], { expected: 'no_stream' });
    // The claim's expectation fails: the vessel's events, whose expectation holds, are not kept either.
    const error = await store
      .appendToStreams([
        { streamId: 'multi-vessel', events: [e('VesselUpdated')], expected: 0n },
        { streamId: 'multi-claim', events: [e('Claimed')], expected: 'no_stream' },
      ])
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect((error as ConcurrencyError).streamId).toBe('multi-claim');
    expect((await store.readStream('multi-vessel')).map((r) => r.type)).toEqual(['VesselCreated']);
    // Both in one transaction: one transaction id in the log positions.
    const [a, b] = await store.appendToStreams([
      { streamId: 'multi-vessel', events: [e('VesselUpdated')], expected: 0n },
      { streamId: 'multi-claim', events: [e('Released')], expected: 0n },
    ]);
    expect(a.position.commit).toBe(b.position.commit);
    // A store that has not seen the heads looks them up inside the transaction.
    const elsewhere = createPostgresEventStore({ connectionString: database.url });
    try {
      await elsewhere.appendToStreams([
        { streamId: 'multi-vessel', events: [e('VesselDeleted')], expected: 1n },
        { streamId: 'multi-claim', events: [e('Claimed')], expected: 1n },
      ]);
    } finally {
      await elsewhere.close();
    }
    expect(await store.verifyStream('multi-vessel')).toEqual({ ok: true, checked: 3 });
    expect(await store.verifyStream('multi-claim')).toEqual({ ok: true, checked: 3 });
  });

  it('lets a follower move past events its prefixes do not match, without handing them out', async () => {
    const meta = { userId: null, correlationId: 'c', occurredAt: 'now' };
    const pool = (subject.store as PostgresEventStore).pool;
    const wanted = await subject.store.appendToStream('sparse-wanted-1', [{ type: 'Wanted', version: 1, data: {}, metadata: meta }], { expected: 'no_stream' });
    let last = wanted.position;
    for (let i = 0; i < 5; i += 1) {
      last = (await subject.store.appendToStream(`sparse-other-${i}`, [{ type: 'Other', version: 1, data: {}, metadata: meta }], { expected: 'no_stream' })).position;
    }
    let page = await readLogPage(pool, { from: LOG_START, maxCount: 10, streamPrefixes: ['sparse-wanted-'] });
    for (const deadline = Date.now() + 15_000; comparePositions(page.scannedTo, last) < 0 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      page = await readLogPage(pool, { from: LOG_START, maxCount: 10, streamPrefixes: ['sparse-wanted-'] });
    }
    expect(page.events.map((e) => e.type)).toEqual(['Wanted']);
    expect(comparePositions(page.scannedTo, last)).toBeGreaterThanOrEqual(0);
    const next = await readLogPage(pool, { from: page.scannedTo, maxCount: 10, streamPrefixes: ['sparse-wanted-'] });
    expect(next.events).toEqual([]);
  });

  it('a follower reading the log page by page on one connection reuses one generic plan instead of planning every read', async () => {
    // A log of its own, long enough for the planner's choice to be the one a real log gets.
    const own = await createTestDatabase('eventstore_plans');
    const store = createPostgresEventStore({ connectionString: own.url, follow });
    const client = new pg.Client({ connectionString: own.url });
    try {
      await store.init();
      // 20 transactions of 1,000 events (the chain is not what this is about: the hashes are fillers).
      for (let i = 0; i < 20; i += 1) {
        await store.pool.query(
          `INSERT INTO events (stream_id, revision, event_id, type, version, data, metadata, hash)
           SELECT 'plan-' || $1 || '-' || n, 0, gen_random_uuid(), 'Planned', 1, '{}', '{}', md5(n::text) FROM generate_series(1, 1000) AS n`,
          [i],
        );
      }
      const { rows: [near] } = await store.pool.query<{ commit: string; event: string }>(
        'SELECT transaction_id::text AS commit, position::text AS event FROM events ORDER BY transaction_id DESC, position DESC OFFSET 300 LIMIT 1',
      );
      await client.connect();
      // A follower catching up from the start, and one near the head of the log. (What other
      // databases' transactions on the server let it read varies: the plans are what counts.)
      for (let call = 0; call < 10; call += 1) {
        const from = call % 2 === 0 ? LOG_START : { commit: BigInt(near.commit), event: BigInt(near.event) };
        await readLogPage(client, { from, maxCount: 50 });
      }
      const { rows } = await client.query<{ generic: string; custom: string }>(
        `SELECT generic_plans::text AS generic, custom_plans::text AS custom FROM pg_prepared_statements WHERE statement LIKE '%FROM events%'`,
      );
      // One statement on the connection; PostgreSQL tries five custom plans, then keeps the generic one.
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].generic)).toBeGreaterThanOrEqual(5);
    } finally {
      await client.end().catch(() => undefined);
      await store.close();
      await own.drop();
    }
  });

  it('a follower catching up reads the next page while its handler works on a full one, and only then', async () => {
    const meta = { userId: null, correlationId: 'c', occurredAt: 'now' };
    await subject.store.appendToStream(
      'ahead-1',
      Array.from({ length: 25 }, (_, i) => ({ type: 'Ahead', version: 1, data: { i }, metadata: meta })),
      { expected: 'no_stream' },
    );
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const notifications = createNotifications(database.url);
    // The real page reads, counted as they begin, each page's first event noting which read it came from.
    let readsBegun = 0;
    const readOf = new Map<string, number>();
    const source = {
      notifications,
      readLogPage: async (options: Parameters<typeof readLogPage>[1]) => {
        const read = (readsBegun += 1);
        const page = await readLogPage(pool, options);
        if (page.events.length > 0) readOf.set(page.events[0].id, read);
        return page;
      },
    };
    /** Each batch handed: its first event, its size, and the reads begun after the one that read it. */
    const batches: { first: number; size: number; readsAfter: number }[] = [];
    const received = new Promise<void>((resolve, reject) => {
      const subscription = followLog(
        source,
        {
          from: LOG_START,
          streamPrefixes: ['ahead-'],
          batchSize: 10,
          onEvents: async (events) => {
            batches.push({ first: (events[0].data as { i: number }).i, size: events.length, readsAfter: readsBegun - readOf.get(events[0].id)! });
            if (batches.reduce((sum, b) => sum + b.size, 0) === 25) subscription.stop().then(resolve, reject);
          },
        },
        { ...DEFAULT_FOLLOW_TIMING, ...follow },
      );
    });
    try {
      await received;
      expect(batches.map(({ first, size }) => [first, size])).toEqual([[0, 10], [10, 10], [20, 5]]);
      // Handed a full page, the read of the next one had begun already; with the last (not full), none.
      expect(batches.map((b) => b.readsAfter)).toEqual([1, 1, 0]);
    } finally {
      await notifications.close();
      await pool.end();
    }
  });

  it('close() stops the followers still running, and their done resolves', async () => {
    const other = createPostgresEventStore({ connectionString: database.url, follow });
    const subscription = other.subscribe({ from: LOG_START, streamPrefixes: ['close-'], onEvents: async () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.close();
    await expect(subscription.done).resolves.toBeUndefined();
  });

  it('creates its schema once when several processes start on an empty database together', async () => {
    const fresh = await createTestDatabase('eventstore_init');
    const stores = [0, 1, 2].map(() => createPostgresEventStore({ connectionString: fresh.url }));
    try {
      await Promise.all(stores.map((store) => store.init()));
      const meta = { userId: null, correlationId: 'c', occurredAt: 'now' };
      await stores[0].appendToStream('init-1', [{ type: 'A', version: 1, data: {}, metadata: meta }], { expected: 'no_stream' });
      expect(await stores[2].readStream('init-1')).toHaveLength(1);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await fresh.drop();
    }
  });

  it('refuses to UPDATE or DELETE a stored event', async () => {
    await subject.store.appendToStream('guard-1', [{ type: 'A', version: 1, data: {}, metadata: { userId: null, correlationId: 'c', occurredAt: 'now' } }], {
      expected: 'no_stream',
    });
    await expect(admin.query(`UPDATE events SET data = '{"x":1}' WHERE stream_id = 'guard-1'`)).rejects.toThrow(/append-only/);
    await expect(admin.query(`DELETE FROM events WHERE stream_id = 'guard-1'`)).rejects.toThrow(/append-only/);
  });

  it('records the writing transaction id, and the log position is (transaction id, global position)', async () => {
    const result = await subject.store.appendToStream('txid-1', [{ type: 'A', version: 1, data: {}, metadata: { userId: null, correlationId: 'c', occurredAt: 'now' } }], {
      expected: 'no_stream',
    });
    const { rows } = await admin.query(`SELECT transaction_id::text AS txid, position::text AS position FROM events WHERE stream_id = 'txid-1'`);
    expect(result.position).toEqual({ commit: BigInt(rows[0].txid), event: BigInt(rows[0].position) });
  });
});
