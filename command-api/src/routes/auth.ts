import {
  DEMO_ACCOUNT_EMAILS,
  demoLoginSchema,
  NOT_A_DEMO_ACCOUNT_MESSAGE,
  loginSchema,
  normalizeEmail,
  PENDING_ACCOUNT_MESSAGE,
  profileSchema,
  signupSchema,
  SIGNUP_ROLE,
  SIGNUP_STATUS,
} from '@medchest/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limit } from '../auth/limits';
import { findPasswordHash } from '../auth/credentials';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../auth/plugin';
import { decoyPasswordHash, verifyPassword } from '../auth/password';
import { canActOnVessel } from '../auth/scope';
import type { SessionStore } from '../auth/sessions';
import type { AppDeps } from '../commands/context';
import { signUp, updateProfile } from '../commands/users';
import { answerPosition, commandContext, formBody } from '../http/context';
import { formSchema, type RoutePlugin } from '../http/routeSchemas';
import { HttpError, unauthorized } from '../http/errors';
import { findUserByEmail } from '../readModels';

export type AuthRoutesOptions = {
  deps: AppDeps;
  sessions: SessionStore;
  guessing: GuessingLimits;
};

/** An allowance of attempts within a window. */
export interface Rate {
  max: number;
  windowMs: number;
}

/** How many guesses the sign-in and sign-up forms allow (attempts given back by a success). */
export interface GuessingLimits {
  /** Login attempts per client address and account (login and demo login together). */
  loginPerAddressAndAccount: Rate;
  /** Per account, whatever the addresses: many addresses guessing one password. */
  loginPerAccount: Rate;
  /** Per address, whatever the accounts: one address guessing many accounts. */
  loginPerAddress: Rate;
  /** Sign-ups per client address, every answer counted. */
  signupPerAddress: Rate;
  /** Captain sign-in codes asked for one address (each request mails it). */
  captainCodeRequestsPerEmail: Rate;
  /** Captain sign-in codes asked for from one client address, whatever the emails. */
  captainCodeRequestsPerAddress: Rate;
  /** Codes typed per client address and email (each code also allows only 5 guesses itself). */
  captainCodeGuessesPerAddressAndEmail: Rate;
  /** Codes typed per client address, whatever the emails. */
  captainCodeGuessesPerAddress: Rate;
}

export const DEFAULT_GUESSING_LIMITS: GuessingLimits = {
  loginPerAddressAndAccount: { max: 10, windowMs: 60_000 },
  loginPerAccount: { max: 30, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 50, windowMs: 15 * 60_000 },
  signupPerAddress: { max: 5, windowMs: 10 * 60_000 },
  captainCodeRequestsPerEmail: { max: 5, windowMs: 15 * 60_000 },
  captainCodeRequestsPerAddress: { max: 30, windowMs: 15 * 60_000 },
  captainCodeGuessesPerAddressAndEmail: { max: 15, windowMs: 15 * 60_000 },
  captainCodeGuessesPerAddress: { max: 60, windowMs: 15 * 60_000 },
};

export const SIGNUP_MESSAGE =
  'Account created. An administrator will review it; you can log in meanwhile to complete your profile.';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const SUSPENDED_MESSAGE = 'Your account has been suspended. Please contact support.';

/**
 * Login, sign-up, logout, the current user, the profile, and the demo entry (spec 001 §7).
 */
export const authRoutes: RoutePlugin<AuthRoutesOptions> = async (app, { deps, sessions, guessing }) => {
  /**
   * Brute-force protection (app.limits, in Redis): each attempt, login and demo login alike, is
   * counted per client address and account, per account and per address before the password is
   * checked. Once a limit is used up, further attempts are refused with 429 until its window
   * passes; an attempt whose password was right is given back, so a user signing in often is never
   * locked out.
   */
  const loginLimits = (ip: string, email: string): Limit[] => [
    { key: `login:pair:${ip}|${email}`, ...guessing.loginPerAddressAndAccount },
    { key: `login:account:${email}`, ...guessing.loginPerAccount },
    { key: `login:address:${ip}`, ...guessing.loginPerAddress },
  ];

  /** Check the credentials and start a session. Pending accounts may log in (they reach /profile only). */
  async function logIn(request: FastifyRequest, reply: FastifyReply, email: string, password: string) {
    const limits = loginLimits(request.ip, normalizeEmail(email));
    const attempt = await app.limits.take(limits);
    if (!attempt.allowed) {
      const seconds = attempt.retryAfterSeconds;
      reply.header('retry-after', String(seconds));
      throw new HttpError(429, `Too many failed login attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`);
    }
    const user = await findUserByEmail(deps.db, normalizeEmail(email));
    const passwordHash = user && (await findPasswordHash(deps.db, user.id));
    // A wrong email costs as much time as a wrong password: no account enumeration by timing.
    const matches = await verifyPassword(password, passwordHash ?? (await decoyPasswordHash()));
    if (!user || !matches) throw new HttpError(401, INVALID_CREDENTIALS);
    await app.limits.giveBack(limits);
    if (user.status === 'suspended') throw new HttpError(403, SUSPENDED_MESSAGE);
    // A new login replaces the browser's previous session rather than leaving it alive.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await sessions.destroy(previous);
    const { token, expiresAt } = await sessions.create(user.id);
    setSessionCookie(reply, token, expiresAt);
    return user;
  }

  app.post('/api/auth/login', { schema: { body: formSchema(loginSchema) }, config: { access: 'public' } }, async (request, reply) => {
    const { email, password } = request.body;
    const user = await logIn(request, reply, email, password);
    return {
      ...user,
      user,
      ...(user.status === 'pending' ? { message: PENDING_ACCOUNT_MESSAGE } : {}),
    };
  });

  app.post('/api/demo/login', { schema: { body: formSchema(demoLoginSchema) }, config: { access: 'public' } }, async (request, reply) => {
    const { email, password } = request.body;
    // Only the demo accounts: the demo entry must not be a second way in for real accounts.
    if (!DEMO_ACCOUNT_EMAILS.includes(normalizeEmail(email))) throw new HttpError(401, NOT_A_DEMO_ACCOUNT_MESSAGE);
    const user = await logIn(request, reply, email, password);
    return { user, ...(user.status === 'pending' ? { message: PENDING_ACCOUNT_MESSAGE } : {}) };
  });

  /**
   * Sign-ups are limited per client IP (every attempt counts, whatever its answer), so a script
   * cannot fill the admin's approval list or probe which emails have accounts.
   */
  app.post('/api/auth/signup', { config: { access: 'public' } }, async (request, reply) => {
    const attempt = await app.limits.take([{ key: `signup:address:${request.ip}`, ...guessing.signupPerAddress }]);
    if (!attempt.allowed) {
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw new HttpError(429, `Too many sign-ups from your network. Please wait ${waitingTime(attempt.retryAfterSeconds)} and try again.`);
    }
    const input = signupSchema.parse(formBody(request.body));
    // The same answer whether the address is new or already has an account (its owner is mailed
    // instead): made from the request alone, never from a stored account, so no field can differ.
    const { userId, email, position } = await signUp(deps, input, commandContext(request));
    answerPosition(reply, position);
    return reply.code(201).send({
      message: SIGNUP_MESSAGE,
      user: {
        id: userId,
        email,
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
        role: SIGNUP_ROLE,
        status: SIGNUP_STATUS,
      },
    });
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.destroy(token);
    clearSessionCookie(reply);
    return { message: 'You have been logged out successfully' };
  });

  // Being logged out is a normal state for a visitor, not a failed request: the answer is 200 with
  // `null` (presence of a user means authenticated), so anonymous pages log no error in the browser.
  app.get('/api/auth/user', { config: { access: 'public' } }, async (request) => request.user ?? null);

  app.patch('/api/auth/profile', { schema: { body: formSchema(profileSchema) }, config: { access: 'authenticated' } }, async (request, reply) => {
    if (!request.user) throw unauthorized();
    const changes = request.body;
    const user = request.user;
    const { user: updated, position } = await updateProfile(deps, user.id, changes, commandContext(request), (vesselId) =>
      canActOnVessel(deps.db, user, vesselId),
    );
    answerPosition(reply, position);
    return updated;
  });

  /** The server login route the web sends a logged-out browser to: the login page. */
  app.get('/api/login', { config: { access: 'public' } }, async (_request, reply) => reply.redirect('/login', 302));
};

/** "45 seconds", "1 minute", "10 minutes": a wait in seconds, said the way a person would. */
export function waitingTime(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
