import { isReadOnlyRole, PENDING_ACCOUNT_MESSAGE, READ_ONLY_MESSAGE, vesselNotFound, type Role, type VesselScope } from '@medchest/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { shared } from '../http/plugin';
import type { ReadDb, User } from '../readModels';
import { vesselOfUrl, type Access } from './access';
import { captainOfSession } from './captainPrincipal';
import { createScopeChecks, scopeOf } from './scope';
import type { SessionStore } from './sessions';

export const SESSION_COOKIE = 'medchest_session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, as registered (the access matrix test reads it). */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    /** The logged-in user (read model), or null. Set before any route hook runs. */
    user: User | null;
    /** The vessels the caller may see (none when logged out): every list and count filters by it. */
    scope: VesselScope;
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
  const canActOnVessel = createScopeChecks(db);
  app.decorateRequest('user', null);
  // Set on every request by the hook below, before any route code runs.
  app.decorateRequest('scope', null as never);

  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (access === undefined) throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      // The session and its account in one statement: every signed-in request starts with them.
      // A route that reads the models has where they stand read by the same statement: one that
      // says so, and one about a vessel, whose scope check reads them (a fleet manager's, an auditor's).
      const found = await sessions.findWithUser(token, { readModels: request.routeOptions.config?.readsModels === true || hasOwnerVessel(request) });
      if (found?.readModels) request.readModelsAt = Promise.resolve(found.readModels);
      const user = !found
        ? undefined
        : found.session.vesselId
          ? await captainOfSession(db, { ...found.session, vesselId: found.session.vesselId })
          : found.user;
      if (user && user.status !== 'suspended') {
        request.user = user;
      } else {
        if (found) await sessions.destroy(token);
        clearSessionCookie(reply);
      }
    }
    request.scope = scopeOf(request.user);
    const access = request.routeOptions.config?.access;
    if (access) enforce(access, request);
  });

  // The owner vessel is resolved once the route's schemas have checked its params (a malformed
  // id has already answered 404 there), so a resolver reads well-formed ids only.
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access) await enforceOwnerVessel(access, request, canActOnVessel);
  });
});

const READ_METHODS = new Set(['GET', 'HEAD']);

function enforce(access: Access, request: FastifyRequest): void {
  if (access === 'public') return;
  const user = request.user;
  if (!user) throw unauthorized();
  if (access === 'authenticated') return;
  if (user.status !== 'active') throw forbidden(PENDING_ACCOUNT_MESSAGE);
  if (access === 'active') return;
  const role = user.role as Role;
  if (!access.roles.includes(role) && !access.ownVessel?.includes(role)) throw forbidden('You do not have permission to do this');
  // Auditors read; every command of the fleet is refused with a message saying why.
  if (isReadOnlyRole(role) && !READ_METHODS.has(request.method)) throw forbidden(READ_ONLY_MESSAGE);
}

/** Whether the route is about one vessel: it declares its owner vessel, or it is /api/vessels/:id/... */
function hasOwnerVessel(request: FastifyRequest): boolean {
  return request.routeOptions.config?.ownerVessel !== undefined || request.routeOptions.url?.startsWith('/api/vessels/:id') === true;
}

/** The vessel the route is about (declared, or the :id of /api/vessels/:id/...), if any. */
function ownerVesselOf(request: FastifyRequest) {
  const declared = request.routeOptions.config?.ownerVessel;
  if (declared) return declared(request);
  return hasOwnerVessel(request) ? vesselOfUrl(request) : undefined;
}

/**
 * A call about one vessel answers 404 outside the caller's scope, as if the vessel did not exist.
 * A role allowed only on its own vessel (a captain) may not use a route that names no vessel.
 */
async function enforceOwnerVessel(access: Access, request: FastifyRequest, canActOnVessel: ReturnType<typeof createScopeChecks>): Promise<void> {
  if (typeof access === 'string') return;
  const vesselId = await ownerVesselOf(request);
  if (vesselId === undefined) {
    if (!access.roles.includes(request.user?.role as Role)) throw forbidden('You do not have permission to do this');
    return;
  }
  if (!(await canActOnVessel(request.user, vesselId, () => request.readModels()))) throw (request.routeOptions.config?.notFound ?? vesselNotFound)();
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
