import type { QueryFunction } from '@tanstack/react-query';

/**
 * The one way the app talks to the API (spec 000 §7, §8). Every call carries the session cookie;
 * a non-OK answer becomes an Error whose message is `${status}: ${body text or status text}`.
 * The server's error bodies are JSON, `{ "message": "...", "fieldErrors"?: { field: message } }`;
 * `serverMessage` and `serverFieldErrors` read them back out of such an error.
 */

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

/** Send a request. A string payload goes as it is; anything else as JSON. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const isText = typeof data === 'string';
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody && !isText ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? (isText ? data : JSON.stringify(data)) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

/** `apiRequest` for calls whose answer is JSON (an empty answer reads as undefined). */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

/** The HTTP status an API error carries, read from the message convention. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

function errorBody(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * What to tell the user about a failed call: the server's `message` (or its plain-text body).
 * Errors that are not API answers (a network failure, a bug) give undefined, so the caller's
 * fallback text from the catalogue is shown instead.
 */
export function serverMessage(error: unknown): string | undefined {
  const body = errorBody(error);
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message || undefined;
  }
  return undefined;
}

/**
 * A 403 telling a pending account it may not do this yet. The browser's copy of the user may be
 * out of date (approved or not since it was loaded), so the caller asks the server again.
 */
export function isPendingApprovalError(error: unknown): boolean {
  return errorStatus(error) === 403 && /pending approval/i.test(serverMessage(error) ?? '');
}

/** The server's per-field messages of a 400 answer, keyed by form field name. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const body = errorBody(error);
  if (!body || typeof body !== 'object' || !('fieldErrors' in body)) return {};
  const fields = body.fieldErrors;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The itemised problems of a 400 answer (`errors`: every bad row of an uploaded file, say), or []
 * when the answer has none.
 */
export function serverErrorItems<T extends object = Record<string, unknown>>(error: unknown): T[] {
  const body = errorBody(error);
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter((item): item is T => item !== null && typeof item === 'object');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The URL a query key stands for: its segments joined with '/'. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

/** The default query function: GET the key's URL; on 401 either answer null or throw. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
