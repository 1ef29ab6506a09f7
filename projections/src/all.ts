import { activityProjection } from './activity/project';
import { assignmentsProjection } from './assignments/project';
import { certificatesProjection } from './certificates/project';
import { chestSnapshotsProjection } from './chest-snapshots/project';
import { emailLogProjection } from './email-log/project';
import { fleetComplianceProjection } from './fleet-compliance/project';
import { inventoryImportsProjection } from './inventory-imports/project';
import { medicalChestProjection } from './medical-chest/project';
import { ordersProjection } from './orders/project';
import { reportsProjection } from './reports/project';
import type { Projection } from './projection';
import { usersProjection } from './users/project';
import { vesselsProjection } from './vessels/project';
import { vesselHistoryProjection } from './vessel-history/project';

/** Every read model, each with its own checkpoint and its own lock. */
export const allProjections: readonly Projection[] = [
  vesselsProjection,
  usersProjection,
  fleetComplianceProjection,
  activityProjection,
  emailLogProjection,
  medicalChestProjection,
  inventoryImportsProjection,
  ordersProjection,
  vesselHistoryProjection,
  assignmentsProjection,
  certificatesProjection,
  reportsProjection,
  chestSnapshotsProjection,
];
