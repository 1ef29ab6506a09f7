import { DomainError, forgotPasswordSchema, PASSWORD_RESET_MINUTES, RESET_LINK_INVALID, resetPasswordSchema } from '@medchest/domain';
import { verifyResetToken } from '@medchest/domain/user/resetLink.node';
import { savePasswordHash } from '../auth/credentials';
import { hashPassword } from '../auth/password';
import { newId } from '../ids';
import { findUserByEmail } from '../readModels';
import type { AppDeps, CommandContext } from './context';
import { users } from './streams';

/**
 * Forgot password: an account that exists (and is not suspended) gets a PasswordResetRequested,
 * which the mail worker turns into the link; any other address gets nothing. The caller answers
 * the same either way. Returns the email as normalised, for the guessing limits.
 */
export async function requestPasswordReset(deps: AppDeps, body: unknown, context: CommandContext): Promise<{ email: string }> {
  const { email } = forgotPasswordSchema.parse(body);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { email };
  const expiresAt = new Date(context.now.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString();
  try {
    await users.handle(deps, user.id, { type: 'RequestPasswordReset', userId: user.id, requestId: newId(), expiresAt }, context, { readModels: [] });
  } catch (error) {
    // Suspended, or deleted meanwhile: no link, and nothing in the answer says so.
    if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
  }
  return { email };
}

const invalidLink = () => new DomainError('validation', RESET_LINK_INVALID, { token: RESET_LINK_INVALID });

/**
 * Reset password: a link signed with the product's key, whose request is still open on the user's
 * stream (unused, not expired: the decider's rule, so two uses at once cannot both win). Then the
 * new password is stored; the caller ends every session of the account.
 */
export async function resetPassword(deps: AppDeps, body: unknown, context: CommandContext, secret: string): Promise<{ userId: string }> {
  const { token, password } = resetPasswordSchema.parse(body);
  const ids = verifyResetToken(secret, token);
  if (!ids) throw invalidLink();
  // Hashed first: the slow part must not sit between the link being used and the password stored.
  const passwordHash = await hashPassword(password);
  await users.handle(
    deps,
    ids.userId,
    { type: 'CompletePasswordReset', userId: ids.userId, requestId: ids.requestId, now: context.now.toISOString() },
    context,
    { readModels: [] },
  );
  await savePasswordHash(deps.db, ids.userId, passwordHash);
  return { userId: ids.userId };
}
