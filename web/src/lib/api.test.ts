import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  getQueryFn,
  isPendingApprovalError,
  isUnauthorizedError,
  queryKeyToUrl,
  serverErrorItems,
  serverFieldErrors,
  serverMessage,
} from './api';

function answer(status: number, body: string, statusText = '') {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends an object as JSON with the session cookie', async () => {
    const fetchMock = answer(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/vessels', { vesselName: 'Baltic Star' });
    expect(fetchMock).toHaveBeenCalledWith('/api/vessels', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"vesselName":"Baltic Star"}',
    });
  });

  it('sends a string payload as it is, and no body at all when there is none', async () => {
    const fetchMock = answer(200, '');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('PUT', '/upload', 'raw text');
    await apiRequest('POST', '/api/auth/logout');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ body: 'raw text', headers: undefined });
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ body: undefined, headers: undefined });
  });

  it('turns a failed answer into "status: body", or the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', answer(400, '{"message":"Vessel name is required"}'));
    await expect(apiRequest('POST', '/api/vessels', {})).rejects.toThrow('400: {"message":"Vessel name is required"}');
    vi.stubGlobal('fetch', answer(502, '', 'Bad Gateway'));
    await expect(apiRequest('GET', '/api/vessels')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('reading an API error', () => {
  const error = new Error(
    '409: {"message":"A vessel with IMO number 9301005 already exists","fieldErrors":{"imoNumber":"A vessel with IMO number 9301005 already exists"}}',
  );

  it('gives the server message for a toast and the field messages for the form', () => {
    expect(serverMessage(error)).toBe('A vessel with IMO number 9301005 already exists');
    expect(serverFieldErrors(error)).toEqual({ imoNumber: 'A vessel with IMO number 9301005 already exists' });
  });

  it('uses a plain-text body as the message, and nothing for errors that are not API answers', () => {
    expect(serverMessage(new Error('500: Internal Server Error'))).toBe('Internal Server Error');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });

  it('gives the itemised problems of an answer that lists them, and none otherwise', () => {
    const rows = new Error('400: {"message":"The scale file has 2 problems","errors":[{"line":3,"message":"a"},{"line":4,"message":"b"},null]}');
    expect(serverErrorItems(rows)).toEqual([
      { line: 3, message: 'a' },
      { line: 4, message: 'b' },
    ]);
    expect(serverErrorItems(error)).toEqual([]);
    expect(serverErrorItems(new Error('400: {"errors":"not a list"}'))).toEqual([]);
    expect(serverErrorItems(new TypeError('Failed to fetch'))).toEqual([]);
  });

  it('recognises a 401 Unauthorized answer only', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid email or password"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
  });

  it('recognises a 403 refusing a pending account, and no other refusal', () => {
    const pending = '{"message":"Your account is pending approval by an administrator."}';
    expect(isPendingApprovalError(new Error(`403: ${pending}`))).toBe(true);
    expect(isPendingApprovalError(new Error('403: {"message":"Forbidden"}'))).toBe(false);
    expect(isPendingApprovalError(new Error(`400: ${pending}`))).toBe(false);
  });
});

describe('the default query function', () => {
  const context = (queryKey: unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('GETs the key segments joined with "/"', async () => {
    const fetchMock = answer(200, '{"id":"v1"}');
    vi.stubGlobal('fetch', fetchMock);
    expect(queryKeyToUrl(['/api/vessels', 'v1'])).toBe('/api/vessels/v1');
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/vessels', 'v1']))).resolves.toEqual({ id: 'v1' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/vessels/v1');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('answers null on 401 when asked to, and throws by default', async () => {
    vi.stubGlobal('fetch', answer(401, '{"message":"Unauthorized"}'));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});
