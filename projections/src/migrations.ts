import { Migrator, type Kysely, type Migration } from 'kysely';
import { activityBatchesByVesselMigration, activityCountConfirmedMigration, activityCountsFillfactorMigration, activityInventoryMigration, activityLogMigration, activityMigration, activitySlimMigration } from './activity/migration';
import { assignmentsMigration } from './assignments/migration';
import { certificatesMigration } from './certificates/migration';
import { checkpointRowsVersionMigration, checkpointsMigration, droppedIndexesMigration, followerCheckpointsMigration } from './checkpoints/migration';
import { chestSnapshotsCompactMigration, chestSnapshotsJsonMigration, chestSnapshotsMigration } from './chest-snapshots/migration';
import { openDedicatedConnection, type ReadModelDb } from './db';
import { emailLogMigration, emailRecipientMigration } from './email-log/migration';
import { fleetComplianceItemDateInlinedMigration, fleetComplianceItemTextInlinedMigration, fleetComplianceItemTextMigration, fleetComplianceMigration } from './fleet-compliance/migration';
import { inventoryBatchesByVesselMigration, inventoryBatchesMigration, inventoryBatchVersionMigration } from './inventory-batches/migration';
import { inventoryImportsMigration } from './inventory-imports/migration';
import { LOCK_NAMESPACE } from './locks';
import { chestDigestLanesMigration, chestPerItemMigration, medicalChestMigration, volumeRequirementsRowJsonMigration, volumeRequirementsRowJsonWrittenMigration } from './medical-chest/migration';
import { ordersMigration } from './orders/migration';
import { userDeletionsMigration, usersMigration } from './users/migration';
import {
  vesselHistoryBatchesByVesselMigration,
  vesselHistoryJsonChangesMigration,
  vesselHistoryJsonStateMigration,
  vesselHistoryMigration,
  vesselHistorySlimMigration,
} from './vessel-history/migration';
import { reportsMigration } from './reports/migration';
import { vesselMedicalProfileMigration, vesselsMigration } from './vessels/migration';

/**
 * Every read-model migration, in name order (the order a fresh database runs them in). Each area
 * numbers its migrations in a range of its own (see allowUnorderedMigrations below); never rename
 * one that has shipped.
 */
export const readModelMigrations: ReadonlyArray<readonly [string, Migration]> = [
  ['0001_projection_checkpoints', checkpointsMigration],
  ['0002_vessels', vesselsMigration],
  ['0003_users', usersMigration],
  ['0004_fleet_compliance', fleetComplianceMigration],
  ['0005_activities', activityMigration],
  ['0006_email_messages', emailLogMigration],
  ['0007_inventory_batches', inventoryBatchesMigration],
  ['0008_inventory_imports', inventoryImportsMigration],
  ['0009_activity_inventory', activityInventoryMigration],
  ['0010_vessel_medical_profile', vesselMedicalProfileMigration],
  ['0011_medical_chest', medicalChestMigration],
  ['0012_follower_checkpoints', followerCheckpointsMigration],
  ['0020_assignments', assignmentsMigration],
  ['0021_email_recipient', emailRecipientMigration],
  ['0022_user_deletions', userDeletionsMigration],
  ['0030_certificates', certificatesMigration],
  ['0040_orders', ordersMigration],
  ['0050_activity_log', activityLogMigration],
  ['0051_vessel_history', vesselHistoryMigration],
  ['0052_reports', reportsMigration],
  ['0060_inventory_batch_version', inventoryBatchVersionMigration],
  ['0061_chest_snapshots', chestSnapshotsMigration],
  ['0067_chest_per_item', chestPerItemMigration],
  ['0068_chest_digest_lanes', chestDigestLanesMigration],
  ['0070_chest_snapshots_json', chestSnapshotsJsonMigration],
  ['0071_chest_snapshots_compact', chestSnapshotsCompactMigration],
  ['0075_vessel_history_slim', vesselHistorySlimMigration],
  ['0076_activity_slim', activitySlimMigration],
  ['0077_vessel_history_json_changes', vesselHistoryJsonChangesMigration],
  ['0080_vessel_history_json_state', vesselHistoryJsonStateMigration],
  ['0086_inventory_batches_by_vessel', inventoryBatchesByVesselMigration],
  ['0087_activity_batches_by_vessel', activityBatchesByVesselMigration],
  ['0088_vessel_history_batches_by_vessel', vesselHistoryBatchesByVesselMigration],
  ['0091_activity_counts_fillfactor', activityCountsFillfactorMigration],
  ['0092_dropped_indexes', droppedIndexesMigration],
  ['0094_fleet_compliance_item_text', fleetComplianceItemTextMigration],
  ['0095_volume_requirements_row_json', volumeRequirementsRowJsonMigration],
  ['0096_volume_requirements_row_json_written', volumeRequirementsRowJsonWrittenMigration],
  ['0097_fleet_compliance_item_text_inlined', fleetComplianceItemTextInlinedMigration],
  ['0098_fleet_compliance_item_date_inlined', fleetComplianceItemDateInlinedMigration],
  ['0099_checkpoint_rows_version', checkpointRowsVersionMigration],
  ['0100_activity_count_confirmed', activityCountConfirmedMigration],
];

const MIGRATION_LOCK = 'read-model-migrations';

/** The migrator of the read-model schema; `migrations` other than all of them only in tests (a database as an older version left it). */
export function readModelMigrator(db: Kysely<ReadModelDb>, migrations = readModelMigrations): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(migrations) },
    migrationTableName: 'read_model_migrations',
    migrationLockTableName: 'read_model_migrations_lock',
    // Feature branches number their migrations in ranges of their own and land in any order; read
    // models are disposable, so a migration that sorts before one already run is simply run.
    allowUnorderedMigrations: true,
  });
}

/**
 * Bring the read-model schema up to date. Idempotent, and safe when several processes start at
 * once: they queue on an advisory lock (held on a connection of its own while the migrator runs on
 * the pool), so only the first creates the tables and the rest find nothing to do.
 */
export async function migrateReadModels(db: Kysely<ReadModelDb>): Promise<void> {
  const migrator = readModelMigrator(db);
  let lost: Error | undefined;
  const lockConnection = await openDedicatedConnection(db, (error) => (lost = error));
  try {
    await lockConnection.query(`SELECT pg_advisory_lock(${LOCK_NAMESPACE}, hashtext($1))`, [MIGRATION_LOCK]);
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName;
      throw new Error(`Read-model migration ${failed ?? ''} failed: ${String((error as Error).message ?? error)}`, {
        cause: error,
      });
    }
    if (lost) throw lost;
  } finally {
    // Ending the session releases the lock.
    await lockConnection.end().catch(() => {});
  }
}
