import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_DONE } from '@medchest/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Limit, LimitAnswer } from '../auth/limits';
import type { SessionStore } from '../auth/sessions';
import type { AppDeps } from '../commands/context';
import { requestPasswordReset, resetPassword } from '../commands/passwordReset';
import { commandContext, formBody } from '../http/context';
import { HttpError } from '../http/errors';
import { waitingTime, type Rate } from './auth';

export interface PasswordResetLimits {
  /** Forgot-password requests per client address (every answer counted). */
  requestsPerAddress: Rate;
  /** Per account address, whatever the client: no mailbox flooded with links. */
  requestsPerAccount: Rate;
  /** Reset attempts (link uses) per client address. */
  resetsPerAddress: Rate;
}

export const DEFAULT_PASSWORD_RESET_LIMITS: PasswordResetLimits = {
  requestsPerAddress: { max: 10, windowMs: 15 * 60_000 },
  requestsPerAccount: { max: 3, windowMs: 15 * 60_000 },
  resetsPerAddress: { max: 10, windowMs: 15 * 60_000 },
};

export interface PasswordResetRoutesOptions {
  deps: AppDeps;
  sessions: SessionStore;
  limits: PasswordResetLimits;
  /** The key that signs reset links (the mail worker signs with the same). */
  secret: () => Promise<string>;
}

/**
 * Forgot password and reset password (issue 9). The request answers 202 with one body whatever
 * the address (no account enumeration); the reset ends every session of the account.
 */
export const passwordResetRoutes: FastifyPluginAsync<PasswordResetRoutesOptions> = async (app, { deps, sessions, limits, secret }) => {
  function refuse(reply: FastifyReply, answer: LimitAnswer & { allowed: false }, what: string): never {
    reply.header('retry-after', String(answer.retryAfterSeconds));
    throw new HttpError(429, `Too many ${what}. Please wait ${waitingTime(answer.retryAfterSeconds)} and try again.`);
  }

  app.post('/api/auth/forgot-password', { config: { access: 'public' } }, async (request, reply) => {
    const byAddress: Limit = { key: `forgot:address:${request.ip}`, ...limits.requestsPerAddress };
    const first = await app.limits.take([byAddress]);
    if (!first.allowed) refuse(reply, first, 'password reset requests');
    const body = formBody(request.body);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (email) {
      // Counted per address asked for, whether or not it has an account: the answer must not differ.
      const perAccount = await app.limits.take([{ key: `forgot:account:${email}`, ...limits.requestsPerAccount }]);
      if (!perAccount.allowed) return reply.code(202).send({ message: FORGOT_PASSWORD_MESSAGE });
    }
    await requestPasswordReset(deps, body, commandContext(request));
    return reply.code(202).send({ message: FORGOT_PASSWORD_MESSAGE });
  });

  app.post('/api/auth/reset-password', { config: { access: 'public' } }, async (request, reply) => {
    const answer = await app.limits.take([{ key: `reset:address:${request.ip}`, ...limits.resetsPerAddress }]);
    if (!answer.allowed) refuse(reply, answer, 'password reset attempts');
    const { userId } = await resetPassword(deps, formBody(request.body), commandContext(request), await secret());
    // Whoever knew the old password is signed out everywhere.
    await sessions.destroyAllForUser(userId);
    return { message: PASSWORD_RESET_DONE };
  });
};
