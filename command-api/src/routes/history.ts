import { HISTORY } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { verifyVesselHistory, vesselHistory, vesselStreams } from '../commands/history';
import { pscPack } from '../commands/pscPack';
import { vesselParams, type RoutePlugin } from '../http/routeSchemas';
import { listVesselHistoryTypes } from '../readModels';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from './dashboard';

/**
 * A vessel's history (issue 13): the timeline, newest first, filtered by event type and days
 * (GET /api/vessels/{id}/history?type=&from=&to=, paged with limit and before like the activity
 * log), Verify history (GET /api/vessels/{id}/history/verify) and the port state control pack
 * (GET /api/vessels/{id}/psc-pack?date=).
 */
export const historyRoutes: RoutePlugin<{ deps: AppDeps; now: () => Date; historyKey: Buffer }> = async (app, { deps, now, historyKey }) => {
  app.get('/api/vessels/:id/history', { schema: { params: vesselParams }, config: { access: HISTORY } }, async (request, reply) => {
    const page = await vesselHistory(deps, request.params.id, request.query);
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.entries;
  });

  /** The event types this vessel's history holds (the timeline's type filter). */
  app.get('/api/vessels/:id/history/types', { schema: { params: vesselParams }, config: { access: HISTORY } }, async (request) => {
    await vesselStreams(deps, request.params.id);
    return listVesselHistoryTypes(deps.db, request.params.id);
  });

  app.get('/api/vessels/:id/history/verify', { schema: { params: vesselParams }, config: { access: HISTORY } }, async (request) =>
    verifyVesselHistory(deps, historyKey, request.params.id, now()),
  );

  /** The port state control pack for one day (a PDF built from the history cut at that day). */
  app.get('/api/vessels/:id/psc-pack', { schema: { params: vesselParams }, config: { access: HISTORY } }, async (request, reply) => {
    const { date } = (request.query ?? {}) as { date?: unknown };
    const pack = await pscPack(deps, historyKey, request.params.id, date, now());
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pack.fileName}"`)
      .send(pack.body);
  });
};
