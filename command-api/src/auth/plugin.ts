import { PENDING_ACCOUNT_MESSAGE, type Role } from '@medchest/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { shared } from '../http/plugin';
import { getUser, type ReadDb, type User } from '../readModels';
import type { Access } from './access';
import type { SessionStore } from './sessions';

export const SESSION_COOKIE = 'medchest_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user (read model), or null. Set before any route hook runs. */
    user: User | null;
  }
}

export interface AuthPluginOptions extends Record<string, unknown> {
  sessions: SessionStore;
  db: ReadDb;
}

/**
 * Sessions and access control for every route. Resolves the session cookie to the user on each
 * request (a suspended or removed account loses its session at once), then applies the route's
 * declared access: 401 when logged out, 403 for a pending account or a role not allowed.
 */
export const authPlugin = shared<AuthPluginOptions>('medchest-auth', async (app, { sessions, db }) => {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await sessions.find(token);
      const user = session ? await getUser(db, session.userId) : undefined;
      if (user && user.status !== 'suspended') {
        request.user = user;
      } else {
        if (session) await sessions.destroy(token);
        clearSessionCookie(reply);
      }
    }
    const access = request.routeOptions.config?.access;
    if (access) enforce(access, request);
  });
});

function enforce(access: Access, request: FastifyRequest): void {
  if (access === 'public') return;
  const user = request.user;
  if (!user) throw unauthorized();
  if (access === 'authenticated') return;
  if (user.status !== 'active') throw forbidden(PENDING_ACCOUNT_MESSAGE);
  if (access === 'active') return;
  if (access.roles.includes(user.role as Role)) return;
  if (access.ownVessel?.includes(user.role as Role) && user.vesselId !== null && vesselOfUrl(request) === user.vesselId) return;
  throw forbidden('You do not have permission to do this');
}

/** The vessel a route's URL names (/api/vessels/:id/...), if any. */
function vesselOfUrl(request: FastifyRequest): string | undefined {
  const params = request.params as { id?: unknown } | undefined;
  return typeof params?.id === 'string' ? params.id : undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/' });
}
