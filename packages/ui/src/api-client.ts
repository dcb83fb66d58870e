import { PREFETCH_GLOBAL, PREFETCH_MAX_AGE_MS, type PrefetchStore } from '@midway/contracts/page-data';
import type { QueryFunction } from '@tanstack/react-query';
import { browserLocation, LOGIN_PATH } from './browser-location';
import { toast } from './toast/toast-store';

/** Delay between the 'Unauthorized' toast and the redirect to the sign-in page. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** A non-OK HTTP answer. Its message is '<status>: <body or statusText>'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

/** The service's own message from an error body ({ message }), when it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  try {
    const body = JSON.parse(error.body) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && /^401: /.test(error.message);
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const body = (await res.text().catch(() => '')) || '';
    throw new ApiError(res.status, body, res.statusText);
  }
}

/**
 * The answer of a read the shell's first script started for exactly this URL while the code loaded (see
 * @midway/contracts/page-data), handed out once; undefined when there is none or it started too long ago.
 */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const store = (globalThis as unknown as Record<string, PrefetchStore | undefined>)[PREFETCH_GLOBAL];
  const entry = store?.[url];
  if (!store || !entry) return undefined;
  delete store[url];
  return Date.now() - entry.startedAt <= PREFETCH_MAX_AGE_MS ? entry.response : undefined;
}

/**
 * One call to the platform API: cookies always, JSON body and content type only when a body is given.
 * Resolves with the OK response; any non-OK response throws an ApiError.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const prefetched = method === 'GET' && !hasBody ? takePrefetched(url) : undefined;
  const res = await (prefetched ?? fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  }));
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest and parse the JSON answer. */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * GET one URL with cookies and parse its JSON answer. With on401 'returnNull' a 401 resolves to null (the
 * current-user fetch, so signed-out visitors simply see the landing page); any other non-OK answer throws.
 */
export async function getJson<T>(url: string, { on401, signal }: { on401: UnauthorizedBehavior; signal?: AbortSignal }): Promise<T | null> {
  const res = await (takePrefetched(url) ?? fetch(url, { credentials: 'include', signal }));
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** The default query fetcher: GET the query key's parts joined with '/' (see getJson for on401). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) => getJson<T>(queryKey.join('/'), { on401, signal });
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Toast 'Unauthorized' / 'You are logged out. Logging in again...' then, 500 ms later,
 * the browser goes to /api/login. Several 401s at once schedule one redirect.
 */
export function handleUnauthorized(options: { title?: string } = {}): void {
  toast({ title: options.title ?? 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  if (redirectTimer !== undefined) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    browserLocation.assign(LOGIN_PATH);
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** For tests: forget a pending redirect. */
export function resetUnauthorizedRedirect(): void {
  if (redirectTimer !== undefined) clearTimeout(redirectTimer);
  redirectTimer = undefined;
}
