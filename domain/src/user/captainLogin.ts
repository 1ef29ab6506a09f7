import { z } from 'zod';
import { normalizeEmail } from './accounts';

/**
 * The captain portal's sign-in (spec 001 §2 "Captain login", §5, §6; issue 12): the email alone
 * only asks for a one-time code, mailed to that address if it is a vessel's contact email or a
 * captain account's; the email with the code starts a session bound to that one vessel.
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

const email = z
  .string({ error: CAPTAIN_EMAIL_REQUIRED })
  .transform(normalizeEmail)
  .pipe(z.string().min(1, CAPTAIN_EMAIL_REQUIRED).max(254, 'Please enter a valid email'));

/** POST /api/captain/login: `{ email }` asks for a code, `{ email, code }` signs in. */
export const captainLoginSchema = z.object({
  email,
  code: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.replace(/\s+/g, '') : v),
    z
      .string({ error: CAPTAIN_CODE_FORMAT_MESSAGE })
      .regex(new RegExp(`^\\d{${CAPTAIN_CODE_DIGITS}}$`), CAPTAIN_CODE_FORMAT_MESSAGE)
      .optional(),
  ),
});
export type CaptainLoginInput = z.input<typeof captainLoginSchema>;

/** The routes of the captain portal (spec 001 §2): everything else under /captain is a 404 page. */
export const CAPTAIN_HOME = '/captain/dashboard';
export const CAPTAIN_PATHS = ['/captain', '/captain/dashboard', '/captain/inventory', '/captain/certificate'] as const;

/** A logged-in account of the captain portal: a captain holding a vessel (spec 001 §2). */
export const isCaptainWithVessel = (user: { role: string; vesselId: string | null } | null | undefined): boolean =>
  !!user && user.role === 'captain' && !!user.vesselId;
