import { resetUnauthorizedRedirect, UNAUTHORIZED_REDIRECT_DELAY_MS } from './api-client';
import { browserLocation } from './browser-location';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from './current-user-query';
import { fetchCurrentUser } from './current-user';
import { createQueryClient, QUERY_DEFAULTS } from './query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { getToasts, resetToasts } from './toast/toast-store';
import { fakeResponse } from './test-response';

describe('the 401 flow', () => {
  let assign: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    resetToasts();
    resetUnauthorizedRedirect();
    assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn(async () => fakeResponse(401, '', 'Unauthorized')) as unknown as typeof fetch;
  });

  afterEach(() => {
    assign.mockRestore();
    jest.useRealTimers();
  });

  it('toasts Unauthorized, then goes to /api/login after exactly 500 ms', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/projects'] }).catch(() => undefined);

    expect(getToasts().map((t) => [t.title, t.description])).toEqual([['Unauthorized', 'You are logged out. Logging in again...']]);
    expect(UNAUTHORIZED_REDIRECT_DELAY_MS).toBe(500);
    jest.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('asks the sign-in page to come back to the page the 401 happened on (a project, not the dashboard)', async () => {
    window.history.pushState({}, '', '/projects/0b7c9f4e-2a1d-4c3e-9f5a-6d8e7f1a2b3c?tab=items#damage');
    try {
      await createQueryClient().fetchQuery({ queryKey: ['/api/projects'] }).catch(() => undefined);
      jest.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
      expect(assign).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent('/projects/0b7c9f4e-2a1d-4c3e-9f5a-6d8e7f1a2b3c?tab=items#damage')}`);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('schedules one redirect for several 401s', async () => {
    const client = createQueryClient();
    await Promise.all([
      client.fetchQuery({ queryKey: ['/api/a'] }).catch(() => undefined),
      client.fetchQuery({ queryKey: ['/api/b'] }).catch(() => undefined),
    ]);
    jest.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('runs for mutations too, with the title a mutation asks for', async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        const res = await fetch('/api/projects', { method: 'POST' });
        throw new Error(`${res.status}: ${res.statusText}`);
      },
      meta: { unauthorizedTitle: 'Unauthorized: ' },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(getToasts()[0]?.title).toBe('Unauthorized: ');
    jest.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('leaves a signed-out visitor alone on the current-user query (null, no toast, no redirect)', async () => {
    jest.useRealTimers();
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false, isAdmin: false });
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/auth/user', expect.objectContaining({ credentials: 'include' }));
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    await new Promise((r) => setTimeout(r, UNAUTHORIZED_REDIRECT_DELAY_MS * 2));
    expect(getToasts()).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves a signed-out visitor alone on the plain current-user fetch of the landing page too', async () => {
    await expect(fetchCurrentUser()).resolves.toBeNull();
    jest.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS * 2);
    expect(getToasts()).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('query defaults', () => {
  it('never retries, never refetches on focus or interval, and data never goes stale', () => {
    expect(QUERY_DEFAULTS.queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(QUERY_DEFAULTS.mutations).toMatchObject({ retry: false });
  });
});
