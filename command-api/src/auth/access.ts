import type { Role } from '@medchest/domain';

/**
 * Who may call a route, declared once per route in its `config.access`:
 * - 'public': anyone, logged in or not;
 * - 'authenticated': any logged-in account, including a pending one (auth and profile routes);
 * - 'active': a logged-in account an admin has approved;
 * - { roles }: an active account with one of these roles;
 * - { roles, ownVessel }: as { roles }, and also an account of an ownVessel role (a captain) on
 *   the one vessel assigned to it, the :id of the route's URL; any other vessel is refused.
 * Every /api route must declare one: the app refuses to start otherwise.
 */
export type Access = 'public' | 'authenticated' | 'active' | { roles: readonly Role[]; ownVessel?: readonly Role[] };

/** Whole-fleet screens (dashboard, vessels): admins and fleet managers. Captains get their own portal. */
export const FLEET: Access = { roles: ['admin', 'fleet_manager'] };
export const ADMIN: Access = { roles: ['admin'] };
/** A vessel's history, reports and PSC packs: the fleet roles (auditors too, once that role exists). */
export const HISTORY: Access = { roles: ['admin', 'fleet_manager'] };
/**
 * One vessel's medical chest (its inventory, requirements and stock-taking): the fleet roles on
 * any vessel, a captain on their own (spec 000 §2: a captain's menu is their vessel's inventory).
 */
export const VESSEL_CHEST: Access = { roles: ['admin', 'fleet_manager'], ownVessel: ['captain'] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
