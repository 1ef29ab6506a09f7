/**
 * The captain portal's sign-in facts and texts (issue 12), free of zod so the captain's own small
 * web bundle can import them (see captainLogin.ts for the request schema).
 */

/** How long a mailed code may be used, and how many guesses one request of a code allows. */
export const CAPTAIN_CODE_TTL_MS = 15 * 60 * 1000;
export const CAPTAIN_CODE_MAX_ATTEMPTS = 5;
export const CAPTAIN_CODE_DIGITS = 6;

/** The one answer to a request for a code, whether or not the address belongs to a vessel. */
export const CAPTAIN_CODE_SENT_MESSAGE =
  'If this address belongs to a vessel, a sign-in code is on its way. It is valid for 15 minutes.';
/** The one answer to a wrong, expired, used-up or unknown code (no hint which). */
export const CAPTAIN_CODE_INVALID_MESSAGE = 'The code is not valid or has expired. Request a new code and try again.';
export const CAPTAIN_EMAIL_REQUIRED = 'Email is required';
export const CAPTAIN_CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from the email';

/** Failure texts of the captain login screen (spec 001 §8). */
export const CAPTAIN_LOGIN_FAILED = 'Login failed';
export const CAPTAIN_LOGIN_NETWORK_ERROR = 'Network error. Please try again.';

/** The captain screens' messages when the session holds no vessel (spec 001 §8). */
export const CAPTAIN_DASHBOARD_NO_VESSEL = 'Unable to load vessel information. Please contact support.';
export const CAPTAIN_INVENTORY_NO_VESSEL = 'Access Denied. Unable to load vessel information. Please contact your administrator.';

/** The receive dialog could not be fetched (the dashboard loads it on demand): most likely no connection. */
export const CAPTAIN_RECEIVE_UNAVAILABLE = 'The delivery form could not be opened. Check the connection and try again.';

/** The routes of the captain portal (spec 001 §2): everything else under /captain is a 404 page. */
export const CAPTAIN_HOME = '/captain/dashboard';
export const CAPTAIN_PATHS = ['/captain', '/captain/dashboard', '/captain/inventory', '/captain/certificate'] as const;

/** A logged-in account of the captain portal: a captain holding a vessel (spec 001 §2). */
export const isCaptainWithVessel = (user: { role: string; vesselId: string | null } | null | undefined): boolean =>
  !!user && user.role === 'captain' && !!user.vesselId;
