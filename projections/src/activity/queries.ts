import type { Kysely } from 'kysely';
import type { ReadModelDb } from '../db';

/** An activity item (spec 000 §3 / 001 §3). */
export interface Activity {
  id: string;
  activityType: string;
  description: string;
  createdAt: string;
  vesselId: string | null;
  /** Still named after the vessel is deleted. */
  vessel: { vesselName: string } | null;
  /** The user who did it; null for the system (seeding) or an account no longer known. */
  user: { firstName: string | null; lastName: string | null } | null;
  metadata: Record<string, unknown>;
}

export const DEFAULT_ACTIVITY_LIMIT = 50;
export const MAX_ACTIVITY_LIMIT = 500;

/** The newest activities first (ties in log order, newest first); limit 1 to 500, default 50. */
export async function listActivities(db: Kysely<ReadModelDb>, options: { limit?: number } = {}): Promise<Activity[]> {
  const requested = Math.floor(options.limit ?? DEFAULT_ACTIVITY_LIMIT);
  const limit = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), MAX_ACTIVITY_LIMIT) : DEFAULT_ACTIVITY_LIMIT;
  const rows = await db
    .selectFrom('activities as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.activity_type',
      'a.description',
      'a.created_at',
      'a.vessel_id',
      'a.vessel_name',
      'a.metadata',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.log_commit', 'desc')
    .orderBy('a.log_event', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    activityType: row.activity_type,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    vesselId: row.vessel_id,
    vessel: row.vessel_name === null ? null : { vesselName: row.vessel_name },
    user: row.user_id === null ? null : { firstName: row.first_name, lastName: row.last_name },
    metadata: row.metadata,
  }));
}
