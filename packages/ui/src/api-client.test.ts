import { fakeResponse } from './test-response';
import { ApiError, apiRequest, getQueryFn, isUnauthorizedError } from './api-client';
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
      headers: { 'Content-Type': 'application/json' },
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
