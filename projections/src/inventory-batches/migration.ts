import { sql, type Kysely, type Migration } from 'kysely';
import type { DateColumn, Timestamp } from '../vessels/migration';

/** One row per batch on a vessel's chest (spec 000 §3 Inventory batch); the row id is the batchId. */
export interface InventoryBatchesTable {
  id: string;
  vessel_id: string;
  /** The scale item it stocks (IMGS01 …). */
  scale_id: string;
  /** Not unique within an item: every bulk input starts at 1. */
  batch_number: number;
  product_name: string | null;
  quantity_on_board: number;
  expiry_date: DateColumn;
  condition_notes: string | null;
  /** The BatchAdded's occurredAt. */
  created_at: Timestamp;
  /** The occurredAt of the last event that changed the batch. */
  updated_at: Timestamp;
  /** The inventory stream's revision of the last event that changed the batch (its `version`). */
  version: number;
}

export const inventoryBatchesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('inventory_batches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('vessel_id', 'text', (c) => c.notNull())
      .addColumn('scale_id', 'text', (c) => c.notNull())
      .addColumn('batch_number', 'integer', (c) => c.notNull())
      .addColumn('product_name', 'text')
      .addColumn('quantity_on_board', 'integer', (c) => c.notNull())
      .addColumn('expiry_date', 'date')
      .addColumn('condition_notes', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      // Quantities are edited in place far more often than batches are added: room for HOT updates.
      .modifyEnd(sql`WITH (fillfactor = 80)`)
      .execute();
    // A vessel's chest in display order (and VesselDeleted's delete by vessel).
    await sql`CREATE INDEX inventory_batches_vessel_idx ON inventory_batches (vessel_id, scale_id COLLATE "C", batch_number, created_at, id)`.execute(
      db,
    );
  },
};

/**
 * Every batch carries its version (issue 16). The column is the revision of the batch's last
 * change, which only the log knows: the medical chest's tables are emptied and its checkpoint
 * dropped, so the runner replays the log into them (read models are disposable).
 */
export const inventoryBatchVersionMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE inventory_batches ADD COLUMN version integer NOT NULL DEFAULT 0`.execute(db);
    await sql`TRUNCATE inventory_batches, scales, chest_vessels, volume_requirements`.execute(db);
    // follower_checkpoints since 0012, which a new database runs first; one that ran this before
    // 0012 (a database of the version before it) still had projection_checkpoints.
    const { rows } = await sql<{ renamed: boolean }>`SELECT to_regclass('follower_checkpoints') IS NOT NULL AS renamed`.execute(db);
    const checkpoints = rows[0]?.renamed ? 'follower_checkpoints' : 'projection_checkpoints';
    await sql`DELETE FROM ${sql.table(checkpoints)} WHERE name = 'medical-chest'`.execute(db);
  },
};

/**
 * The batches keyed by (vessel, batch) instead of the batch id alone (issue 14, the scale curve):
 * a random UUID key put each new batch on a random page of an index as large as the fleet's
 * batches (6M at 10,000 vessels, several times PostgreSQL's shared buffers), so every insert read
 * a page from outside the buffers and wrote it back dirty, a cost per event that grew with the
 * fleet. Keyed by vessel first, a vessel's batches, added together (an import, a stock-take, a new
 * chest), land on the few pages of that vessel. Every event that names a batch names its vessel;
 * the rows stay as they are.
 */
export const inventoryBatchesByVesselMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE inventory_batches DROP CONSTRAINT inventory_batches_pkey`.execute(db);
    await sql`ALTER TABLE inventory_batches ADD CONSTRAINT inventory_batches_pk PRIMARY KEY (vessel_id, id)`.execute(db);
  },
};
