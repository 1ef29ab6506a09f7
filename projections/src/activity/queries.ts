import { DEFAULT_ACTIVITY_PAGE_SIZE, MAX_ACTIVITY_PAGE_SIZE, type Activity, type ActivityType, type RecentUsageEntry } from '@medchest/domain';
import { sql, type Kysely, type SqlBool, type ExpressionBuilder } from 'kysely';
import type { ReadModelDb } from '../db';
import { actorOf, deletedSince } from '../users/actor';

export type { Activity } from '@medchest/domain';

export const DEFAULT_ACTIVITY_LIMIT = DEFAULT_ACTIVITY_PAGE_SIZE;
export const MAX_ACTIVITY_LIMIT = MAX_ACTIVITY_PAGE_SIZE;

/** Where a page ends: the last line's place in the feed's order, to ask for the lines older than it. */
export interface ActivityCursor {
  createdAt: Date;
  commit: string;
  event: string;
}

/** The cursor as the API carries it: opaque text, `<epoch ms>.<commit>.<event>`. */
export function encodeActivityCursor(cursor: ActivityCursor): string {
  return `${cursor.createdAt.getTime()}.${cursor.commit}.${cursor.event}`;
}

/** The cursor back from its text; undefined when the text is not one. */
export function decodeActivityCursor(text: string): ActivityCursor | undefined {
  const match = /^(\d{1,15})\.(\d{1,20})\.(\d{1,20})$/.exec(text);
  if (!match) return undefined;
  return { createdAt: new Date(Number(match[1])), commit: match[2], event: match[3] };
}

export interface ActivityFilter {
  /** A piece of the description or the vessel's name, any case. */
  search?: string;
  vesselId?: string;
  type?: ActivityType;
  /**
   * The vessels the caller may see; undefined or null: every line (an admin). Lines without a
   * vessel are shown only to callers who see every vessel.
   */
  vesselScope?: readonly string[] | null;
}

export interface ActivityPage {
  activities: Activity[];
  /** How many lines match the filter in all (the page's "of Y"). */
  total: number;
  /** The cursor for the next (older) page; undefined when this page holds the oldest line. */
  nextCursor?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterWhere(filter: ActivityFilter) {
  return (eb: ExpressionBuilder<ReadModelDb, 'activities'>) => {
    const conditions = [];
    if (filter.vesselId !== undefined) conditions.push(eb('activities.vessel_id', '=', filter.vesselId));
    if (filter.type !== undefined) conditions.push(eb('activities.activity_type', '=', filter.type));
    if (filter.vesselScope) conditions.push(eb('activities.vessel_id', '=', eb.fn.any(eb.val([...filter.vesselScope]))));
    const search = filter.search?.trim();
    if (search) {
      conditions.push(
        sql<SqlBool>`lower(activities.description || ' ' || coalesce(activities.vessel_name, '')) LIKE ${`%${escapeLike(search.toLowerCase())}%`}`,
      );
    }
    return eb.and(conditions);
  };
}

/**
 * How many lines match: from the counts table when no search is given (a sum over at most
 * vessels × types rows), otherwise by counting the matches.
 */
async function countActivities(db: Kysely<ReadModelDb>, filter: ActivityFilter): Promise<number> {
  if (filter.search?.trim()) {
    const row = await db.selectFrom('activities').select((eb) => eb.fn.countAll<string>().as('n')).where(filterWhere(filter)).executeTakeFirstOrThrow();
    return Number(row.n);
  }
  let query = db.selectFrom('activity_counts').select(sql<string>`coalesce(sum(n), 0)`.as('n'));
  if (filter.vesselId !== undefined) query = query.where('vessel_id', '=', filter.vesselId);
  if (filter.type !== undefined) query = query.where('activity_type', '=', filter.type);
  if (filter.vesselScope) query = query.where((eb) => eb('vessel_id', '=', eb.fn.any(eb.val([...filter.vesselScope!]))));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The activity log: the lines matching the filter, newest first (ties in log order, newest first),
 * `limit` of them (1 to 500, default 50) older than `before` when given, with the number matching
 * in all.
 */
export async function listActivityPage(
  db: Kysely<ReadModelDb>,
  options: ActivityFilter & { limit?: number; before?: ActivityCursor } = {},
): Promise<ActivityPage> {
  const requested = Math.floor(options.limit ?? DEFAULT_ACTIVITY_LIMIT);
  const limit = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), MAX_ACTIVITY_LIMIT) : DEFAULT_ACTIVITY_LIMIT;
  let query = db
    .selectFrom('activities')
    .leftJoin('users as u', 'u.id', 'activities.user_id')
    .select([
      'activities.id',
      'activities.activity_type',
      'activities.description',
      'activities.created_at',
      'activities.vessel_id',
      'activities.vessel_name',
      'activities.metadata',
      'activities.log_commit',
      'activities.log_event',
      'activities.user_id as actor_id',
      deletedSince('activities', 'user_id').as('actor_deleted'),
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
    ])
    .where(filterWhere(options));
  const { before } = options;
  if (before) {
    query = query.where(
      sql<SqlBool>`(activities.created_at, activities.log_commit, activities.log_event) < (${before.createdAt}, ${before.commit}::bigint, ${before.event}::bigint)`,
    );
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy('activities.created_at', 'desc')
      .orderBy('activities.log_commit', 'desc')
      .orderBy('activities.log_event', 'desc')
      .limit(limit + 1)
      .execute(),
    countActivities(db, options),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    activities: page.map((row) => ({
      id: row.id,
      activityType: row.activity_type,
      description: row.description,
      createdAt: row.created_at.toISOString(),
      vesselId: row.vessel_id,
      vessel: row.vessel_name === null ? null : { vesselName: row.vessel_name },
      user: actorOf(row.actor_id, { id: row.user_id, firstName: row.first_name, lastName: row.last_name, deletedSince: row.actor_deleted }),
      metadata: row.metadata,
    })),
    total,
    nextCursor:
      rows.length > limit && last ? encodeActivityCursor({ createdAt: last.created_at, commit: String(last.log_commit), event: String(last.log_event) }) : undefined,
  };
}

/** The newest activities first (the dashboard's Recent Activity); limit 1 to 500, default 50. */
export async function listActivities(db: Kysely<ReadModelDb>, options: { limit?: number; vesselScope?: readonly string[] | null } = {}): Promise<Activity[]> {
  return (await listActivityPage(db, options)).activities;
}

/**
 * A vessel's usage entries (BatchUsageRecorded: their usage_tracked lines carry the medical log's
 * fields) used on or after `since` (YYYY-MM-DD), the latest use first. A usage-reason count made
 * through the quantity edit is usage_tracked too but names no day of use: it is not a log entry.
 */
export async function listRecentUsage(db: Kysely<ReadModelDb>, vesselId: string, since: string): Promise<RecentUsageEntry[]> {
  const usageDate = sql<string>`activities.metadata->>'usageDate'`;
  const rows = await db
    .selectFrom('activities')
    .select(['id', 'metadata'])
    .where('vessel_id', '=', vesselId)
    .where('activity_type', '=', 'usage_tracked')
    .where(usageDate, '>=', since)
    .orderBy(usageDate, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('log_commit', 'desc')
    .orderBy('log_event', 'desc')
    .execute();
  return rows.map(({ id, metadata }) => ({
    id,
    scaleId: String(metadata.scaleId),
    quantityUsed: Number(metadata.quantityUsed),
    reason: String(metadata.reason),
    crewMemberName: typeof metadata.crewMemberName === 'string' ? metadata.crewMemberName : null,
    usageDate: String(metadata.usageDate),
  }));
}
