import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Role, UserStatus } from '@medchest/domain/user/labels';
import { apiJson, serverMessage } from './api';
import { notifyFailure, showPending } from './notify';

/**
 * The login page's calls (log in, sign up), made without react-query: the page paints before
 * server state has loaded (issue 14). What follows a call (the session kept in the query client,
 * the next page) is in ./useAuthActions, loaded while the user types; a failed call sets off what
 * any failed call does (./queryClient reactToFailedCall).
 */

export interface Credentials {
  email: string;
  password: string;
}
export interface SignupInput extends Credentials {
  firstName?: string;
  lastName?: string;
}
export type LoginAnswer = { status: UserStatus; role: Role; message?: string };
export type SignupAnswer = { user?: { email?: string } };

/** Fetch what follows a sign-in ahead of the submit, so the submit does not wait for it. */
export const preloadSignInSession = () => void import('./useAuthActions');

/**
 * A call as react-query's useMutation makes one, for what this page needs of it: pending while
 * under way (until what follows a success is done); on failure the app-wide reaction, then the
 * hook's onError, then the caller's.
 */
function useSignInCall<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  onSuccess: (result: TResult, input: TInput) => Promise<void>,
  onError: (error: unknown) => void,
) {
  const [isPending, setPending] = useState(false);
  const mutate = (input: TInput, options?: { onError?: (error: unknown) => void }) => {
    setPending(true);
    void (async () => {
      try {
        await onSuccess(await call(input), input);
      } catch (error) {
        await import('./queryRoot').then(({ reactToFailedSignIn }) => reactToFailedSignIn(error), () => undefined);
        onError(error);
        options?.onError?.(error);
      } finally {
        setPending(false);
      }
    })();
  };
  return { mutate, isPending };
}

export function useLogin() {
  const navigate = useNavigate();
  return useSignInCall(
    (credentials: Credentials) => apiJson<LoginAnswer>('POST', '/api/auth/login', credentials),
    async (result) => (await import('./useAuthActions')).finishLogin(result, navigate),
    (error) => {
      const message = serverMessage(error) ?? 'Login failed';
      if (message.toLowerCase().includes('pending')) showPending(message);
      else notifyFailure(error, 'Login failed');
    },
  );
}

export function useSignup(onCreatedWithoutSession: (email: string) => void) {
  const navigate = useNavigate();
  return useSignInCall(
    (input: SignupInput) => apiJson<SignupAnswer>('POST', '/api/auth/signup', input),
    async (result, input) => (await import('./useAuthActions')).finishSignup(result, input, navigate, onCreatedWithoutSession),
    (error) => notifyFailure(error, 'Signup failed'),
  );
}
