import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ADMIN } from '../auth/access';
import type { SessionStore } from '../auth/sessions';
import type { AppDeps } from '../commands/context';
import {
  approveUser,
  assignFleets,
  assignVessels,
  createUserByAdmin,
  deleteUser,
  editUserByAdmin,
  reactivateUser,
  suspendUser,
} from '../commands/users';
import { answerPosition, commandContext, formBody } from '../http/context';
import { HttpError } from '../http/errors';
import { isUuid } from '../ids';
import { countVesselsInScopeByUser, getUser, listAssignedFleets, listAssignedVesselIds, listFleetNames, listUsers } from '../readModels';

type WithId = { Params: { id: string } };

/**
 * User administration (spec 001 §6, §7), admins only. (Password hashes are not in the read models
 * at all.) Suspending or deleting an account, or changing its role or password, ends every one of
 * its sessions at once.
 */
export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps; sessions: SessionStore }> = async (app, { deps, sessions }) => {
  /** Every account with how many vessels it sees through its assignments (null for an admin: all). */
  app.get('/api/admin/users', { config: { access: ADMIN } }, async () => {
    const [users, counts] = await Promise.all([listUsers(deps.db), countVesselsInScopeByUser(deps.db)]);
    return users.map((user) => ({
      ...user,
      vesselCount: user.role === 'admin' ? null : user.role === 'captain' ? (user.vesselId ? 1 : 0) : (counts.get(user.id) ?? 0),
    }));
  });

  app.get('/api/admin/fleets', { config: { access: ADMIN } }, async () => listFleetNames(deps.db));

  app.post('/api/admin/users/create', { config: { access: ADMIN } }, async (request, reply) => {
    const { user, position } = await createUserByAdmin(deps, formBody(request.body), commandContext(request));
    answerPosition(reply, position);
    return reply.code(201).send(user);
  });

  app.patch<WithId>('/api/admin/users/:id', { config: { access: ADMIN } }, async (request, reply) => {
    const { user, position, endSessions } = await editUserByAdmin(deps, request.params.id, formBody(request.body), commandContext(request));
    answerPosition(reply, position);
    if (endSessions) await sessions.destroyAllForUser(user.id);
    return user;
  });

  app.patch<WithId>('/api/admin/users/:id/approve', { config: { access: ADMIN } }, async (request, reply) => {
    const { user, position } = await approveUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    return user;
  });

  app.patch<WithId>('/api/admin/users/:id/suspend', { config: { access: ADMIN } }, async (request, reply) => {
    const { user, position } = await suspendUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    // A suspended account is logged out everywhere at once.
    await sessions.destroyAllForUser(user.id);
    return user;
  });

  app.patch<WithId>('/api/admin/users/:id/reactivate', { config: { access: ADMIN } }, async (request, reply) => {
    const { user, position } = await reactivateUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    return user;
  });

  app.delete<WithId>('/api/admin/users/:id', { config: { access: ADMIN } }, async (request, reply) => {
    const { position } = await deleteUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    await sessions.destroyAllForUser(request.params.id);
    return { message: 'User deleted successfully' };
  });

  app.get<WithId>('/api/admin/users/:id/vessels', { config: { access: ADMIN } }, async (request) => {
    await knownUser(request);
    return { vesselIds: await listAssignedVesselIds(deps.db, request.params.id) };
  });

  app.post<WithId>('/api/admin/users/:id/vessels', { config: { access: ADMIN } }, async (request, reply) => {
    const { vesselIds, position } = await assignVessels(deps, request.params.id, formBody(request.body), commandContext(request));
    answerPosition(reply, position);
    return { vesselIds };
  });

  app.get<WithId>('/api/admin/users/:id/fleets', { config: { access: ADMIN } }, async (request) => {
    await knownUser(request);
    return { fleets: await listAssignedFleets(deps.db, request.params.id) };
  });

  app.post<WithId>('/api/admin/users/:id/fleets', { config: { access: ADMIN } }, async (request, reply) => {
    const { fleets, position } = await assignFleets(deps, request.params.id, formBody(request.body), commandContext(request));
    answerPosition(reply, position);
    return { fleets };
  });

  async function knownUser(request: FastifyRequest<WithId>) {
    const user = isUuid(request.params.id) ? await getUser(deps.db, request.params.id) : undefined;
    if (!user) throw new HttpError(404, 'User not found');
    return user;
  }
};
