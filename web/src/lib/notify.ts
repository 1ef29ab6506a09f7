import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../components/ui/toast-store';
import { isUnauthorizedError, serverFieldErrors, serverMessage } from './api';
import { redirectToLogin } from './unauthorized';

/**
 * A destructive toast with the server's message, or the catalogue's fallback text when there is
 * none. On its own only for the sign-in calls, whose 401 means wrong credentials, not a lost session.
 */
export function notifyFailure(error: unknown, fallback: string, title = 'Error'): void {
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
}

/** Tell the user a call failed: the Unauthorized flow for a 401, otherwise `notifyFailure`. */
export function notifyError(error: unknown, fallback: string, title = 'Error'): void {
  if (isUnauthorizedError(error)) redirectToLogin();
  else notifyFailure(error, fallback, title);
}

/** Toast duration the catalogue sets for a pending account (spec 001 §9). */
const PENDING_TOAST_MS = 8000;

/** A signed-in account still waiting for approval: the normal state of a new account, so informational. */
export function showPending(description: string): void {
  toast({ title: 'Account Pending', description, variant: 'info', duration: PENDING_TOAST_MS });
}

export function notifySuccess(description: string, title = 'Success'): void {
  toast({ title, description });
}

/**
 * Put the server's per-field messages on the form's fields, so a rule the browser did not catch
 * still shows where the user typed. Fields the form does not have are ignored (the toast carries
 * the overall message). Returns how many fields got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): number {
  const known = new Set(fields);
  let applied = 0;
  for (const [field, message] of Object.entries(serverFieldErrors(error))) {
    if (!known.has(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: applied === 0 });
    applied++;
  }
  return applied;
}
