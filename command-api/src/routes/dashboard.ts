import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { isoToday } from '@medchest/domain';
import { getDashboardStats, listActivities, listCriticalItems, listFleetCompliance } from '../readModels';

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
  app.get('/api/dashboard/stats', { config: { access: FLEET } }, async () => getDashboardStats(deps.db, now()));

  app.get('/api/dashboard/fleet-compliance', { config: { access: FLEET } }, async () => listFleetCompliance(deps.db, isoToday(now())));

  app.get('/api/dashboard/critical-items', { config: { access: FLEET } }, async () => listCriticalItems(deps.db, isoToday(now())));

  app.get('/api/dashboard/all-activities', { config: { access: FLEET } }, async (request) => {
    const { limit } = activityQuery.parse(request.query ?? {});
    return listActivities(deps.db, { limit });
  });
};
