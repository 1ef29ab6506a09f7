import type { Role } from '@medchest/domain';

/**
 * Who may call a route, declared once per route in its `config.access`:
 * - 'public': anyone, logged in or not;
 * - 'authenticated': any logged-in account, including a pending one (auth and profile routes);
 * - 'active': a logged-in account an admin has approved;
 * - { roles }: an active account with one of these roles.
 * Every /api route must declare one: the app refuses to start otherwise.
 */
export type Access = 'public' | 'authenticated' | 'active' | { roles: readonly Role[] };

/** Whole-fleet screens (dashboard, vessels): admins and fleet managers. Captains get their own portal. */
export const FLEET: Access = { roles: ['admin', 'fleet_manager'] };
export const ADMIN: Access = { roles: ['admin'] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
