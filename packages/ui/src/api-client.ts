import { PREFETCH_GLOBAL, PREFETCH_MAX_AGE_MS, type PrefetchStore } from '@midway/contracts/page-data';
import type { QueryFunction } from '@tanstack/react-query';
import { browserLocation, currentPagePath, signInReturningTo } from './browser-location';
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

/** The header a POST carries so that a retry of it has its effect once (the services' idempotency middleware). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A fresh key: a v4 UUID, also where crypto.randomUUID is missing (it needs https or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Pauses before the client sends a POST again after the network lost it (the answer may never have come). */
export const POST_RETRY_DELAYS_MS = [300];
/** How long the key of a submission that got no answer is kept for the same submission sent again. */
export const UNANSWERED_KEY_MS = 10 * 60_000;

/**
 * The key of a submission (URL and JSON body) that is still on its way, or got no answer: the same
 * submission sent again — a double click while it is pending, a retry after a lost answer — reuses it, so
 * the service has its effect once and gives the first answer. A submission that got an answer (below 500) is
 * forgotten: sending it again is a new submission. Bodiless POSTs (an upload URL) always get a fresh key.
 */
const openSubmissions = new Map<string, { key: string; pending: number; unansweredUntil: number }>();

function submissionKey(id: string | undefined): string {
  if (id === undefined) return newIdempotencyKey();
  const open = openSubmissions.get(id);
  if (open && (open.pending > 0 || open.unansweredUntil > Date.now())) {
    open.pending++;
    return open.key;
  }
  const key = newIdempotencyKey();
  openSubmissions.set(id, { key, pending: 1, unansweredUntil: 0 });
  return key;
}

function settleSubmission(id: string | undefined, answered: boolean): void {
  const open = id === undefined ? undefined : openSubmissions.get(id);
  if (!open) return;
  open.pending--;
  if (answered) openSubmissions.delete(id!);
  else open.unansweredUntil = Date.now() + UNANSWERED_KEY_MS;
}

/** For tests: forget the open submissions. */
export function resetOpenSubmissions(): void {
  openSubmissions.clear();
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/**
 * One call to the platform API: cookies always, JSON body and content type only when a body is given.
 * A POST carries an Idempotency-Key (`idempotencyKey`, or one per submission, see openSubmissions) and is
 * sent again with the same key when the network loses it. Resolves with the OK response; any non-OK
 * response throws an ApiError.
 */
export async function apiRequest(method: string, url: string, body?: unknown, options: { idempotencyKey?: string } = {}): Promise<Response> {
  const hasBody = body !== undefined;
  const prefetched = method === 'GET' && !hasBody ? takePrefetched(url) : undefined;
  if (prefetched) {
    const res = await prefetched;
    await throwIfResNotOk(res);
    return res;
  }
  const text = hasBody ? JSON.stringify(body) : undefined;
  const isPost = method.toUpperCase() === 'POST';
  const submission = isPost && options.idempotencyKey === undefined && text !== undefined ? `${url}\n${text}` : undefined;
  const key = isPost ? (options.idempotencyKey ?? submissionKey(submission)) : undefined;
  const headers: Record<string, string> | undefined =
    hasBody || key ? { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) } : undefined;
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(url, { method, credentials: 'include', headers, body: text });
      break;
    } catch (err) {
      if (!key || isAbort(err) || attempt >= POST_RETRY_DELAYS_MS.length) {
        settleSubmission(submission, false);
        throw err;
      }
      await wait(POST_RETRY_DELAYS_MS[attempt]!);
    }
  }
  // A 5xx is no verdict (the service released the key, or the gateway stopped waiting while the service
  // may still finish): the same submission sent again keeps its key.
  settleSubmission(submission, res.status < 500);
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest and parse the JSON answer. */
export async function apiJson<T>(method: string, url: string, body?: unknown, options: { idempotencyKey?: string } = {}): Promise<T> {
  const res = await apiRequest(method, url, body, options);
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
 * the browser goes to /api/login, asked to come back to this page. Several 401s at once schedule one redirect.
 */
export function handleUnauthorized(options: { title?: string } = {}): void {
  toast({ title: options.title ?? 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  if (redirectTimer !== undefined) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    browserLocation.assign(signInReturningTo(currentPagePath()));
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** For tests: forget a pending redirect. */
export function resetUnauthorizedRedirect(): void {
  if (redirectTimer !== undefined) clearTimeout(redirectTimer);
  redirectTimer = undefined;
}
