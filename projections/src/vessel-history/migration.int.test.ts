import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBatch } from '../apply';
import { ensureCheckpoints, readCheckpoints } from '../checkpoints/checkpoints';
import { createReadModelDb, type ReadModelDb } from '../db';
import { readModelMigrations, readModelMigrator } from '../migrations';
import { createFakeLog, vesselDetails } from '../testing/events';
import { listVesselHistory } from './queries';
import { vesselHistoryProjection } from './project';

let database: TestDatabase;
let db: Kysely<ReadModelDb>;
beforeAll(async () => {
  database = await createTestDatabase('proj_vessel_history_migration');
  db = createReadModelDb(database.url);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('0080_vessel_history_json_state on a timeline written before it', () => {
  it("keeps each vessel's state, and the next edit is told apart from it", async () => {
    const log = createFakeLog();
    const vesselId = randomUUID();
    const project = async (events: Parameters<typeof applyBatch>[3]) => {
      await ensureCheckpoints(db, 'projection', [vesselHistoryProjection.name]);
      await applyBatch(db, [vesselHistoryProjection], await readCheckpoints(db, [vesselHistoryProjection.name]), events, { validate: true });
    };
    const { error } = await readModelMigrator(
      db,
      readModelMigrations.filter(([name]) => name < '0080'),
    ).migrateToLatest();
    expect(error).toBeUndefined();
    await project([log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails() } })]);

    // Up to the migrations after it: 0088 empties the timeline for a replay.
    const { error: after } = await readModelMigrator(db, readModelMigrations.filter(([name]) => name < '0088')).migrateToLatest();
    expect(after).toBeUndefined();
    const { rows } = await sql<{ type: string }>`SELECT pg_typeof(state)::text AS type FROM vessel_history_state`.execute(db);
    expect(rows).toEqual([{ type: 'json' }]);
    // The edit's "before" is the state the migration converted.
    await project([log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ contactName: 'Lars Nowak' }) } })]);
    const { entries } = await listVesselHistory(db, vesselId);
    expect(entries[0].changes).toEqual([{ field: expect.any(String), before: 'Anna Berg', after: 'Lars Nowak' }]);
    expect(entries[0].summary).toMatch(/^Changed: /);
  });
});
