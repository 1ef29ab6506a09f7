/**
 * Account facts the API, the seed and the browser all show: written once here.
 */

/** Emails identify accounts case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The demo fleet owner the seed creates (issue 2), shown on /admin/login and in the README. */
export const DEMO_FLEET_OWNER = { email: 'demo@medchest.example', password: 'medchest-demo' } as const;

/** The accounts the demo entry (/admin/login, /api/demo/login) may sign in: the demo fleet owner only. */
export const DEMO_ACCOUNT_EMAILS: readonly string[] = [DEMO_FLEET_OWNER.email];

/** What the demo entry answers for any other account. */
export const NOT_A_DEMO_ACCOUNT_MESSAGE = 'The demo login is only for the demo account. Please log in at /login.';

/** What a pending account is told, at login and on every page it cannot reach yet. */
export const PENDING_ACCOUNT_MESSAGE =
  'Your account is pending approval by an administrator. Until then you can only edit your profile.';

/** How the history names what a deleted account did (its name is erased; the entries stay). */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * The demo's captain (issue 12): /admin/login signs in straight away as the captain of this demo
 * vessel (Fjord Pioneer), without a code; only a seeded demo vessel can be entered this way.
 */
export const DEMO_CAPTAIN_VESSEL_IMO = '9523067';
export const DEMO_CAPTAIN_UNAVAILABLE = 'The demo vessel is not available on this server.';
