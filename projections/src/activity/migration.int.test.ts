import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readModelMigrations, readModelMigrator } from '../migrations';
import { unmigratedReadModelDb } from '../testing/migrations';

const t = unmigratedReadModelDb('proj_activity_migration');

const line = (n: number, vesselId: string | null, vesselName: string | null) => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  activity_type: 'vessel_updated',
  description: `line ${n}`,
  vessel_id: vesselId,
  vessel_name: vesselName,
  user_id: null,
  metadata: {},
  created_at: new Date(Date.UTC(2026, 0, n)),
  log_commit: '7',
  log_event: String(n),
});

describe('0076_activity_slim on a feed written before it', () => {
  it("keeps each vessel's newest name (in log order) as its name row, and keys the lines by log position", async () => {
    const before = readModelMigrations.filter(([name]) => name < '0076');
    const { error } = await readModelMigrator(t.db, before).migrateToLatest();
    expect(error).toBeUndefined();
    await sql`INSERT INTO activity_batches (batch_id, scale_id, batch_number) VALUES ('b1', 'IMGS01', 3)`.execute(t.db);
    await t.db
      .insertInto('activities')
      .values([line(1, 'v1', 'MV Old'), line(2, 'v1', 'MV New'), line(3, 'v1', null), line(4, 'v2', 'MV Other'), line(5, null, null)])
      .execute();

    // Up to the migrations after it: 0087 empties the feed for a replay.
    const { error: after } = await readModelMigrator(t.db, readModelMigrations.filter(([name]) => name < '0087')).migrateToLatest();
    expect(after).toBeUndefined();
    expect(await t.db.selectFrom('activity_vessel_names').selectAll().orderBy('vessel_id').execute()).toEqual([
      { vessel_id: 'v1', vessel_name: 'MV New' },
      { vessel_id: 'v2', vessel_name: 'MV Other' },
    ]);
    expect(await t.db.selectFrom('activity_batches').selectAll().execute()).toEqual([{ batch_id: 'b1', batch_number: 3 }]);
    // Another line at a position the feed holds is the same event again: kept once.
    const again = await sql`INSERT INTO activities SELECT * FROM activities WHERE log_event = 2 ON CONFLICT (log_commit, log_event) DO NOTHING`.execute(t.db);
    expect(Number(again.numAffectedRows)).toBe(0);
  });
});

describe('0100_activity_count_confirmed on lines written before it', () => {
  const t2 = unmigratedReadModelDb('proj_activity_migration_0100');

  it('rewrites a quantity change whose two figures are the same as "confirmed at", and leaves every other line as it was', async () => {
    const { error } = await readModelMigrator(t2.db, readModelMigrations.filter(([name]) => name < '0100')).migrateToLatest();
    expect(error).toBeUndefined();
    const lines: [string, string][] = [
      ['inventory_update', 'Quantity of IMGS36 batch 3 changed from 80 to 80 (stock count)'],
      ['inventory_update', 'Quantity of IMGS07 batch changed from 5 to 5 (stock count)'],
      ['inventory_update', 'Quantity of IMGS07 batch 2 changed from 100 to 90 (stock count)'],
      ['inventory_update', 'Quantity of IMGS07 batch 2 changed from 80 to 800 (stock count)'],
      ['usage_tracked', 'Quantity of IMGS01 batch 1 changed from 38 to 35 (used on board)'],
      ['vessel_updated', 'Quantity of IMGS01 batch 1 changed from 4 to 4 (not a quantity line)'],
    ];
    await t2.db
      .insertInto('activities')
      .values(lines.map(([type, description], i) => ({ ...line(i + 1, 'v1', 'MV Nordic Star'), activity_type: type, description })))
      .execute();

    const { error: after } = await readModelMigrator(t2.db).migrateToLatest();
    expect(after).toBeUndefined();
    const stored = await t2.db.selectFrom('activities').select('description').orderBy('log_event').execute();
    expect(stored.map((r) => r.description)).toEqual([
      'Quantity of IMGS36 batch 3 confirmed at 80 (stock count)',
      'Quantity of IMGS07 batch confirmed at 5 (stock count)',
      ...lines.slice(2).map(([, description]) => description),
    ]);
  });
});
