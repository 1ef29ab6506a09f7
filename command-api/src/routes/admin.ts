import type { FastifyPluginAsync } from 'fastify';
import { ADMIN } from '../auth/access';
import type { SessionStore } from '../auth/sessions';
import type { AppDeps } from '../commands/context';
import { approveUser, suspendUser } from '../commands/users';
import { answerPosition, commandContext } from '../http/context';
import { listUsers } from '../readModels';

type WithId = { Params: { id: string } };

/** User administration (spec 001 §7), admins only. (Password hashes are not in the read models at all.) */
export const adminRoutes: FastifyPluginAsync<{ deps: AppDeps; sessions: SessionStore }> = async (app, { deps, sessions }) => {
  app.get('/api/admin/users', { config: { access: ADMIN } }, async () => listUsers(deps.db));

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
};
