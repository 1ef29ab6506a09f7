// The read models: schema, projection runner, rebuild, and the query functions the API calls.
export { createReadModelDb, databaseUrlOf, executePrepared, type ReadModelDb, type ReadModelDbOptions } from './db';
export { migrateReadModels, readModelMigrations } from './migrations';
export { createProjectionRunner, type ProjectionRunner, type ProjectionRunnerOptions } from './runner';
export { rebuildReadModels, HistoryBrokenError, type RebuildOptions, type RebuildResult } from './rebuild';
export { waitForProjections, type WaitForProjectionsOptions } from './wait';
export { allProjections } from './all';
export { applyBatch, toProjectedEvent } from './apply';
export { CheckpointMovedError, CheckpointKindError, advanceCheckpoints, readCheckpoints, type FollowerKind } from './checkpoints/checkpoints';
export { LEGACY_REACTOR_CHECKPOINTS_DDL } from './checkpoints/migration';
export { LOCK_NAMESPACE, followerLockName, projectionLockName } from './locks';
export { MembersFailedError } from './following/logFollower';
export { createFollower, FOLLOWER_READ_INTERVAL_MS, type Follower, type FollowerMember, type FollowerOptions, type FollowerState, type BatchHandler } from './following/follower';
export { defineProjection, type Projection, type ProjectedEvent } from './projection';

export { listVessels, getVessel, findVesselByImo, listVesselsByContactEmail, type Vessel } from './vessels/queries';
export {
  listVesselCertificates,
  getVesselCertificate,
  listFleetCertificates,
  listCurrentCertificates,
  isFileRecorded,
  listFleetManagersOfVessel,
  type CertificateRecord,
  type VesselCertificateRow,
} from './certificates/queries';
export { certificatesProjection } from './certificates/project';
export { findUserByEmail, getUser, listUsers, toUser, USER_COLUMNS, type User } from './users/queries';
export { vesselInScope, isVesselInScope, vesselIdsInScope, SCOPE_PROJECTIONS } from './scope';
export { listAssignedVesselIds, listAssignedFleets, listFleetNames, countVesselsInScopeByUser } from './assignments/queries';
export {
  listFleetCompliance,
  fleetComplianceAnswer,
  fleetComplianceListStatement,
  fleetCompliancePageStatement,
  type FleetCompliancePaging,
  encodeFleetComplianceCursor,
  decodeFleetComplianceCursor,
  type FleetComplianceCursor,
  type FleetComplianceItem,
  type FleetComplianceAnswer,
} from './fleet-compliance/queries';
export { getDashboardStats, type DashboardStats } from './dashboard/queries';
export {
  listActivities,
  listActivityPage,
  listRecentUsage,
  decodeActivityCursor,
  encodeActivityCursor,
  type ActivityCursor,
  type ActivityFilter,
  type ActivityPage,
  DEFAULT_ACTIVITY_LIMIT,
  MAX_ACTIVITY_LIMIT,
  type Activity,
} from './activity/queries';
export { listEmailMessages, type EmailMessage } from './email-log/queries';
export { listVesselBatches, getBatch, type InventoryBatch } from './inventory-batches/queries';
export {
  getHierarchicalInventory,
  getVolumeRequirements,
  getVolumeRequirementsAnswer,
  type VolumeRequirementsAnswer,
  getVesselScale,
  listCriticalItems,
  listScales,
  type CriticalItem,
  type HierarchicalInventory,
} from './medical-chest/queries';
export { refreshChests } from './medical-chest/refresh';
export { chestSnapshotAsOf } from './chest-snapshots/queries';
export { CHEST_SNAPSHOT_EVERY, createChestSnapshotsProjection, chestSnapshotsProjection } from './chest-snapshots/project';
export { createReadCache, createScopedReadCache, type ReadCache, type ScopedReadCache } from './readCache';
export { keptWithinBytes, textBytes } from './keptWithinBytes';
export { createReadModelClock, readModelMoments, READ_MODEL_VERSIONS_SQL, type ReadModelClock, type ReadModelsAt } from './readModelClock';
export { createMedicalChestProjection, medicalChestProjection } from './medical-chest/project';
export {
  listInventoryImports,
  DEFAULT_INVENTORY_IMPORT_LIMIT,
  MAX_INVENTORY_IMPORT_LIMIT,
  type InventoryImport,
} from './inventory-imports/queries';
export {
  getOrder,
  listOrders,
  listSupplierOrders,
  listVesselOrdersWithItems,
  type Order,
  type OrderFilters,
  type OrderItemRow,
  type OrderStatusHistoryRow,
  type OrderWithItems,
  type SupplierOrder,
  type UpcomingOrder,
} from './orders/queries';
export {
  listVesselHistory,
  listVesselStreams,
  listVesselHistoryTypes,
  DEFAULT_HISTORY_LIMIT,
  MAX_HISTORY_LIMIT,
  type VesselHistoryEntry,
  type VesselHistoryFilter,
} from './vessel-history/queries';
export { eventVesselId } from './vessel-history/project';
export * from './files/index';
export { listReports, getReport } from './reports/queries';
