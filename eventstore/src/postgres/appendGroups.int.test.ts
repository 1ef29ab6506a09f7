import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type NewEvent } from '../port';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { appendEvents } from './append';
import { createPostgresEventStore, type PostgresEventStore } from './store';

// Appends that arrive while the store's INSERTs are all on their way share the next one
// (appendGroups.ts). One INSERT in flight at a time: an append sent first holds it, and every
// append made before awaiting waits for it, so which appends share a group is known.
let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase('eventstore_groups');
  store = createPostgresEventStore({ connectionString: database.url, appendsInFlight: 1 });
  await store.init();
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const event = (type: string, id?: string): NewEvent => ({
  id,
  type,
  version: 1,
  data: { type },
  metadata: { userId: null, correlationId: 'c', occurredAt: '2026-12-07T00:00:00.000Z' },
});

interface Stored {
  stream_id: string;
  revision: string;
  type: string;
  txid: string;
  position: string;
}

async function stored(prefix: string): Promise<Stored[]> {
  const { rows } = await store.pool.query<Stored>(
    `SELECT stream_id, revision::text, type, transaction_id::text AS txid, position::text
     FROM events WHERE stream_id LIKE $1 ORDER BY transaction_id, position`,
    [`${prefix}%`],
  );
  return rows;
}

/** One new event per [stream, type, event id?], each appended to a new stream, all made before awaiting any. */
const allAtOnce = (appends: [stream: string, type: string, id?: string][]) =>
  Promise.allSettled(appends.map(([stream, type, id]) => store.appendToStream(stream, [event(type, id)], { expected: 'no_stream' })));

const positionOf = (row: Stored) => ({ commit: BigInt(row.txid), event: BigInt(row.position) });

describe('appends grouped while INSERTs are on their way', () => {
  it('writes the appends that waited as one transaction, and answers each with the position of its own last event', async () => {
    const appends = [
      store.appendToStream('grouped-a', [event('A')], { expected: 'no_stream' }),
      ...['b', 'c', 'd', 'e'].map((name) => store.appendToStream(`grouped-${name}`, [event(name.toUpperCase())], { expected: 'no_stream' })),
      store.appendToStream('grouped-f', [event('F1'), event('F2'), event('F3')], { expected: 'no_stream' }),
    ];
    const results = await Promise.all(appends);
    const rows = await stored('grouped-');

    expect(rows).toHaveLength(8);
    // The first went alone; the five that waited for it went together.
    expect(new Set(rows.map((row) => row.txid)).size).toBe(2);
    expect(rows.filter((row) => row.txid === rows[0].txid).map((row) => row.stream_id)).toEqual(['grouped-a']);
    const lastOf = (stream: string) => rows.filter((row) => row.stream_id === stream).at(-1)!;
    ['a', 'b', 'c', 'd', 'e', 'f'].forEach((name, i) => {
      expect(results[i].position).toEqual(positionOf(lastOf(`grouped-${name}`)));
    });
    expect(results[5].nextExpectedRevision).toBe(2n);
    expect(rows.filter((row) => row.stream_id === 'grouped-f').map((row) => row.type)).toEqual(['F1', 'F2', 'F3']);
    for (const name of ['b', 'f']) expect(await store.verifyStream(`grouped-${name}`)).toMatchObject({ ok: true });
  });

  it('when one append of a group loses its race, writes the others and answers that one with a conflict', async () => {
    await store.appendToStream('race-taken', [event('Existing')], { expected: 'no_stream' });
    const settled = await allAtOnce([
      ['race-first', 'First'],
      ['race-ok-1', 'Ok1'],
      ['race-taken', 'Late'],
      ['race-ok-2', 'Ok2'],
    ]);

    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const lost = (settled[2] as PromiseRejectedResult).reason;
    expect(lost).toBeInstanceOf(ConcurrencyError);
    expect(lost).toMatchObject({ streamId: 'race-taken', actual: 0n });
    const rows = await stored('race-');
    expect(rows.map((row) => row.type).sort()).toEqual(['Existing', 'First', 'Ok1', 'Ok2']);
  });

  it('puts two appends to one stream in different groups, so one wins and only the other gets the conflict', async () => {
    const settled = await allAtOnce([
      ['twice-other', 'Other'],
      ['twice-1', 'One'],
      ['twice-1', 'Two'],
      ['twice-2', 'Three'],
    ]);

    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const rows = await stored('twice-');
    expect(rows.map((row) => row.type).sort()).toEqual(['One', 'Other', 'Three']);
    // 'One' and 'Three' waited together; 'Two' waited for the next group.
    const txOf = (type: string) => rows.find((row) => row.type === type)!.txid;
    expect(txOf('One')).toBe(txOf('Three'));
  });

  it('answers an append whose data the database refuses with its own error, and writes the rest of its group', async () => {
    const settled = await allAtOnce([
      ['refused-first', 'First'],
      ['refused-ok', 'Ok'],
      ['refused-bad', 'Bad', 'not-a-uuid'],
    ]);

    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22P02' });
    expect((await stored('refused-')).map((row) => row.type).sort()).toEqual(['First', 'Ok']);
  });

  it('answers a multi-stream append that deadlocked with another transaction (streams taken in another order, as a group takes them) with a conflict', async () => {
    // The other transaction takes 'deadlock-a', then 'deadlock-b'; the multi-stream append takes them the other way round.
    const other = await store.pool.connect();
    try {
      await other.query('BEGIN');
      await appendEvents(other, 'deadlock-a', [event('OtherA')], 'no_stream');
      const multi = store.appendToStreams([
        { streamId: 'deadlock-b', events: [event('MultiB')], expected: 'no_stream' },
        { streamId: 'deadlock-a', events: [event('MultiA')], expected: 'no_stream' },
      ]);
      const settled = multi.then(
        () => 'appended',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 200)); // it holds 'deadlock-b' and waits for 'deadlock-a'
      // The append that has waited longer finds the deadlock first (deadlock_timeout) and gives way.
      await appendEvents(other, 'deadlock-b', [event('OtherB')], 'no_stream');
      await other.query('COMMIT');
      const outcome = await settled;
      expect(outcome).toBeInstanceOf(ConcurrencyError);
    } finally {
      other.release();
    }
    expect((await stored('deadlock-')).map((row) => row.type)).toEqual(['OtherA', 'OtherB']);
  });
});
