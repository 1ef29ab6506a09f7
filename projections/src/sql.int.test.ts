import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeRows } from './sql';
import { createReadModelTestDb, type ReadModelTestDb } from './testing/db';

let t: ReadModelTestDb;
beforeAll(async () => {
  t = await createReadModelTestDb('sql_rows');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await sql`TRUNCATE fleet_compliance`.execute(t.db);
});

const row = (id: string, fleet: string | null, ownership_company: string | null = null) => ({
  id,
  vessel_name: `Vessel ${id}`,
  imo_number: '9074729',
  flag_state: 'PANAMA',
  crew_size_category: 20,
  fleet,
  ownership_company,
});

const stored = async () =>
  (await sql<{ id: string; xmin: string; fleet: string | null }>`SELECT id, xmin::text, fleet FROM fleet_compliance ORDER BY id`.execute(t.db)).rows;

describe('writeRows, only if changed, looked up first', () => {
  it('inserts new rows (also one whose updated columns are all null), updates changed ones and leaves unchanged ones as they are', async () => {
    const write = (rows: ReturnType<typeof row>[]) =>
      writeRows(t.db, 'fleet_compliance', rows, { key: 'id', update: ['fleet', 'ownership_company'], onlyIfChanged: 'lookUpFirst' });
    await write([row('a', 'North'), row('b', 'South')]);
    const before = await stored();
    expect(before.map((r) => [r.id, r.fleet])).toEqual([
      ['a', 'North'],
      ['b', 'South'],
    ]);

    await write([row('a', 'North'), row('b', 'West'), row('c', null, null)]);
    const after = await stored();
    expect(after.map((r) => [r.id, r.fleet])).toEqual([
      ['a', 'North'],
      ['b', 'West'],
      ['c', null],
    ]);
    // Unchanged: the very same row version; changed: a new one.
    expect(after[0].xmin).toBe(before[0].xmin);
    expect(after[1].xmin).not.toBe(before[1].xmin);
  });

  it('proposes only the new and the changed rows for insertion (a BEFORE INSERT trigger sees every row proposed)', async () => {
    const write = (rows: ReturnType<typeof row>[]) =>
      writeRows(t.db, 'fleet_compliance', rows, { key: 'id', update: ['fleet'], onlyIfChanged: 'lookUpFirst' });
    await write([row('a', 'North'), row('b', 'South')]);
    await sql`CREATE TABLE proposed (id text)`.execute(t.db);
    await sql`CREATE FUNCTION note_proposed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO proposed VALUES (NEW.id); RETURN NEW; END $$`.execute(t.db);
    await sql`CREATE TRIGGER note_proposed BEFORE INSERT ON fleet_compliance FOR EACH ROW EXECUTE FUNCTION note_proposed()`.execute(t.db);
    try {
      await write([row('a', 'North'), row('b', 'East'), row('c', null)]);
      const { rows } = await sql<{ id: string }>`SELECT id FROM proposed ORDER BY id`.execute(t.db);
      expect(rows.map((r) => r.id)).toEqual(['b', 'c']);
    } finally {
      await sql`DROP TRIGGER note_proposed ON fleet_compliance`.execute(t.db);
      await sql`DROP FUNCTION note_proposed()`.execute(t.db);
      await sql`DROP TABLE proposed`.execute(t.db);
    }
    expect((await stored()).map((r) => [r.id, r.fleet])).toEqual([
      ['a', 'North'],
      ['b', 'East'],
      ['c', null],
    ]);
  });
});
