import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@midway/contracts';
import { getQueryFn } from './api-client';

export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

/** The signed-in user, null when signed out (a 401 is not an error here), undefined while loading. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: Boolean(user), isAdmin: user?.systemRole === 'midway_admin' };
}

/** Sidebar display name: full name, else e-mail, else 'User'. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const full = [user?.firstName, user?.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return full || user?.email || 'User';
}
