import { createTestDatabase, type TestDatabase } from '@medchest/eventstore/testing/testDatabase';
import type { RecordedEvent } from '@medchest/eventstore';
import { sql, type Kysely } from 'kysely';
import { allProjections } from '../all';
import { applyBatch } from '../apply';
import { ensureCheckpoints, readCheckpoints } from '../checkpoints/checkpoints';
import { createReadModelDb, type ReadModelDb } from '../db';
import { migrateReadModels } from '../migrations';
import type { Projection } from '../projection';

export interface ReadModelTestDb {
  db: Kysely<ReadModelDb>;
  url: string;
  /** Apply events as one runner batch (rows and checkpoints in one transaction). */
  project(events: readonly RecordedEvent[], projections?: readonly Projection[]): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database with the read-model schema, for one test file; close() drops it. */
export async function createReadModelTestDb(label: string): Promise<ReadModelTestDb> {
  // A copy of the run's migrated template (migrateReadModels then finds it done).
  const database: TestDatabase = await createTestDatabase(label, { from: 'readModels' });
  const db = createReadModelDb(database.url);
  await migrateReadModels(db);
  return {
    db,
    url: database.url,
    async project(events, projections = allProjections) {
      const names = projections.map((p) => p.name);
      await ensureCheckpoints(db, 'projection', names);
      await applyBatch(db, projections, await readCheckpoints(db, names), events, { validate: true });
    },
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

/** Empty every read model and reset checkpoints, between tests of one file. */
export async function resetReadModels(db: Kysely<ReadModelDb>): Promise<void> {
  const tables = [...new Set(allProjections.flatMap((p) => p.tables)), 'follower_checkpoints'];
  await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}

/** Every read-model row, each table ordered by its key: for "same rows" comparisons. */
export async function snapshotReadModels(db: Kysely<ReadModelDb>): Promise<Record<string, unknown[]>> {
  const keys: Record<string, string> = {
    vessels: 'id',
    users: 'id',
    user_deletions: 'user_id, log_commit, log_event',
    fleet_compliance: 'id',
    activities: 'id',
    email_messages: 'message_id',
    inventory_batches: 'id',
    inventory_imports: 'id',
    activity_batches: 'batch_id',
    activity_vessel_names: 'vessel_id',
    activity_counts: 'vessel_id, activity_type',
    vessel_history: 'log_commit, log_event',
    vessel_streams: 'vessel_id, stream_id',
    vessel_history_state: 'vessel_id',
    vessel_history_batches: 'batch_id',
    scales: 'id',
    chest_vessels: 'vessel_id',
    volume_requirements: 'vessel_id, position',
    chest_snapshots: 'vessel_id, revision',
    chest_snapshot_tails: 'vessel_id, revision',
    orders: 'id',
    order_items: 'id',
    order_status_history: 'id',
    order_receipts: 'batch_id',
    user_vessel_assignments: 'user_id, vessel_id',
    user_fleet_assignments: 'user_id, fleet',
  };
  const snapshot: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(keys)) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(key)}`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}
