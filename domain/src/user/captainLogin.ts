import { z } from 'zod';
import { normalizeEmail } from './accounts';

/**
 * The captain portal's sign-in (spec 001 §2 "Captain login", §5, §6; issue 12): the email alone
 * only asks for a one-time code, mailed to that address if it is a vessel's contact email or a
 * captain account's; the email with the code starts a session bound to that one vessel.
 */

import {
  CAPTAIN_CODE_DIGITS,
  CAPTAIN_CODE_FORMAT_MESSAGE,
  CAPTAIN_EMAIL_REQUIRED,
} from './captainTexts';

export * from './captainTexts';

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

