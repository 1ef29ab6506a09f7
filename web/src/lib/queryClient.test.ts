import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api';
import { AUTH_USER_KEY, type AuthUser } from './auth';
import { createQueryClient } from './queryClient';

const PENDING_403 = JSON.stringify({ message: 'Your account is pending approval by an administrator.' });
const approved: AuthUser = { id: 'u1', email: 'nadia@example.com', role: 'fleet_manager', status: 'active' };

/** A fake API: the user is approved by now, and the vessel list still refuses the old session. */
function fakeApi(vesselsAnswer: { status: number; body: string }) {
  return vi.fn(async (url: string) => {
    if (url === '/api/auth/user') return new Response(JSON.stringify(approved), { status: 200 });
    return new Response(vesselsAnswer.body, { status: vesselsAnswer.status });
  });
}

const userCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/auth/user').length;

afterEach(() => vi.unstubAllGlobals());

describe('the query client, on a 403 for a pending account', () => {
  it('asks for the current user again after a query is refused', async () => {
    const fetchMock = fakeApi({ status: 403, body: PENDING_403 });
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    client.setQueryData(AUTH_USER_KEY, { ...approved, status: 'pending' });
    await expect(client.fetchQuery({ queryKey: ['/api/vessels'] })).rejects.toThrow(/^403: /);
    await vi.waitFor(() => expect(client.getQueryData<AuthUser>(AUTH_USER_KEY)?.status).toBe('active'));
    expect(userCalls(fetchMock)).toBe(1);
  });

  it('asks again after a mutation is refused too', async () => {
    const fetchMock = fakeApi({ status: 403, body: PENDING_403 });
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest('POST', '/api/vessels', {}),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow(/^403: /);
    await vi.waitFor(() => expect(userCalls(fetchMock)).toBe(1));
  });

  it('leaves the user alone after any other refusal', async () => {
    const fetchMock = fakeApi({ status: 403, body: '{"message":"Forbidden"}' });
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/admin/users'] })).rejects.toThrow(/^403: /);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(userCalls(fetchMock)).toBe(0);
  });
});
