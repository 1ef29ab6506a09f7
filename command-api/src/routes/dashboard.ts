import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { createJsonAnswerSender } from '../http/jsonAnswer';
import { isoToday } from '@medchest/domain';
import { createReadCache, getDashboardStats, listActivities, listCriticalItems, listFleetCompliance } from '../readModels';

export const ACTIVITY_LIMIT_DEFAULT = 50;
export const ACTIVITY_LIMIT_MAX = 500;

const activityQuery = z.object({
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
export const dashboardRoutes: FastifyPluginAsync<{ deps: AppDeps; now: () => Date }> = async (app, { deps, now }) => {
  // The two fleet-wide answers are served from memory while the read models they come from have
  // not moved (see createReadCache): one small read instead of a thousand rows parsed and written
  // out again on every dashboard load; the long one goes gzipped to clients that accept it.
  const statsCache = createReadCache(deps.db, ['vessels', 'medical-chest']);
  const fleetComplianceCache = createReadCache(deps.db, ['fleet-compliance', 'medical-chest']);
  const sendStats = createJsonAnswerSender();
  const sendFleetCompliance = createJsonAnswerSender();

  app.get('/api/dashboard/stats', { config: { access: FLEET } }, async (request, reply) => {
    const at = now();
    // The certificate badges count calendar days in the server's local time zone (date-fns), the
    // chest in UTC days: the answer holds while neither day changes.
    const key = `${isoToday(at)} ${at.getFullYear()}-${at.getMonth() + 1}-${at.getDate()}`;
    return sendStats(request, reply, await statsCache.get({ today: isoToday(at), key }, () => getDashboardStats(deps.db, at)));
  });

  app.get('/api/dashboard/fleet-compliance', { config: { access: FLEET } }, async (request, reply) => {
    const today = isoToday(now());
    return sendFleetCompliance(request, reply, await fleetComplianceCache.get({ today }, () => listFleetCompliance(deps.db, today)));
  });

  app.get('/api/dashboard/critical-items', { config: { access: FLEET } }, async () => listCriticalItems(deps.db, isoToday(now())));

  app.get('/api/dashboard/all-activities', { config: { access: FLEET } }, async (request) => {
    const { limit } = activityQuery.parse(request.query ?? {});
    return listActivities(deps.db, { limit });
  });
};
