import { VESSEL_CHEST } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { volumeRequirementsAsOf, volumeRequirementsQuery, volumeRequirementsToday } from '../commands/volumeRequirements';
import { createDigestAnswerStore } from '../http/jsonAnswer';
import { asOfQuery, vesselParams, type RoutePlugin } from '../http/routeSchemas';


/**
 * GET /api/vessels/{id}/volume-requirements[?asOf=YYYY-MM-DD] (spec 000 §7): the list of volume
 * requirement rows of the vessel's chest, today (`now`'s UTC day) or as it stood at the end of a
 * past day. The fleet roles, and a captain on their own vessel.
 *
 * Today's answer is the hot path (every inventory page load, every captain's count): answers are
 * kept by the digest the read model stores with each evaluation, so a repeat costs one row read.
 */
export const volumeRequirementRoutes: RoutePlugin<{ deps: AppDeps; now: () => Date }> = async (app, { deps, now }) => {
  const answers = createDigestAnswerStore();
  app.get('/api/vessels/:id/volume-requirements', { schema: { params: vesselParams, querystring: asOfQuery }, config: { access: VESSEL_CHEST } }, async (request, reply) => {
    const { id } = request.params;
    const { today, asOf } = volumeRequirementsQuery(request.query.asOf, now());
    if (asOf !== undefined) return volumeRequirementsAsOf(deps, id, asOf);
    return answers.send(request, reply, await volumeRequirementsToday(deps, id, today, answers));
  });
};
