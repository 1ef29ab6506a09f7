import type { Role } from '@medchest/domain';
import type { FastifyRequest } from 'fastify';

/**
 * Who may call a route, declared once per route in its `config.access`:
 * - 'public': anyone, logged in or not;
 * - 'authenticated': any logged-in account, including a pending one (auth and profile routes);
 * - 'active': a logged-in account an admin has approved;
 * - { roles }: an active account with one of these roles;
 * - { roles, ownVessel }: as { roles }, and also an account of an ownVessel role (a captain), on
 *   its own vessel only (the route must have an owner vessel).
 * Every /api route must declare one: the app refuses to start otherwise.
 *
 * On top of the role, two rules hold for every route (auth/plugin.ts):
 * - a read-only role (auditor) may only read (GET): any other method answers 403;
 * - a route about one vessel (its `ownerVessel`, by default the :id of /api/vessels/:id/...)
 *   answers 404 when the vessel is outside the caller's scope (canActOnVessel), exactly as for a
 *   vessel that does not exist, so existence does not leak.
 */
export type Access = 'public' | 'authenticated' | 'active' | { roles: readonly Role[]; ownVessel?: readonly Role[] };

/** Whole-fleet screens (dashboard, vessels): admins, fleet managers and auditors, each over their scope. */
export const FLEET: Access = { roles: ['admin', 'fleet_manager', 'auditor'] };
export const ADMIN: Access = { roles: ['admin'] };
/** A vessel's history, reports and PSC packs: the fleet roles, auditors included (read-only). */
export const HISTORY: Access = { roles: ['admin', 'fleet_manager', 'auditor'] };
/**
 * One vessel's medical chest (its inventory, requirements and stock-taking): the fleet roles on
 * the vessels of their scope, a captain on their own (spec 000 §2: a captain's menu is their
 * vessel's inventory).
 */
export const VESSEL_CHEST: Access = { roles: ['admin', 'fleet_manager', 'auditor'], ownVessel: ['captain'] };

/**
 * How a route finds the vessel it is about: the vessel id, or undefined when the request names
 * none. May read (an order's or a certificate's vessel). An id that names nothing should resolve
 * to something that is no vessel (the check then answers 404).
 */
export type OwnerVessel = (request: FastifyRequest) => string | undefined | Promise<string | undefined>;

/** The default owner of /api/vessels/:id and everything under it. */
export const vesselOfUrl: OwnerVessel = (request) => {
  const params = request.params as { id?: unknown } | undefined;
  return typeof params?.id === 'string' ? params.id : undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The vessel the route is about (see OwnerVessel); /api/vessels/:id routes default to :id. */
    ownerVessel?: OwnerVessel;
    /** The 404 answered outside the caller's scope (default: Vessel not found): say what the URL names. */
    notFound?: () => Error;
  }
}

/**
 * The captain portal's own calls (/api/captain/...): a captain, about the one vessel of their
 * session and nothing else; every fleet role gets 403. Their owner vessel is captainVessel.
 */
export const CAPTAIN: Access = { roles: [], ownVessel: ['captain'] };

/** The vessel of the captain's session; a captain with none gets the 404 of a vessel that does not exist. */
export const captainVessel: OwnerVessel = (request) => request.user?.vesselId ?? 'no-vessel';
