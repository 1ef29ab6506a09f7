import { userNotFound } from '@medchest/domain';
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
import { userParams, type RoutePlugin } from '../http/routeSchemas';
import { countVesselsInScopeByUser, getUser, listAssignedFleets, listAssignedVesselIds, listFleetNames, listUsers } from '../readModels';

/**
 * User administration (spec 001 §6, §7), admins only. (Password hashes are not in the read models
 * at all.) Suspending or deleting an account, or changing its role or password, ends every one of
 * its sessions at once.
 */
export const adminRoutes: RoutePlugin<{ deps: AppDeps; sessions: SessionStore }> = async (app, { deps, sessions }) => {
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

  app.patch('/api/admin/users/:id', { schema: { params: userParams }, config: { access: ADMIN } }, async (request, reply) => {
    const { user, position, endSessions } = await editUserByAdmin(deps, request.params.id, formBody(request.body), commandContext(request));
    answerPosition(reply, position);
    if (endSessions) await sessions.destroyAllForUser(user.id);
    return user;
  });

  app.patch('/api/admin/users/:id/approve', { schema: { params: userParams }, config: { access: ADMIN } }, async (request, reply) => {
    const { user, position } = await approveUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    return user;
  });

  app.patch('/api/admin/users/:id/suspend', { schema: { params: userParams }, config: { access: ADMIN } }, async (request, reply) => {
    const { user, position } = await suspendUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    // A suspended account is logged out everywhere at once.
    await sessions.destroyAllForUser(user.id);
    return user;
  });

  app.patch('/api/admin/users/:id/reactivate', { schema: { params: userParams }, config: { access: ADMIN } }, async (request, reply) => {
    const { user, position } = await reactivateUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    return user;
  });

  app.delete('/api/admin/users/:id', { schema: { params: userParams }, config: { access: ADMIN } }, async (request, reply) => {
    const { position } = await deleteUser(deps, request.params.id, commandContext(request));
    answerPosition(reply, position);
    await sessions.destroyAllForUser(request.params.id);
    return { message: 'User deleted successfully' };
  });

  app.get('/api/admin/users/:id/vessels', { schema: { params: userParams }, config: { access: ADMIN } }, async (request) => {
    await knownUser(request.params.id);
    return { vesselIds: await listAssignedVesselIds(deps.db, request.params.id) };
  });

  app.post('/api/admin/users/:id/vessels', { schema: { params: userParams }, config: { access: ADMIN } }, async (request, reply) => {
    const { vesselIds, position } = await assignVessels(deps, request.params.id, formBody(request.body), commandContext(request));
    answerPosition(reply, position);
    return { vesselIds };
  });

  app.get('/api/admin/users/:id/fleets', { schema: { params: userParams }, config: { access: ADMIN } }, async (request) => {
    await knownUser(request.params.id);
    return { fleets: await listAssignedFleets(deps.db, request.params.id) };
  });

  app.post('/api/admin/users/:id/fleets', { schema: { params: userParams }, config: { access: ADMIN } }, async (request, reply) => {
    const { fleets, position } = await assignFleets(deps, request.params.id, formBody(request.body), commandContext(request));
    answerPosition(reply, position);
    return { fleets };
  });

  async function knownUser(userId: string) {
    const user = await getUser(deps.db, userId);
    if (!user) throw userNotFound();
    return user;
  }
};
