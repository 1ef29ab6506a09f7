/**
 * The read-model queries the API answers from (projections/ owns them; no SQL lives in routes).
 * Everything the API needs from projections goes through this file, so a change of shape there
 * is adapted in one place.
 */
export {
  countVesselsInScopeByUser,
  getReport,
  listReports,
  createReadCache,
  createScopedReadCache,
  keptWithinBytes,
  textBytes,
  createReadModelClock,
  isVesselInScope,
  vesselIdsInScope,
  listAssignedFleets,
  listAssignedVesselIds,
  listFleetNames,
  SCOPE_PROJECTIONS,
  findUserByEmail,
  getDashboardStats,
  getHierarchicalInventory,
  getOrder,
  listOrders,
  listSupplierOrders,
  listVesselOrdersWithItems,
  getUser,
  getVessel,
  listVesselsByContactEmail,
  listVesselCertificates,
  findVesselByImo,
  getVesselScale,
  getVolumeRequirements,
  getVolumeRequirementsAnswer,
  chestSnapshotAsOf,
  listActivities,
  listActivityPage,
  listRecentUsage,
  decodeActivityCursor,
  listCriticalItems,
  listFleetCompliance,
  fleetComplianceAnswer,
  decodeFleetComplianceCursor,
  listScales,
  listUsers,
  listVessels,
  listVesselBatches,
  listVesselHistory,
  listVesselHistoryTypes,
  listVesselStreams,
} from '@medchest/projections';
import type { createReadModelDb } from '@medchest/projections';
export type { FleetComplianceAnswer, HierarchicalInventory, InventoryBatch, Order, OrderWithItems, ReadModelClock, ReadModelsAt, SupplierOrder, User, Vessel, VolumeRequirementsAnswer } from '@medchest/projections';

/** The kysely handle on the read models. */
export type ReadDb = ReturnType<typeof createReadModelDb>;
