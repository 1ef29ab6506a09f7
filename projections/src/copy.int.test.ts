import { sql, type Insertable, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivitiesTable } from './activity/migration';
import { copyChunks } from './copy';
import type { ReadModelDb } from './db';
import { appendRows, COPY_MIN_ROWS, markExactlyOnce, writeLikelyNewRows, writeRows } from './sql';
import { createReadModelTestDb, type ReadModelTestDb } from './testing/db';
import { recordStatements } from './testing/statements';
import type { VesselHistoryTable } from './vessel-history/migration';

// appendRows COPYs rows known to be new and goes through writeRows' ON CONFLICT otherwise: the
// rows stored must be the same to the byte, whatever the values hold.

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('copy_rows');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await sql`TRUNCATE activities, vessel_history`.execute(t.db);
  statements.length = 0;
});

/** The text of every query the read models' clients were given. */
const statements = recordStatements();
const copies = () => statements.filter((s) => s.startsWith('COPY ')).length;

const AWKWARD = [
  'plain',
  'tab\there',
  'new\nline',
  'carriage\rreturn\r\n',
  'back\\slash \\N \\t \\\\',
  '\\.',
  '\\',
  'quotes " \' `',
  'unicode: Åland ⚓ 船 😷 \u00a0 \u2028',
  '',
  ' spaces ',
  '{"looks": "like json"}',
  '\u0001\u001f\u007f control',
];

const activity = (i: number, text: string | null): Insertable<ActivitiesTable> => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  activity_type: text ?? 'none',
  description: text ?? '',
  vessel_id: text,
  vessel_name: text === null ? null : `${text}|name`,
  user_id: text,
  metadata: { text, nested: { list: [text, 1, 2.5, true, null], [text ?? 'k']: '\\\t\n' } },
  created_at: i % 2 ? '2026-03-01T12:34:56.789+02:00' : '2026-12-31T23:59:59.999Z',
  log_commit: String(2n ** 62n + BigInt(i)),
  log_event: String(i),
});

const history = (i: number, text: string | null): Insertable<VesselHistoryTable> => ({
  event_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  vessel_id: text ?? 'v',
  stream_id: `vessel-${text}`,
  revision: String(i),
  event_type: 'VesselUpdated',
  summary: text ?? '',
  changes: [{ field: text ?? 'f', before: text, after: text }, { field: 'n', before: null, after: 1 }],
  user_id: text,
  occurred_at: '2026-01-02T03:04:05.006Z',
  log_commit: '1',
  log_event: String(i),
});

const values: (string | null)[] = [...AWKWARD, null];

async function stored(db: Kysely<ReadModelDb>) {
  // As text: what each column holds, not what the driver makes of it.
  const activities = await sql`SELECT a::text AS row FROM activities a ORDER BY log_commit, log_event`.execute(db);
  const timeline = await sql`SELECT h::text AS row FROM vessel_history h ORDER BY log_commit, log_event`.execute(db);
  return { activities: activities.rows, timeline: timeline.rows };
}

describe('appendRows', () => {
  it('COPYs in a transaction marked exactly once the very rows writeRows stores', async () => {
    const activities = values.map((v, i) => activity(i, v));
    const timeline = values.map((v, i) => history(i, v));
    await writeRows(t.db, 'activities', activities, { key: ['log_commit', 'log_event'], update: 'nothing' });
    await writeRows(t.db, 'vessel_history', timeline, { key: ['log_commit', 'log_event'], update: 'nothing' });
    const expected = await stored(t.db);
    expect(expected.activities).toHaveLength(values.length);
    expect(copies()).toBe(0);
    await sql`TRUNCATE activities, vessel_history`.execute(t.db);

    await t.db.transaction().execute(async (trx) => {
      markExactlyOnce(trx);
      await appendRows(trx, 'activities', activities, ['log_commit', 'log_event']);
      await appendRows(trx, 'vessel_history', timeline, ['log_commit', 'log_event']);
      // A plain query after the COPYs, on the same connection.
      expect((await sql<{ n: string }>`SELECT count(*)::text AS n FROM activities`.execute(trx)).rows[0].n).toBe(String(values.length));
    });
    expect(copies()).toBe(2);
    expect(await stored(t.db)).toEqual(expected);
  });

  it('sends a batch of many rows in chunks, and stores the very rows writeRows stores', async () => {
    // 100 times every awkward value: some 250 KB of COPY text, several chunks.
    const many = Array.from({ length: 100 }, (_, copy) => values.map((v, i) => activity(copy * values.length + i, v))).flat();
    const chunks = copyChunks(many, Object.keys(many[0]));
    expect(chunks.length).toBeGreaterThan(2);
    await writeRows(t.db, 'activities', many, { key: ['log_commit', 'log_event'], update: 'nothing' });
    const expected = await stored(t.db);
    await sql`TRUNCATE activities`.execute(t.db);
    await t.db.transaction().execute(async (trx) => {
      markExactlyOnce(trx);
      await appendRows(trx, 'activities', many, ['log_commit', 'log_event']);
    });
    expect(copies()).toBe(1);
    expect(await stored(t.db)).toEqual(expected);
  });

  it('COPYs inside the transaction: rolled back with it, and a key stored already fails it', async () => {
    const rows = values.map((v, i) => activity(i, v));
    const rollback = t.db.transaction().execute(async (trx) => {
      markExactlyOnce(trx);
      await appendRows(trx, 'activities', rows, ['log_commit', 'log_event']);
      throw new Error('batch failed');
    });
    await expect(rollback).rejects.toThrow('batch failed');
    expect((await stored(t.db)).activities).toEqual([]);

    await appendRows(t.db, 'activities', rows.slice(0, 1), ['log_commit', 'log_event']);
    const twice = t.db.transaction().execute(async (trx) => {
      markExactlyOnce(trx);
      await appendRows(trx, 'activities', rows, ['log_commit', 'log_event']);
    });
    await expect(twice).rejects.toThrow(/duplicate key/);
    // The pool's connections carry on after a COPY that failed.
    await Promise.all([1, 2, 3].map(() => sql`SELECT 1`.execute(t.db)));
    expect((await stored(t.db)).activities).toHaveLength(1);
  });

  it('elsewhere COPYs only rows past the last position stored, and keeps a row stored already', async () => {
    const M = COPY_MIN_ROWS;
    const rows = Array.from({ length: 3 * M }, (_, i) => activity(i, values[i % values.length]));
    // Rows out of log order: the earliest is what counts.
    await appendRows(t.db, 'activities', rows.slice(M, 2 * M).reverse(), ['log_commit', 'log_event']);
    expect(copies()).toBe(1);
    // Some stored already: ON CONFLICT DO NOTHING, each kept once.
    await appendRows(t.db, 'activities', rows.slice(0, M + 5).reverse(), ['log_commit', 'log_event']);
    expect(copies()).toBe(1);
    expect((await stored(t.db)).activities).toHaveLength(2 * M);
    // Past the end again.
    await appendRows(t.db, 'activities', rows.slice(2 * M), ['log_commit', 'log_event']);
    expect(copies()).toBe(2);
    expect((await stored(t.db)).activities).toHaveLength(3 * M);
  });

  it("elsewhere writes a few rows (a command's) with one INSERT, neither probed nor COPYed, the very rows a COPY stores", async () => {
    const rows = values.slice(0, COPY_MIN_ROWS - 1).map((v, i) => activity(i, v));
    await t.db.transaction().execute(async (trx) => {
      markExactlyOnce(trx);
      await appendRows(trx, 'activities', rows, ['log_commit', 'log_event']);
    });
    const copied = await stored(t.db);
    await sql`TRUNCATE activities`.execute(t.db);
    statements.length = 0;

    await appendRows(t.db, 'activities', rows.slice(0, 3), ['log_commit', 'log_event']);
    expect(statements.filter((text) => /^\s*(insert|select|copy)/i.test(text)).map((text) => text.trim().split(/\s+/)[0].toLowerCase())).toEqual(['insert']);
    // Stored already: kept once.
    await appendRows(t.db, 'activities', rows, ['log_commit', 'log_event']);
    expect(copies()).toBe(0);
    expect(await stored(t.db)).toEqual(copied);
  });
});

describe('writeLikelyNewRows', () => {
  // vessel_history_batches: keyed by (vessel, batch), its quantity overwritten by a row proposed again.
  const batch = (i: number, quantity: number) => ({ vessel_id: `vessel-${i % 3}`, batch_id: `batch-${i}`, batch_number: i + 1, quantity });
  const conflict = { key: ['vessel_id', 'batch_id'], update: ['quantity'] } as const;
  const batches = async () =>
    (await sql<{ row: string }>`SELECT b::text AS row FROM vessel_history_batches b ORDER BY batch_id`.execute(t.db)).rows.map((r) => r.row);
  const kinds = () => statements.map((text) => text.trim().split(/\s+/)[0].toLowerCase()).filter((k) => ['insert', 'copy', 'savepoint', 'rollback', 'release'].includes(k));
  beforeEach(async () => {
    await sql`TRUNCATE vessel_history_batches`.execute(t.db);
    statements.length = 0;
  });

  it('COPYs many rows outside a rebuild (a catch-up), the very rows writeRows stores', async () => {
    const rows = Array.from({ length: COPY_MIN_ROWS + 8 }, (_, i) => batch(i, i * 10));
    await writeRows(t.db, 'vessel_history_batches', rows, conflict);
    const expected = await batches();
    await sql`TRUNCATE vessel_history_batches`.execute(t.db);
    statements.length = 0;
    await t.db.transaction().execute((trx) => writeLikelyNewRows(trx, 'vessel_history_batches', rows, conflict));
    expect(kinds()).toEqual(['savepoint', 'copy', 'release']);
    expect(await batches()).toEqual(expected);
  });

  it('goes through writeRows when a row is stored already (a batch of events handed over again): the COPY undone, the transaction going on', async () => {
    const rows = Array.from({ length: COPY_MIN_ROWS + 8 }, (_, i) => batch(i, i * 10));
    await writeRows(t.db, 'vessel_history_batches', [batch(5, 999)], conflict);
    statements.length = 0;
    await t.db.transaction().execute(async (trx) => {
      await writeLikelyNewRows(trx, 'vessel_history_batches', rows, conflict);
      // The transaction is still usable after the COPY refused.
      await sql`SELECT 1`.execute(trx);
    });
    expect(kinds()).toEqual(['savepoint', 'copy', 'rollback', 'release', 'insert']);
    const stored = await batches();
    expect(stored).toHaveLength(rows.length);
    // The row proposed again overwrote the stored quantity, as writeRows does.
    expect(stored).toContain('(batch-5,6,50,vessel-2)');
    expect(stored.filter((row) => row.startsWith('(batch-5,'))).toHaveLength(1);
  });

  it("writes a few rows (a command's) with one INSERT, no savepoint nor COPY", async () => {
    await t.db.transaction().execute((trx) => writeLikelyNewRows(trx, 'vessel_history_batches', [batch(1, 3), batch(2, 4)], conflict));
    expect(kinds()).toEqual(['insert']);
    expect(await batches()).toEqual(['(batch-1,2,3,vessel-1)', '(batch-2,3,4,vessel-2)']);
  });
});
