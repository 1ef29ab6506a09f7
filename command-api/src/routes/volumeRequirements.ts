import type { FastifyPluginAsync } from 'fastify';
import { VESSEL_CHEST } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { listVolumeRequirements } from '../commands/volumeRequirements';

type Request = { Params: { id: string }; Querystring: { asOf?: unknown } };

/**
 * GET /api/vessels/{id}/volume-requirements[?asOf=YYYY-MM-DD] (spec 000 §7): the list of volume
 * requirement rows of the vessel's chest, today (`now`'s UTC day) or as it stood at the end of a
 * past day. The fleet roles, and a captain on their own vessel.
 */
export const volumeRequirementRoutes: FastifyPluginAsync<{ deps: AppDeps; now: () => Date }> = async (app, { deps, now }) => {
  app.get<Request>('/api/vessels/:id/volume-requirements', { config: { access: VESSEL_CHEST } }, async (request) =>
    listVolumeRequirements(deps, request.params.id, (request.query ?? {}).asOf, now()),
  );
};
