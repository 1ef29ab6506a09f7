import type { FastifyPluginAsync } from 'fastify';
import { HISTORY } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { verifyVesselHistory, vesselHistory } from '../commands/history';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from './dashboard';

type WithId = { Params: { id: string } };

/**
 * A vessel's history (issue 13): the timeline, newest first, filtered by event type and days
 * (GET /api/vessels/{id}/history?type=&from=&to=, paged with limit and before like the activity
 * log), and Verify history (GET /api/vessels/{id}/history/verify).
 */
export const historyRoutes: FastifyPluginAsync<{ deps: AppDeps; now: () => Date; historyKey: Buffer }> = async (app, { deps, now, historyKey }) => {
  app.get<WithId>('/api/vessels/:id/history', { config: { access: HISTORY } }, async (request, reply) => {
    const page = await vesselHistory(deps, request.params.id, request.query);
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.entries;
  });

  app.get<WithId>('/api/vessels/:id/history/verify', { config: { access: HISTORY } }, async (request) =>
    verifyVesselHistory(deps, historyKey, request.params.id, now()),
  );
};
