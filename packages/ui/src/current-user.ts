import type { CurrentUser } from '@midway/contracts';
import { getJson } from './api-client';

/** GET /api/auth/user; also the current-user query's key (see useCurrentUser in @midway/ui/query). */
export const CURRENT_USER_PATH = '/api/auth/user';

/**
 * The signed-in user, or null when signed out: a 401 is not an error here (spec). Plain fetch, no React Query,
 * so the signed-out landing page can decide without downloading the query library.
 */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  return getJson<CurrentUser>(CURRENT_USER_PATH, { on401: 'returnNull', signal });
}

/** Sidebar display name: full name, else e-mail, else 'User'. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const full = [user?.firstName, user?.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return full || user?.email || 'User';
}
