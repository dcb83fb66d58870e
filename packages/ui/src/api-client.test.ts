import { fakeResponse } from './test-response';
import { PREFETCH_GLOBAL, type PrefetchStore } from '@midway/contracts/page-data';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, apiRequest, getQueryFn, isUnauthorizedError, newIdempotencyKey, resetOpenSubmissions, serverMessage, takePrefetched } from './api-client';
import { fetchCurrentUser } from './current-user';

function mockFetch(status: number, body: string, statusText = '') {
  const fn = jest.fn(async () => fakeResponse(status, body, statusText));
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

describe('apiRequest', () => {
  it('always sends credentials and no body or content type when none is given', async () => {
    const fetchMock = mockFetch(200, '{}');
    await apiRequest('GET', '/api/projects');
    expect(fetchMock).toHaveBeenCalledWith('/api/projects', { method: 'GET', credentials: 'include', headers: undefined, body: undefined });
  });

  it('sends a JSON body with a JSON content type when a body is given', async () => {
    const fetchMock = mockFetch(200, '{}');
    await apiRequest('POST', '/api/contact', { a: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
      body: '{"a":1}',
    });
  });

  it('throws "<status>: <body>" for a non-OK answer with a body', async () => {
    mockFetch(400, '{"error":"validation"}', 'Bad Request');
    await expect(apiRequest('POST', '/api/x', {})).rejects.toThrow('400: {"error":"validation"}');
  });

  it('throws "<status>: <statusText>" when the body is empty', async () => {
    mockFetch(503, '', 'Service Unavailable');
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect((error as ApiError).status).toBe(503);
  });

  it('recognises 401 errors, also from a plain Error message', () => {
    expect(isUnauthorizedError(new ApiError(401, '', 'Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('500: 401 things'))).toBe(false);
  });
});

describe('Idempotency-Key on POSTs', () => {
  beforeEach(() => resetOpenSubmissions());
  const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string> | undefined)?.['Idempotency-Key'];

  it('gives every submission a fresh key, bodiless POSTs too, and sends none on other methods', async () => {
    const fetchMock = mockFetch(201, '{}');
    await apiRequest('POST', '/api/projects', { name: 'Lakeview' });
    await apiRequest('POST', '/api/projects', { name: 'Lakeview' });
    await apiRequest('POST', '/api/objects/upload');
    await apiRequest('POST', '/api/objects/upload');
    await apiRequest('PUT', '/api/items/1', { notes: 'x' });
    await apiRequest('GET', '/api/projects');
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    for (const k of keys.slice(0, 4)) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys.slice(4)).toEqual([undefined, undefined]);
  });

  it('sends the same key for a double click while the first submission is pending, a new one for another body', async () => {
    const waiting: (() => void)[] = [];
    const fetchMock = jest.fn(() => new Promise<Response>((r) => waiting.push(() => r(fakeResponse(201, '{}')))));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const first = apiRequest('POST', '/api/projects/p/items', { name: 'Lamp' });
    const second = apiRequest('POST', '/api/projects/p/items', { name: 'Lamp' });
    const other = apiRequest('POST', '/api/projects/p/items', { name: 'Rug' });
    for (const answer of waiting.splice(0)) answer();
    await Promise.all([first, second, other]);
    fetchMock.mockImplementation(async () => fakeResponse(201, '{}'));
    const [a, b, c] = fetchMock.mock.calls.map(keyOf);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    // Answered: the same form sent again later is a new submission.
    await apiRequest('POST', '/api/projects/p/items', { name: 'Lamp' });
    expect(keyOf(fetchMock.mock.calls[3]!)).not.toBe(a);
  });

  it('sends a POST again with the same key when the network loses it, and the caller’s own retry reuses it too', async () => {
    jest.useFakeTimers();
    try {
      const fetchMock = jest.fn(async (): Promise<Response> => {
        throw new TypeError('Failed to fetch');
      });
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      const failed = apiRequest('POST', '/api/invoices/i/items', { description: 'Receiving' }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(2000);
      expect(await failed).toBeInstanceOf(TypeError);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const key = keyOf(fetchMock.mock.calls[0]!);
      expect(fetchMock.mock.calls.map(keyOf)).toEqual([key, key]);

      // A React Query retry (or Try again) of the unanswered submission: still the same key.
      fetchMock.mockImplementation(async () => fakeResponse(201, '{}'));
      await apiRequest('POST', '/api/invoices/i/items', { description: 'Receiving' });
      expect(keyOf(fetchMock.mock.calls[2]!)).toBe(key);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a React Query retry of a mutation after a 5xx sends the same key; the next submission a new one', async () => {
    const fetchMock = jest.fn(async () => fakeResponse(503, '{"error":"service_unavailable"}'));
    fetchMock.mockImplementationOnce(async () => fakeResponse(503, '{"error":"service_unavailable"}')).mockImplementation(async () => fakeResponse(201, '{"id":"i1"}'));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const client = new QueryClient();
    const addLine = (vars: { description: string }) =>
      client.getMutationCache().build(client, { mutationFn: (v: { description: string }) => apiJson('POST', '/api/invoices/i/items', v), retry: 1, retryDelay: 0 }).execute(vars);
    await expect(addLine({ description: 'Receiving' })).resolves.toEqual({ id: 'i1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock.mock.calls[1]!)).toBe(keyOf(fetchMock.mock.calls[0]!));
    await addLine({ description: 'Receiving' });
    expect(keyOf(fetchMock.mock.calls[2]!)).not.toBe(keyOf(fetchMock.mock.calls[0]!));
  });

  it('uses the key a caller gives, and does not resend an aborted request', async () => {
    const fetchMock = mockFetch(200, '{}');
    await apiRequest('POST', '/api/projects/p/share', { rotate: true }, { idempotencyKey: 'mine-1' });
    expect(keyOf(fetchMock.mock.calls[0]!)).toBe('mine-1');
    const aborted = jest.fn(async () => {
      throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    });
    globalThis.fetch = aborted as unknown as typeof fetch;
    await expect(apiRequest('POST', '/api/projects', { name: 'x' })).rejects.toThrow('aborted');
    expect(aborted).toHaveBeenCalledTimes(1);
  });

  it('makes v4 UUIDs without crypto.randomUUID (a plain-http address is not a secure context)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('getQueryFn', () => {
  const ctx = (key: string[]) => ({ queryKey: key, signal: new AbortController().signal }) as never;

  it('GETs the query key parts joined with "/"', async () => {
    const fetchMock = mockFetch(200, '[1]');
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/projects', '42']))).resolves.toEqual([1]);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/projects/42', expect.objectContaining({ credentials: 'include' })]);
  });

  it('returns null on 401 when asked to (the current-user query)', async () => {
    mockFetch(401, 'Unauthorized', 'Unauthorized');
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(['/api/auth/user']))).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    mockFetch(401, '', 'Unauthorized');
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/projects']))).rejects.toThrow('401: Unauthorized');
  });
});

describe('fetchCurrentUser (plain fetch, used before React Query loads)', () => {
  it('GETs /api/auth/user with credentials and returns the user', async () => {
    const fetchMock = mockFetch(200, '{"id":"u1","email":"a@b.c"}');
    await expect(fetchCurrentUser()).resolves.toEqual({ id: 'u1', email: 'a@b.c' });
    expect(fetchMock.mock.calls[0]).toEqual(['/api/auth/user', expect.objectContaining({ credentials: 'include' })]);
  });

  it('returns null on 401 (signed out)', async () => {
    mockFetch(401, 'Unauthorized', 'Unauthorized');
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('throws "<status>: <body>" on any other failure', async () => {
    mockFetch(500, 'boom', 'Internal Server Error');
    await expect(fetchCurrentUser()).rejects.toThrow('500: boom');
  });
});

describe('reads the shell started before the code loaded (takePrefetched)', () => {
  const store = (): PrefetchStore => ((globalThis as unknown as Record<string, PrefetchStore>)[PREFETCH_GLOBAL] = {});
  afterEach(() => delete (globalThis as unknown as Record<string, unknown>)[PREFETCH_GLOBAL]);

  it('answers a GET of the same URL from the started read, once; the next GET asks the network', async () => {
    const fetchMock = mockFetch(200, '{"from":"network"}');
    store()['/api/dashboard/stats'] = { startedAt: Date.now(), response: Promise.resolve(fakeResponse(200, '{"from":"prefetch"}')) };
    expect(await (await apiRequest('GET', '/api/dashboard/stats')).json()).toEqual({ from: 'prefetch' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await (await apiRequest('GET', '/api/dashboard/stats')).json()).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands the current-user check its started read, a 401 still being null', async () => {
    const fetchMock = mockFetch(200, '{}');
    store()['/api/auth/user'] = { startedAt: Date.now(), response: Promise.resolve(fakeResponse(401, '')) };
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never answers another URL, a write, or a read started too long ago', async () => {
    const fetchMock = mockFetch(200, '{"from":"network"}');
    const s = store();
    s['/api/projects'] = { startedAt: Date.now(), response: Promise.resolve(fakeResponse(200, '[]')) };
    s['/api/items?limit=200'] = { startedAt: Date.now() - 60_000, response: Promise.resolve(fakeResponse(200, '[]')) };
    await apiRequest('GET', '/api/projects?x=1');
    await apiRequest('POST', '/api/projects', { name: 'x' });
    expect(await (await apiRequest('GET', '/api/items?limit=200')).json()).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(takePrefetched('/api/items?limit=200')).toBeUndefined();
  });

  it('passes a failed read on to its taker as the error it is', async () => {
    mockFetch(200, '{}');
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    store()['/api/projects'] = { startedAt: Date.now(), response: failed };
    await expect(apiRequest('GET', '/api/projects')).rejects.toThrow('Failed to fetch');
  });
});

describe('serverMessage (what a dialog shows when the service refused)', () => {
  it('is the service’s own { message } and nothing else', () => {
    expect(serverMessage(new ApiError(409, JSON.stringify({ message: 'Only unpaid invoices can be paid' }), 'Conflict'))).toBe('Only unpaid invoices can be paid');
    expect(serverMessage(new ApiError(500, 'upstream timed out', 'Internal Server Error'))).toBeNull();
    expect(serverMessage(new ApiError(400, JSON.stringify({ message: '' }), 'Bad Request'))).toBeNull();
    expect(serverMessage(new ApiError(400, JSON.stringify({ message: 42 }), 'Bad Request'))).toBeNull();
    expect(serverMessage(new Error('Failed to fetch'))).toBeNull();
  });
});
