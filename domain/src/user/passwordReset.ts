import { z } from 'zod';
import { normalizeEmail } from './accounts';

/**
 * Forgot password (issue 9): a single-use link, valid this long, mailed to the account's address.
 * The rules live here once; the API, the mail and the pages import them.
 */
export const PASSWORD_RESET_MINUTES = 30;

/** The answer to every forgot-password request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, we have sent a link to reset its password. It is valid for 30 minutes.';

/** Any link that cannot be used: unknown, tampered, used already, expired, or the account gone. */
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';

export const forgotPasswordSchema = z.object({
  email: z.string({ error: 'Please enter a valid email' }).transform(normalizeEmail).pipe(z.email('Please enter a valid email')),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters'),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset page's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({
    password: resetPasswordSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
