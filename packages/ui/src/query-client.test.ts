import { resetUnauthorizedRedirect, UNAUTHORIZED_REDIRECT_DELAY_MS } from './api-client';
import { browserLocation } from './browser-location';
import { getQueryFn } from './api-client';
import { createQueryClient, QUERY_DEFAULTS } from './query-client';
import { getToasts, resetToasts } from './toast-store';
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
    const client = createQueryClient();
    const user = await client.fetchQuery({ queryKey: ['/api/auth/user'], queryFn: getQueryFn({ on401: 'returnNull' }) });
    expect(user).toBeNull();
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
