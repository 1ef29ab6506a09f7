import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  LOG_START,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './port';

/** A transaction of the store's own kind, left open until the test commits or rolls it back. */
export interface OpenTransaction {
  append(streamId: string, events: NewEvent[], options: { expected: ExpectedRevision }): Promise<AppendResult>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * What an adapter hands the contract: the store, plus optional hooks for what only some stores can
 * do. Tests that need a hook the adapter lacks are skipped for it (they test a failure mode that
 * store cannot have, or cannot stage).
 */
export interface ContractSubject {
  store: EventStore;
  /**
   * Begin a transaction that already holds its place among transactions (in PostgreSQL: its
   * transaction id) before it writes, and stays open until commit(). Lets the suite write and
   * commit in orders different from the order transactions began. A store that assigns log
   * positions at commit, like EventStoreDB, has no such window and omits this.
   */
  openTransaction?(): Promise<OpenTransaction>;
  /** Change a stored event's data behind the store's back, as someone with database access could. */
  tamper?(streamId: string, revision: bigint, data: unknown): Promise<void>;
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** The chain as hash.ts defines it, written out independently of hash.ts. */
function documentedHash(previous: string, e: RecordedEvent): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]))
        : value;
  const content = JSON.stringify([e.streamId, Number(e.revision), e.id, e.type, e.version, sorted(e.data), sorted(e.metadata)]);
  return createHash('sha256').update(previous + content, 'utf8').digest('hex');
}

function event(type: string, data: unknown = {}, userId: string | null = null): NewEvent {
  return {
    type,
    version: 1,
    data,
    metadata: { userId, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
  };
}

/** Every test writes under its own prefix, so tests share one store without seeing each other. */
function newPrefix(): string {
  return `contract${randomUUID().slice(0, 8)}-`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function expectConflict(
  promise: Promise<unknown>,
  expected: ExpectedRevision,
  actual: bigint | 'no_stream',
): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ConcurrencyError);
  expect((error as ConcurrencyError).expected).toBe(expected);
  expect((error as ConcurrencyError).actual).toBe(actual);
}

/**
 * A read of the global log may lag: PostgreSQL hides events behind any older transaction still open
 * on the server, including other test files' transactions in other databases. Tests therefore poll
 * until the events they wrote are visible, then assert on exactly what came back.
 */
async function eventually<T extends unknown[]>(read: () => Promise<T>, length: number, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await read();
    if (result.length >= length || Date.now() > deadline) return result;
    await sleep(20);
  }
}

/** Read the whole log under a prefix the way a follower does: batch after batch from its checkpoint. */
async function readAllUnder(store: EventStore, prefix: string, batch = 1_000): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let from: LogPosition = LOG_START;
  for (;;) {
    const page = await store.readAll({ from, maxCount: batch, streamPrefixes: [prefix] });
    out.push(...page);
    if (page.length < batch) return out;
    from = page[page.length - 1].position;
  }
}

/** The whole log under a prefix once at least `count` events are visible. */
function logUnder(store: EventStore, prefix: string, count: number, batch = 1_000): Promise<RecordedEvent[]> {
  return eventually(() => readAllUnder(store, prefix, batch), count);
}

function expectStrictlyIncreasing(events: RecordedEvent[]): void {
  for (let i = 1; i < events.length; i += 1) {
    expect(comparePositions(events[i - 1].position, events[i].position)).toBe(-1);
  }
}

/** Each stream's events appear exactly in revision order 0, 1, 2, ... */
function expectStreamsInRevisionOrder(events: RecordedEvent[]): Map<string, bigint[]> {
  const byStream = new Map<string, bigint[]>();
  for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
  for (const [, revisions] of byStream) {
    expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
  }
  return byStream;
}

export function eventStoreContract(name: string, makeStore: () => Promise<ContractSubject>): void {
  describe(`event store contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;

    beforeAll(async () => {
      subject = await makeStore();
      store = subject.store;
      await store.init();
    });

    afterAll(async () => {
      await subject?.dispose();
    });

    it('can be initialised again, even by two callers at once', async () => {
      await Promise.all([store.init(), store.init()]);
      const p = newPrefix();
      await store.appendToStream(`${p}s`, [event('Initialised')], { expected: 'no_stream' });
      expect(await store.readStream(`${p}s`)).toHaveLength(1);
    });

    describe('append and read a stream', () => {
      it('reads back what was appended: ids, types, versions, data, metadata, revisions, positions', async () => {
        const stream = `${newPrefix()}vessel-1`;
        const first: NewEvent = { ...event('VesselCreated', { name: 'MV Aurora', crew: 24, flags: ['MT'] }, randomUUID()), id: randomUUID() };
        const second: NewEvent = { ...event('VesselUpdated', { crew: 30 }), version: 2 };
        const result = await store.appendToStream(stream, [first, second], { expected: 'no_stream' });

        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual([0n, 1n]);
        expect(read.map((e) => e.type)).toEqual(['VesselCreated', 'VesselUpdated']);
        expect(read.map((e) => e.version)).toEqual([1, 2]);
        expect(read[0].id).toBe(first.id);
        expect(read[1].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(read[0].data).toEqual({ name: 'MV Aurora', crew: 24, flags: ['MT'] });
        expect(read[0].metadata).toEqual(first.metadata);
        expect(read[1].metadata).toEqual(second.metadata);
        expect(read.every((e) => e.streamId === stream)).toBe(true);
        expect(read.every((e) => e.recordedAt instanceof Date && Math.abs(e.recordedAt.getTime() - Date.now()) < 60_000)).toBe(true);
        expect(read.every((e) => /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
        expect(result.nextExpectedRevision).toBe(1n);
        expect(comparePositions(result.position, read[1].position)).toBe(0);
        expectStrictlyIncreasing(read);
      });

      it('round-trips metadata and awkward data exactly', async () => {
        const stream = `${newPrefix()}user-1`;
        const userId = randomUUID();
        const data = {
          text: 'Zoë — “quotes”, \\ backslash, emoji 🚢, newline\nend',
          nested: { list: [1, 2.5, -3e-7, null, true, { deep: ['x'] }], empty: {}, none: [] },
          big: 9_007_199_254_740_991,
          zero: 0,
        };
        const metadata = { userId, correlationId: randomUUID(), occurredAt: '2024-02-29T23:59:59.999Z' };
        await store.appendToStream(stream, [{ type: 'UserRegistered', version: 3, data, metadata }], { expected: 'any' });
        await store.appendToStream(stream, [{ type: 'UserApproved', version: 1, data: 'a bare string', metadata: { ...metadata, userId: null } }], {
          expected: 0n,
        });
        const [read, approved] = await store.readStream(stream);
        expect(read.data).toEqual(data);
        expect(read.metadata).toEqual(metadata);
        expect(read.version).toBe(3);
        expect(approved.data).toBe('a bare string');
        expect(approved.metadata.userId).toBeNull();
      });

      it('gives no events for a stream that does not exist', async () => {
        expect(await store.readStream(`${newPrefix()}nothing`)).toEqual([]);
      });

      it('reads part of a stream from a revision, at most maxCount events', async () => {
        const stream = `${newPrefix()}s`;
        await store.appendToStream(stream, [0, 1, 2, 3, 4].map((n) => event('Counted', { n })), { expected: 'no_stream' });
        const part = await store.readStream(stream, { fromRevision: 1n, maxCount: 3 });
        expect(part.map((e) => e.revision)).toEqual([1n, 2n, 3n]);
        expect(part.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
        expect(await store.readStream(stream, { fromRevision: 5n })).toEqual([]);
      });

      it('appends several events atomically: all at consecutive revisions, or none when the expectation fails', async () => {
        const p = newPrefix();
        const stream = `${p}order-1`;
        await store.appendToStream(stream, [event('OrderCreated')], { expected: 'no_stream' });
        const result = await store.appendToStream(stream, [event('LineAdded'), event('LineAdded'), event('OrderSubmitted')], { expected: 0n });
        expect(result.nextExpectedRevision).toBe(3n);

        await expectConflict(store.appendToStream(stream, [event('Late'), event('Later')], { expected: 1n }), 1n, 3n);
        const read = await store.readStream(stream);
        expect(read.map((e) => e.type)).toEqual(['OrderCreated', 'LineAdded', 'LineAdded', 'OrderSubmitted']);

        // Nothing from another stream lands between the events of one append in the global log.
        await store.appendToStream(`${p}order-2`, [event('OrderCreated')], { expected: 'no_stream' });
        const log = await logUnder(store, p, 5);
        expect(log).toHaveLength(5);
        const types = log.map((e) => `${e.streamId.slice(p.length)}:${e.type}`);
        expect(types.slice(1, 4)).toEqual(['order-1:LineAdded', 'order-1:LineAdded', 'order-1:OrderSubmitted']);
      });
      it('appends to several streams, each with its own expectation, in the order given', async () => {
        const p = newPrefix();
        await store.appendToStream(`${p}vessel-1`, [event('VesselCreated')], { expected: 'no_stream' });
        const results = await store.appendToStreams([
          { streamId: `${p}claim-1`, events: [event('Claimed')], expected: 'no_stream' },
          { streamId: `${p}vessel-1`, events: [event('VesselUpdated'), event('VesselRenamed')], expected: 0n },
        ]);
        expect(results.map((r) => r.nextExpectedRevision)).toEqual([0n, 2n]);
        expect(comparePositions(results[0].position, results[1].position)).toBe(-1);
        expect((await store.readStream(`${p}vessel-1`)).map((e) => e.type)).toEqual(['VesselCreated', 'VesselUpdated', 'VesselRenamed']);
        expect((await store.readStream(`${p}claim-1`)).map((e) => e.type)).toEqual(['Claimed']);
        // An expectation that does not hold is a ConcurrencyError naming that stream.
        const error = await store
          .appendToStreams([{ streamId: `${p}vessel-1`, events: [event('Late')], expected: 0n }])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConcurrencyError);
        expect((error as ConcurrencyError).streamId).toBe(`${p}vessel-1`);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' accepts a new stream and rejects an existing one", async () => {
        const stream = `${newPrefix()}s`;
        const ok = await store.appendToStream(stream, [event('A')], { expected: 'no_stream' });
        expect(ok.nextExpectedRevision).toBe(0n);
        await expectConflict(store.appendToStream(stream, [event('B')], { expected: 'no_stream' }), 'no_stream', 0n);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('an exact revision accepts the current one and rejects an older, a newer or a missing stream', async () => {
        const stream = `${newPrefix()}s`;
        await store.appendToStream(stream, [event('A'), event('B')], { expected: 'no_stream' });
        expect((await store.appendToStream(stream, [event('C')], { expected: 1n })).nextExpectedRevision).toBe(2n);
        await expectConflict(store.appendToStream(stream, [event('D')], { expected: 1n }), 1n, 2n);
        await expectConflict(store.appendToStream(stream, [event('D')], { expected: 7n }), 7n, 2n);
        await expectConflict(store.appendToStream(`${newPrefix()}missing`, [event('D')], { expected: 0n }), 0n, 'no_stream');
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it("'stream_exists' rejects a missing stream and accepts an existing one", async () => {
        const stream = `${newPrefix()}s`;
        await expectConflict(store.appendToStream(stream, [event('A')], { expected: 'stream_exists' }), 'stream_exists', 'no_stream');
        expect(await store.readStream(stream)).toEqual([]);
        await store.appendToStream(stream, [event('A')], { expected: 'no_stream' });
        expect((await store.appendToStream(stream, [event('B')], { expected: 'stream_exists' })).nextExpectedRevision).toBe(1n);
      });

      it("'any' appends whether or not the stream exists, and concurrent 'any' appends all land", async () => {
        const stream = `${newPrefix()}s`;
        expect((await store.appendToStream(stream, [event('A')], { expected: 'any' })).nextExpectedRevision).toBe(0n);
        expect((await store.appendToStream(stream, [event('B')], { expected: 'any' })).nextExpectedRevision).toBe(1n);
        await Promise.all(Array.from({ length: 8 }, (_, i) => store.appendToStream(stream, [event('C', { i })], { expected: 'any' })));
        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(i)));
        expect((await store.verifyStream(stream)).ok).toBe(true);
      });
    });

    describe('two writers racing on one stream', () => {
      it('exactly one wins each race; the other gets a ConcurrencyError naming the revision it expected', async () => {
        const stream = `${newPrefix()}vessel`;
        await store.appendToStream(stream, [event('VesselCreated')], { expected: 'no_stream' });
        for (let round = 0n; round < 10n; round += 1n) {
          const outcomes = await Promise.allSettled([
            store.appendToStream(stream, [event('VesselUpdated', { by: 'left', round: Number(round) })], { expected: round }),
            store.appendToStream(stream, [event('VesselUpdated', { by: 'right', round: Number(round) })], { expected: round }),
          ]);
          const won = outcomes.filter((o) => o.status === 'fulfilled');
          const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0].reason).toBeInstanceOf(ConcurrencyError);
          expect((lost[0].reason as ConcurrencyError).expected).toBe(round);
          expect((lost[0].reason as ConcurrencyError).streamId).toBe(stream);
        }
        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 11 }, (_, i) => BigInt(i)));
        expect((await store.verifyStream(stream)).ok).toBe(true);
      });

      it('two writers creating the same stream: one wins, the other is told it already exists', async () => {
        const stream = `${newPrefix()}user`;
        const outcomes = await Promise.allSettled([
          store.appendToStream(stream, [event('UserRegistered', { who: 1 })], { expected: 'no_stream' }),
          store.appendToStream(stream, [event('UserRegistered', { who: 2 })], { expected: 'no_stream' }),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(lost?.reason).toBeInstanceOf(ConcurrencyError);
        expect((lost?.reason as ConcurrencyError).expected).toBe('no_stream');
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('the global log', () => {
      it('reads the log after a position in batches, filtered by stream prefix, without gaps or repeats', async () => {
        const p = newPrefix();
        const other = newPrefix();
        for (let i = 0; i < 5; i += 1) {
          await store.appendToStream(`${p}vessel-${i % 2}`, [event('E', { i })], { expected: 'any' });
          await store.appendToStream(`${other}vessel`, [event('Other', { i })], { expected: 'any' });
        }
        await store.appendToStream(`${p}user-1`, [event('U')], { expected: 'any' });

        const vessels = await logUnder(store, `${p}vessel-`, 5, 2);
        expect(vessels.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
        expectStrictlyIncreasing(vessels);

        const both = await eventually(() => store.readAll({ from: LOG_START, maxCount: 100, streamPrefixes: [`${p}vessel-`, `${p}user-`] }), 6);
        expect(both).toHaveLength(6);
        const after = await store.readAll({ from: both[2].position, maxCount: 100, streamPrefixes: [`${p}`] });
        expect(after.map((e) => e.id)).toEqual(both.slice(3).map((e) => e.id));
        expect(await store.readAll({ from: both[5].position, maxCount: 100, streamPrefixes: [p] })).toEqual([]);
      });

      it('treats a stream prefix literally, not as a pattern', async () => {
        const p = newPrefix();
        await store.appendToStream(`${p}a_b-1`, [event('E')], { expected: 'no_stream' });
        await store.appendToStream(`${p}axb-1`, [event('E')], { expected: 'no_stream' });
        await store.appendToStream(`${p}a%-1`, [event('E')], { expected: 'no_stream' });
        await logUnder(store, p, 3);
        const read = await store.readAll({ from: LOG_START, maxCount: 10, streamPrefixes: [`${p}a_`, `${p}a%`] });
        expect(read.map((e) => e.streamId).sort()).toEqual([`${p}a%-1`, `${p}a_b-1`]);
      });

      it('never skips a late commit: a follower that polled meanwhile still gets the events committed after it read', async (ctx) => {
        if (!subject.openTransaction) return ctx.skip();
        const p = newPrefix();
        const seen: RecordedEvent[] = [];
        let checkpoint = LOG_START;
        const poll = async () => {
          const batch = await store.readAll({ from: checkpoint, maxCount: 100, streamPrefixes: [p] });
          seen.push(...batch);
          if (batch.length > 0) checkpoint = batch[batch.length - 1].position;
        };

        // An older transaction writes after a younger one and commits first; the younger commits last.
        const older = await subject.openTransaction();
        const younger = await subject.openTransaction();
        const aborted = await subject.openTransaction();
        await younger.append(`${p}younger`, [event('WrittenFirstCommittedLast')], { expected: 'no_stream' });
        await aborted.append(`${p}aborted`, [event('NeverCommitted')], { expected: 'no_stream' });
        await older.append(`${p}older`, [event('WrittenSecondCommittedFirst')], { expected: 'no_stream' });
        await older.commit();
        await poll();
        // A plain append that commits while the others are still open.
        await store.appendToStream(`${p}plain`, [event('PlainAppend')], { expected: 'no_stream' });
        await poll();
        await younger.commit();
        await poll();
        await aborted.rollback();
        for (const deadline = Date.now() + 15_000; seen.length < 3 && Date.now() < deadline; ) {
          await poll();
          await sleep(10);
        }
        await poll();
        expect(seen.map((e) => e.type).sort()).toEqual(['PlainAppend', 'WrittenFirstCommittedLast', 'WrittenSecondCommittedFirst']);
        expectStrictlyIncreasing(seen);
      });
    });

    describe('subscribe', () => {
      it('catches up from the start in batches, then delivers new events as they are appended', async () => {
        const p = newPrefix();
        for (let i = 0; i < 7; i += 1) await store.appendToStream(`${p}s`, [event('Before', { i })], { expected: 'any' });
        const batches: RecordedEvent[][] = [];
        const subscription = store.subscribe({
          from: LOG_START,
          batchSize: 3,
          streamPrefixes: [p],
          onEvents: async (events) => {
            batches.push(events);
          },
        });
        await waitFor(() => batches.flat().length === 7, 'catch-up');
        expect(batches.every((b) => b.length <= 3 && b.length > 0)).toBe(true);

        await store.appendToStream(`${p}s`, [event('After', { i: 7 })], { expected: 6n });
        await waitFor(() => batches.flat().length === 8, 'the new event');

        await subscription.stop();
        await subscription.done;
        const all = batches.flat();
        expect(all.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
        expectStrictlyIncreasing(all);
      });

      it('delivers only events strictly after the position it starts from', async () => {
        const p = newPrefix();
        await store.appendToStream(`${p}s`, [event('One'), event('Two'), event('Three')], { expected: 'no_stream' });
        const [, two] = await store.readStream(`${p}s`);
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe({ from: two.position, streamPrefixes: [p], onEvents: async (events) => void seen.push(...events) });
        await waitFor(() => seen.length >= 1, 'the third event');
        await sleep(100);
        await subscription.stop();
        expect(seen.map((e) => e.type)).toEqual(['Three']);
      });

      it('stop() waits for the running handler, and no handler runs after it', async () => {
        const p = newPrefix();
        await store.appendToStream(`${p}s`, [event('A')], { expected: 'no_stream' });
        let calls = 0;
        let running = false;
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const subscription = store.subscribe({
          from: LOG_START,
          streamPrefixes: [p],
          onEvents: async () => {
            calls += 1;
            running = true;
            await released;
            running = false;
          },
        });
        await waitFor(() => running, 'the handler to start');
        let stopped = false;
        const stopping = subscription.stop().then(() => (stopped = true));
        await sleep(50);
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(running).toBe(false);
        await subscription.done;

        await store.appendToStream(`${p}s`, [event('B')], { expected: 0n });
        await sleep(300);
        expect(calls).toBe(1);
      });

      it('ends with done rejected when a handler throws, and calls it no more', async () => {
        const p = newPrefix();
        await store.appendToStream(`${p}s`, [event('A')], { expected: 'no_stream' });
        let calls = 0;
        const subscription = store.subscribe({
          from: LOG_START,
          streamPrefixes: [p],
          onEvents: async () => {
            calls += 1;
            throw new Error('projection bug');
          },
        });
        await expect(subscription.done).rejects.toThrow('projection bug');
        await store.appendToStream(`${p}s`, [event('B')], { expected: 0n });
        await sleep(200);
        expect(calls).toBe(1);
        await subscription.stop();
      });

      it('50 concurrent writers with delayed commits: a follower sees every event exactly once, each stream in order', async () => {
        const p = newPrefix();
        const writers = 50;
        const perWriter = 4;
        const seen: RecordedEvent[] = [];
        let concurrentCalls = 0;
        const subscription = store.subscribe({
          from: LOG_START,
          batchSize: 16,
          streamPrefixes: [p],
          onEvents: async (events) => {
            concurrentCalls += 1;
            if (concurrentCalls > 1) throw new Error('handler called while the previous call was still running');
            seen.push(...events);
            await sleep(1);
            concurrentCalls -= 1;
          },
        });

        const openTransaction = subject.openTransaction?.bind(subject);
        const writer = async (w: number) => {
          const stream = `${p}inventory-${w}`;
          let expected: ExpectedRevision = 'no_stream';
          for (let n = 0; n < perWriter; n += 1) {
            const events = [event('BatchAdjusted', { w, n })];
            // Every other append holds its transaction open for a while after writing, so commits
            // land in a different order than positions were handed out.
            if (openTransaction && (w + n) % 2 === 0) {
              const transaction = await openTransaction();
              await sleep((w * 11 + n * 3) % 20);
              const result = await transaction.append(stream, events, { expected });
              await sleep(5 + ((w * 7 + n * 13) % 60));
              await transaction.commit();
              expected = result.nextExpectedRevision;
            } else {
              await sleep((w * 3 + n * 5) % 15);
              expected = (await store.appendToStream(stream, events, { expected })).nextExpectedRevision;
            }
          }
        };
        await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));

        await waitFor(() => seen.length >= writers * perWriter, `${writers * perWriter} events`, 20_000);
        await sleep(200); // long enough for a duplicate delivery to show up
        await subscription.stop();
        await subscription.done;

        expect(seen).toHaveLength(writers * perWriter);
        expect(new Set(seen.map((e) => e.id)).size).toBe(writers * perWriter);
        expectStrictlyIncreasing(seen);
        const byStream = expectStreamsInRevisionOrder(seen);
        expect(byStream.size).toBe(writers);
        for (const [, revisions] of byStream) expect(revisions).toHaveLength(perWriter);
        // And a fresh reader of the log agrees with the follower.
        expect((await logUnder(store, p, writers * perWriter, 37)).map((e) => e.id)).toEqual(seen.map((e) => e.id));
      });
    });

    describe('hash chain', () => {
      it('chains each event to the previous one as documented in hash.ts', async () => {
        const stream = `${newPrefix()}vessel`;
        await store.appendToStream(stream, [event('A', { n: 1, z: { b: 2, a: 1 }, é: 'ü 🚢' }, randomUUID())], { expected: 'no_stream' });
        await store.appendToStream(stream, [event('B', [3, 'x', { y: true, x: -1.5 }]), event('C', null)], { expected: 0n });
        const read = await store.readStream(stream);
        let previous = '';
        for (const e of read) {
          expect(e.hash).toBe(documentedHash(previous, e));
          previous = e.hash;
        }
        expect(await store.verifyStream(stream)).toEqual({ ok: true, checked: 3 });
        expect(await store.verifyStream(`${newPrefix()}empty`)).toEqual({ ok: true, checked: 0 });
      });

      it('verifyStream reports the first tampered event', async (ctx) => {
        if (!subject.tamper) return ctx.skip();
        const stream = `${newPrefix()}vessel`;
        await store.appendToStream(stream, [0, 1, 2, 3].map((n) => event('VesselUpdated', { crew: 20 + n })), { expected: 'no_stream' });
        expect(await store.verifyStream(stream)).toEqual({ ok: true, checked: 4 });
        await subject.tamper(stream, 2n, { crew: 99 });
        expect((await store.readStream(stream))[2].data).toEqual({ crew: 99 });
        const report = await store.verifyStream(stream);
        expect(report.ok).toBe(false);
        expect(report).toMatchObject({ ok: false, brokenAt: 2n, checked: 2 });
      });
    });
  });
}
