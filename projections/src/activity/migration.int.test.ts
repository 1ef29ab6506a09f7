import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, type ReadModelDb } from '../db';
import { readModelMigrations, readModelMigrator } from '../migrations';

let database: TestDatabase;
let db: Kysely<ReadModelDb>;
beforeAll(async () => {
  database = await createTestDatabase('proj_activity_migration');
  db = createReadModelDb(database.url);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

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
    const { error } = await readModelMigrator(db, before).migrateToLatest();
    expect(error).toBeUndefined();
    await sql`INSERT INTO activity_batches (batch_id, scale_id, batch_number) VALUES ('b1', 'IMGS01', 3)`.execute(db);
    await db
      .insertInto('activities')
      .values([line(1, 'v1', 'MV Old'), line(2, 'v1', 'MV New'), line(3, 'v1', null), line(4, 'v2', 'MV Other'), line(5, null, null)])
      .execute();

    // Up to the migrations after it: 0087 empties the feed for a replay.
    const { error: after } = await readModelMigrator(db, readModelMigrations.filter(([name]) => name < '0087')).migrateToLatest();
    expect(after).toBeUndefined();
    expect(await db.selectFrom('activity_vessel_names').selectAll().orderBy('vessel_id').execute()).toEqual([
      { vessel_id: 'v1', vessel_name: 'MV New' },
      { vessel_id: 'v2', vessel_name: 'MV Other' },
    ]);
    expect(await db.selectFrom('activity_batches').selectAll().execute()).toEqual([{ batch_id: 'b1', batch_number: 3 }]);
    // Another line at a position the feed holds is the same event again: kept once.
    const again = await sql`INSERT INTO activities SELECT * FROM activities WHERE log_event = 2 ON CONFLICT (log_commit, log_event) DO NOTHING`.execute(db);
    expect(Number(again.numAffectedRows)).toBe(0);
  });
});
