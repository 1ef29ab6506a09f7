import type { HistoryChange } from '@medchest/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ReadModelDb } from '../db';
import { actorOf, deletedSince, type Actor } from '../users/actor';
import { encodeActivityCursor, type ActivityCursor } from '../activity/queries';

/** One entry of a vessel's timeline: what happened, who did it, when, and the values it changed. */
export interface VesselHistoryEntry {
  eventId: string;
  type: string;
  summary: string;
  changes: HistoryChange[];
  occurredAt: string;
  user: Actor;
  streamId: string;
  revision: string;
}

export interface VesselHistoryFilter {
  /** An event type (VesselUpdated, BatchAdjusted …). */
  type?: string;
  /** YYYY-MM-DD, inclusive, in UTC like the product's days. */
  from?: string;
  to?: string;
  limit?: number;
  before?: ActivityCursor;
}

export const DEFAULT_HISTORY_LIMIT = 200;
export const MAX_HISTORY_LIMIT = 1000;

const nextDay = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00.000Z`) + 86_400_000);

/** The vessel's timeline, newest first, filtered by type and by day; paged like the activity log. */
export async function listVesselHistory(
  db: Kysely<ReadModelDb>,
  vesselId: string,
  filter: VesselHistoryFilter = {},
): Promise<{ entries: VesselHistoryEntry[]; total: number; nextCursor?: string }> {
  const limit = Math.min(Math.max(Math.floor(filter.limit ?? DEFAULT_HISTORY_LIMIT), 1), MAX_HISTORY_LIMIT);
  let base = db.selectFrom('vessel_history as h').where('h.vessel_id', '=', vesselId);
  if (filter.type) base = base.where('h.event_type', '=', filter.type);
  if (filter.from) base = base.where('h.occurred_at', '>=', new Date(`${filter.from}T00:00:00.000Z`));
  if (filter.to) base = base.where('h.occurred_at', '<', nextDay(filter.to));
  let page = base;
  const { before } = filter;
  if (before) {
    page = page.where(sql<SqlBool>`(h.occurred_at, h.log_commit, h.log_event) < (${before.createdAt}, ${before.commit}::bigint, ${before.event}::bigint)`);
  }
  const [rows, count] = await Promise.all([
    page
      .leftJoin('users as u', 'u.id', 'h.user_id')
      .select(['h.event_id', 'h.event_type', 'h.summary', 'h.changes', 'h.occurred_at', 'h.stream_id', 'h.revision', 'h.log_commit', 'h.log_event', 'h.user_id as actor_id', 'u.id as uid', 'u.first_name', 'u.last_name', deletedSince('h', 'user_id').as('actor_deleted')])
      .orderBy('h.occurred_at', 'desc')
      .orderBy('h.log_commit', 'desc')
      .orderBy('h.log_event', 'desc')
      .limit(limit + 1)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    entries: shown.map((row) => ({
      eventId: row.event_id,
      type: row.event_type,
      summary: row.summary,
      changes: row.changes,
      occurredAt: row.occurred_at.toISOString(),
      user: actorOf(row.actor_id, { id: row.uid, firstName: row.first_name, lastName: row.last_name, deletedSince: row.actor_deleted }),
      streamId: row.stream_id,
      revision: String(row.revision),
    })),
    total: Number(count.n),
    nextCursor:
      rows.length > limit && last ? encodeActivityCursor({ createdAt: last.occurred_at, commit: String(last.log_commit), event: String(last.log_event) }) : undefined,
  };
}

/** The streams that hold events of this vessel (those Verify history checks). */
export async function listVesselStreams(db: Kysely<ReadModelDb>, vesselId: string): Promise<string[]> {
  const rows = await db.selectFrom('vessel_streams').select('stream_id').where('vessel_id', '=', vesselId).orderBy('stream_id').execute();
  return rows.map((r) => r.stream_id);
}

/** The event types a vessel's history holds (the timeline's type filter). */
export async function listVesselHistoryTypes(db: Kysely<ReadModelDb>, vesselId: string): Promise<string[]> {
  const rows = await db.selectFrom('vessel_history').select('event_type').distinct().where('vessel_id', '=', vesselId).orderBy('event_type').execute();
  return rows.map((r) => r.event_type);
}
