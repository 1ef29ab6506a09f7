import { vesselNotFound } from '@medchest/domain';
import { FLEET } from '../auth/access';
import type { AppDeps } from '../commands/context';
import { createVessel, deleteVessel, updateVessel } from '../commands/vessels';
import { answerPosition, commandContext } from '../http/context';
import { vesselParams, type RoutePlugin } from '../http/routeSchemas';
import { getVessel, listVessels } from '../readModels';

/** The vessel calls of spec 000 §7: list, one, create, edit, delete. */
export const vesselRoutes: RoutePlugin<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/api/vessels', { config: { access: FLEET } }, async (request) => listVessels(deps.db, request.scope));

  app.get('/api/vessels/:id', { schema: { params: vesselParams }, config: { access: FLEET } }, async (request) => {
    const vessel = await getVessel(deps.db, request.params.id);
    if (!vessel) throw vesselNotFound();
    return vessel;
  });

  app.post('/api/vessels', { config: { access: FLEET } }, async (request, reply) => {
    // A fleet manager's new vessel is assigned to them by the creating event itself.
    const assignTo = request.user?.role === 'fleet_manager' ? request.user.id : undefined;
    const { vessel, position } = await createVessel(deps, request.body, commandContext(request), { assignTo });
    answerPosition(reply, position);
    return reply.code(201).send(vessel);
  });

  app.put('/api/vessels/:id', { schema: { params: vesselParams }, config: { access: FLEET } }, async (request, reply) => {
    const { vessel, position } = await updateVessel(deps, request.params.id, request.body, commandContext(request));
    answerPosition(reply, position);
    return vessel;
  });

  app.delete('/api/vessels/:id', { schema: { params: vesselParams }, config: { access: FLEET } }, async (request, reply) => {
    const { position } = await deleteVessel(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    return { message: 'Vessel deleted successfully' };
  });
};
