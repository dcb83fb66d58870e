import type { CurrentUser } from '@midway/contracts';
import { isAdmin } from '@midway/contracts/vocab';
import { useQuery } from '@tanstack/react-query';
// Through the package name, not './current-user': @midway/ui/query is a shared module of its own and must use the
// one copy of the core (its toast store and redirect timer) instead of bundling a second one.
import { CURRENT_USER_PATH, fetchCurrentUser } from '@midway/ui';

export const CURRENT_USER_QUERY_KEY = [CURRENT_USER_PATH] as const;

/** The signed-in user, null when signed out (a 401 is not an error here), undefined while loading. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: Boolean(user), isAdmin: isAdmin(user) };
}
