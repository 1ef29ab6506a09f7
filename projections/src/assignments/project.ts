/**
 * Cost per event (issue 14), what this read model may write: an assignment replaces the user's
 * list (its rows: the list is the answer), a vessel created by a fleet manager one row, a user
 * deleted the deletion of their lists. An admin's edits are rare: statements per event are fine.
 */
import type { Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import { defineProjection, type ProjectedEvent } from '../projection';

export const ASSIGNMENT_EVENT_TYPES = ['UserVesselsAssigned', 'UserFleetsAssigned', 'VesselCreated', 'UserDeleted'] as const;

/**
 * Who is assigned which vessels and fleets (issue 9). Assignments are rare (an admin's edit, a
 * fleet manager creating a vessel), so each event is applied as it comes, in log order:
 * - UserVesselsAssigned / UserFleetsAssigned replace the user's whole list;
 * - VesselCreated with `assignedTo` assigns the new vessel to the fleet manager who created it;
 * - UserDeleted removes the user's lists.
 * A deleted vessel stays in the lists of those it was assigned to (its history is theirs to read);
 * counts and editors show live vessels only (they join the vessels table).
 */
async function applyAssignments(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  for (const event of events) {
    const at = new Date(event.metadata.occurredAt);
    const by = event.metadata.userId;
    switch (event.type) {
      case 'UserVesselsAssigned': {
        const { userId, vesselIds } = event.data;
        await trx.deleteFrom('user_vessel_assignments').where('user_id', '=', userId).execute();
        if (vesselIds.length > 0) {
          await trx
            .insertInto('user_vessel_assignments')
            .values(vesselIds.map((vesselId) => ({ user_id: userId, vessel_id: vesselId, assigned_at: at, assigned_by: by })))
            .onConflict((c) => c.doNothing())
            .execute();
        }
        break;
      }
      case 'UserFleetsAssigned': {
        const { userId, fleets } = event.data;
        await trx.deleteFrom('user_fleet_assignments').where('user_id', '=', userId).execute();
        if (fleets.length > 0) {
          await trx
            .insertInto('user_fleet_assignments')
            .values(fleets.map((fleet) => ({ user_id: userId, fleet, assigned_at: at, assigned_by: by })))
            .onConflict((c) => c.doNothing())
            .execute();
        }
        break;
      }
      case 'VesselCreated': {
        const { vesselId, assignedTo } = event.data;
        if (!assignedTo) break;
        await trx
          .insertInto('user_vessel_assignments')
          .values({ user_id: assignedTo, vessel_id: vesselId, assigned_at: at, assigned_by: by })
          .onConflict((c) => c.doNothing())
          .execute();
        break;
      }
      case 'UserDeleted':
        await trx.deleteFrom('user_vessel_assignments').where('user_id', '=', event.data.userId).execute();
        await trx.deleteFrom('user_fleet_assignments').where('user_id', '=', event.data.userId).execute();
        break;
    }
  }
}

export const assignmentsProjection = defineProjection({
  name: 'assignments',
  eventTypes: ASSIGNMENT_EVENT_TYPES,
  tables: ['user_vessel_assignments', 'user_fleet_assignments'],
  apply: applyAssignments,
});
