import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applyBatch } from '../apply';
import { ensureCheckpoints, readCheckpoints } from '../checkpoints/checkpoints';
import { readModelMigrations, readModelMigrator } from '../migrations';
import { unmigratedReadModelDb } from '../testing/migrations';
import { createFakeLog, vesselDetails } from '../testing/events';
import { listVesselHistory } from './queries';
import { vesselHistoryProjection } from './project';

const t = unmigratedReadModelDb('proj_vessel_history_migration');

/**
 * The migrations before `name`, and the checkpoints' rows version (0099): the batches here are
 * applied by today's runner, whose checkpoint store needs it.
 */
const before = (name: string) => readModelMigrations.filter(([migration]) => migration < name || migration === '0099_checkpoint_rows_version');

describe('0080_vessel_history_json_state on a timeline written before it', () => {
  it("keeps each vessel's state, and the next edit is told apart from it", async () => {
    const log = createFakeLog();
    const vesselId = randomUUID();
    const project = async (events: Parameters<typeof applyBatch>[3]) => {
      await ensureCheckpoints(t.db, 'projection', [vesselHistoryProjection.name]);
      await applyBatch(t.db, [vesselHistoryProjection], await readCheckpoints(t.db, [vesselHistoryProjection.name]), events, { validate: true });
    };
    const { error } = await readModelMigrator(t.db, before('0080')).migrateToLatest();
    expect(error).toBeUndefined();
    await project([log.record({ type: 'VesselCreated', data: { vesselId, details: vesselDetails() } })]);

    // Up to the migrations after it: 0088 empties the timeline for a replay.
    const { error: after } = await readModelMigrator(t.db, before('0088')).migrateToLatest();
    expect(after).toBeUndefined();
    const { rows } = await sql<{ type: string }>`SELECT pg_typeof(state)::text AS type FROM vessel_history_state`.execute(t.db);
    expect(rows).toEqual([{ type: 'json' }]);
    // The edit's "before" is the state the migration converted.
    await project([log.record({ type: 'VesselUpdated', data: { vesselId, details: vesselDetails({ contactName: 'Lars Nowak' }) } })]);
    const { entries } = await listVesselHistory(t.db, vesselId);
    expect(entries[0].changes).toEqual([{ field: expect.any(String), before: 'Anna Berg', after: 'Lars Nowak' }]);
    expect(entries[0].summary).toMatch(/^Changed: /);
  });
});
