import type { Insertable, Transaction } from 'kysely';
import type { ReadModelDb } from '../db';
import type { ActivitiesTable } from './migration';
import { defineProjection, type ProjectedEvent } from '../projection';
import { writeRows } from '../sql';
import { VESSEL_EVENT_TYPES } from '../vessels/project';

export type ActivityType = 'vessel_created' | 'vessel_updated' | 'vessel_deleted' | 'certificate_updated';

interface ActivityFacts {
  activityType: ActivityType;
  description: string;
  vesselId: string | null;
  vesselName: string | null;
  metadata: Record<string, unknown>;
}

/** The feed's line for an event, or undefined for an event the feed does not show. */
export function describeActivity(event: ProjectedEvent): ActivityFacts | undefined {
  switch (event.type) {
    case 'VesselCreated': {
      const { vesselId, details } = event.data;
      return {
        activityType: 'vessel_created',
        description: `Vessel ${details.vesselName} added to the fleet`,
        vesselId,
        vesselName: details.vesselName,
        metadata: { imoNumber: details.imoNumber },
      };
    }
    case 'VesselUpdated': {
      const { vesselId, details } = event.data;
      return {
        activityType: 'vessel_updated',
        description: `Vessel ${details.vesselName} details updated`,
        vesselId,
        vesselName: details.vesselName,
        metadata: { imoNumber: details.imoNumber },
      };
    }
    case 'VesselDeleted': {
      const { vesselId, vesselName } = event.data;
      return {
        activityType: 'vessel_deleted',
        description: `Vessel ${vesselName} removed from the fleet`,
        vesselId,
        vesselName,
        metadata: {},
      };
    }
    case 'CertificateRecorded': {
      const { vesselId, vesselName, expiryDate, certificateIssuer } = event.data;
      return {
        activityType: 'certificate_updated',
        description: `Medical chest certificate recorded for ${vesselName} (issued by ${certificateIssuer})`,
        vesselId,
        vesselName,
        metadata: { certificateIssuer, expiryDate },
      };
    }
    default:
      return undefined;
  }
}

async function applyActivity(trx: Transaction<ReadModelDb>, events: readonly ProjectedEvent[]) {
  const rows: Insertable<ActivitiesTable>[] = [];
  for (const event of events) {
    const facts = describeActivity(event);
    if (!facts) continue;
    rows.push({
      id: event.id,
      activity_type: facts.activityType,
      description: facts.description,
      vessel_id: facts.vesselId,
      vessel_name: facts.vesselName,
      user_id: event.metadata.userId,
      metadata: facts.metadata,
      created_at: event.metadata.occurredAt,
      log_commit: event.position.commit,
      log_event: event.position.event,
    });
  }
  // An event is one row for ever: replaying it changes nothing.
  await writeRows(trx, 'activities', rows, { key: 'id', update: 'nothing' });
}

/** The Recent Activity list and the activity log page. */
export const activityProjection = defineProjection({
  name: 'activity',
  eventTypes: VESSEL_EVENT_TYPES,
  tables: ['activities'],
  apply: applyActivity,
});
