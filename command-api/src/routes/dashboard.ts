import { z } from 'zod';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { createJsonAnswerSender } from '../http/jsonAnswer';
import { ACTIVITY_TYPES, DEFAULT_ACTIVITY_PAGE_SIZE, isoToday, MAX_ACTIVITY_PAGE_SIZE } from '@medchest/domain';
import { isUuid } from '../ids';
import type { RoutePlugin } from '../http/routeSchemas';
import { createScopedReadCache, vesselIdsInScope, decodeActivityCursor, getDashboardStats, listActivityPage, listCriticalItems, listFleetCompliance } from '../readModels';

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

/** The dashboard calls of spec 000 §7, answered from the read models. */
export const dashboardRoutes: RoutePlugin<{ deps: AppDeps; now: () => Date }> = async (app, { deps, now }) => {
  // The two fleet-wide answers are served from memory while the read models they come from have
  // not moved (see createReadCache): one small read instead of a thousand rows parsed and written
  // out again on every dashboard load; the long one goes gzipped to clients that accept it.
  // Kept per scope: each account's answer covers only the vessels it may see.
  const statsCache = createScopedReadCache(deps.db, ['vessels', 'medical-chest']);
  const fleetComplianceCache = createScopedReadCache(deps.db, ['fleet-compliance', 'medical-chest']);
  const sendStats = createJsonAnswerSender();
  const sendFleetCompliance = createJsonAnswerSender();

  app.get('/api/dashboard/stats', { config: { access: FLEET } }, async (request, reply) => {
    const at = now();
    // The certificate badges count calendar days in the server's local time zone (date-fns), the
    // chest in UTC days: the answer holds while neither day changes.
    const key = `${isoToday(at)} ${at.getFullYear()}-${at.getMonth() + 1}-${at.getDate()}`;
    return sendStats(request, reply, await statsCache.get(request.scope, { today: isoToday(at), key }, () => getDashboardStats(deps.db, at, request.scope)));
  });

  app.get('/api/dashboard/fleet-compliance', { config: { access: FLEET } }, async (request, reply) => {
    const today = isoToday(now());
    return sendFleetCompliance(request, reply, await fleetComplianceCache.get(request.scope, { today }, () => listFleetCompliance(deps.db, today, request.scope)));
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
