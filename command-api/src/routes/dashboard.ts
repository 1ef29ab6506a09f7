import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { createJsonAnswerSender } from '../http/jsonAnswer';
import {
  ACTIVITY_TYPES,
  DEFAULT_ACTIVITY_PAGE_SIZE,
  DEFAULT_FLEET_COMPLIANCE_PAGE_SIZE,
  isoToday,
  MAX_ACTIVITY_PAGE_SIZE,
  MAX_FLEET_COMPLIANCE_PAGE_SIZE,
} from '@medchest/domain';
import { isUuid } from '../ids';
import type { RoutePlugin } from '../http/routeSchemas';
import {
  createScopedReadCache,
  textBytes,
  vesselIdsInScope,
  decodeActivityCursor,
  decodeFleetComplianceCursor,
  getDashboardStats,
  listActivityPage,
  listCriticalItems,
  fleetComplianceAnswer,
  type FleetComplianceAnswer,
} from '../readModels';

export const ACTIVITY_LIMIT_DEFAULT = DEFAULT_ACTIVITY_PAGE_SIZE;
export const ACTIVITY_LIMIT_MAX = MAX_ACTIVITY_PAGE_SIZE;
/** The answer's headers: how many lines match in all, and the cursor of the next (older) page. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

const emptyAsAbsent = (v: unknown) => (v === undefined || v === '' ? undefined : v);
const SEARCH_MAX = 255;

const activityQuery = z.object({
  search: z.preprocess(emptyAsAbsent, z.string().max(SEARCH_MAX, `search must not exceed ${SEARCH_MAX} characters`).optional()),
  vesselId: z.preprocess(emptyAsAbsent, z.string().refine(isUuid, 'vesselId must be a vessel id').optional()),
  type: z.preprocess(emptyAsAbsent, z.enum(ACTIVITY_TYPES, { error: 'Please select a valid activity type' }).optional()),
  before: z.preprocess(
    emptyAsAbsent,
    z
      .string()
      .transform((text, ctx) => {
        const cursor = decodeActivityCursor(text);
        if (!cursor) ctx.addIssue({ code: 'custom', message: 'before must be the cursor of an earlier page' });
        return cursor;
      })
      .optional(),
  ),
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v),
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}` })
      .int(`limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}`)
      .min(1, `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}`)
      .max(ACTIVITY_LIMIT_MAX, `limit must be a whole number from 1 to ${ACTIVITY_LIMIT_MAX}`)
      .default(ACTIVITY_LIMIT_DEFAULT),
  ),
});

const FLEET_PAGE_MESSAGE = `limit must be a whole number from 1 to ${MAX_FLEET_COMPLIANCE_PAGE_SIZE}`;

/** The fleet compliance list's paging: neither value, the whole list (spec 000 §7); either, one page. */
const fleetComplianceQuery = z.object({
  limit: z.preprocess(
    emptyAsAbsent,
    z.coerce.number({ error: FLEET_PAGE_MESSAGE }).int(FLEET_PAGE_MESSAGE).min(1, FLEET_PAGE_MESSAGE).max(MAX_FLEET_COMPLIANCE_PAGE_SIZE, FLEET_PAGE_MESSAGE).optional(),
  ),
  after: z.preprocess(
    emptyAsAbsent,
    z
      .string()
      .transform((text, ctx) => {
        const cursor = decodeFleetComplianceCursor(text);
        if (!cursor) ctx.addIssue({ code: 'custom', message: 'after must be the cursor of an earlier page' });
        return cursor;
      })
      .optional(),
  ),
});

/** The dashboard calls of spec 000 §7, answered from the read models. */
export const dashboardRoutes: RoutePlugin<{ deps: AppDeps; now: () => Date }> = async (app, { deps, now }) => {
  // The two fleet-wide answers are served from memory while the read models they come from have
  // not moved (see createReadCache): one small read instead of a thousand rows on every dashboard
  // load; the long one goes gzipped to clients that accept it. Kept per scope: each account's
  // answer covers only the vessels it may see. Each is kept as the text it is sent as (the fleet
  // compliance list's written by PostgreSQL), so a kept answer is sent as it is.
  const statsCache = createScopedReadCache<string>(deps.db, ['vessels', 'medical-chest'], { bytesOf: textBytes });
  const fleetComplianceCache = createScopedReadCache<FleetComplianceAnswer>(deps.db, ['fleet-compliance', 'medical-chest'], {
    bytesOf: (answer) => textBytes(answer.json) + textBytes(answer.nextCursor ?? ''),
  });
  const sendStats = createJsonAnswerSender();
  const sendFleetCompliance = createJsonAnswerSender();

  // Where the read models stand: the request's one read of every checkpoint, by its session
  // lookup's statement; the answer kept for that version is then served with no further read.
  const atVersion = (request: FastifyRequest, cache: { watched: readonly string[] }) =>
    request.readModels().then((at) => at.of(cache.watched));

  app.get('/api/dashboard/stats', { config: { access: FLEET, readsModels: true } }, async (request, reply) => {
    const at = now();
    // The certificate badges count calendar days in the server's local time zone (date-fns), the
    // chest in UTC days: the answer holds while neither day changes.
    const key = `${isoToday(at)} ${at.getFullYear()}-${at.getMonth() + 1}-${at.getDate()}`;
    return sendStats(request, reply, await statsCache.get(request.scope, { today: isoToday(at), key }, async () => JSON.stringify(await getDashboardStats(deps.db, at, request.scope)), '', atVersion(request, statsCache)));
  });

  /**
   * The whole list (spec 000 §7), or one page of it (?limit=N&after=cursor, the next page's cursor
   * in x-next-cursor): the dashboard's card shows the first page and asks for more as it scrolls.
   * Each answer is kept per scope and page while the read models stand still, and named by an ETag
   * so a browser that has it gets a 304.
   */
  app.get('/api/dashboard/fleet-compliance', { schema: { querystring: fleetComplianceQuery }, config: { access: FLEET, readsModels: true } }, async (request, reply) => {
    const today = isoToday(now());
    const { limit, after } = request.query;
    const whole = limit === undefined && after === undefined;
    const page = whole ? undefined : { limit: limit ?? DEFAULT_FLEET_COMPLIANCE_PAGE_SIZE, after };
    const variant = page ? `${page.limit}|${after ? `${after.vesselName}\u0000${after.id}` : ''}` : '';
    // A page and its next cursor kept together, so a kept page always comes with its own cursor.
    const { json, nextCursor } = await fleetComplianceCache.get(
      request.scope,
      { today },
      () => fleetComplianceAnswer(deps.db, today, request.scope, page),
      variant,
      atVersion(request, fleetComplianceCache),
    );
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return sendFleetCompliance(request, reply, json);
  });

  app.get('/api/dashboard/critical-items', { config: { access: FLEET } }, async (request) =>
    listCriticalItems(deps.db, isoToday(now()), request.scope),
  );

  /**
   * The activity log (spec 001 §7): an array of lines as the specification has it, newest first,
   * filtered on the server; the number matching in all and the next page's cursor ride in headers.
   */
  app.get('/api/dashboard/all-activities', { schema: { querystring: activityQuery }, config: { access: FLEET } }, async (request, reply) => {
    const { limit, search, vesselId, type, before } = request.query;
    const vesselScope = await vesselIdsInScope(deps.db, request.scope);
    const page = await listActivityPage(deps.db, { limit, search, vesselId, type, before, vesselScope });
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.activities;
  });
};
