import type { CurrentUser } from '@midway/contracts';
import { fetchCurrentUser } from '@midway/ui';
import { useEffect, useState } from 'react';
import { sessionHint } from '../boot/page-prefetch';

/**
 * The current user as the page starts, with plain fetch: the signed-out landing page decides on it without
 * React Query. The routed (signed-in) app hands the same request to its query client (see routed-app.tsx),
 * so the user is fetched once per page load.
 */
let request: Promise<CurrentUser | null> | undefined;
/** Set once the request settles; a failed request counts as signed out (as the current-user query did). */
let settled: { user: CurrentUser | null } | undefined;

export function loadInitialUser(): Promise<CurrentUser | null> {
  if (!request) {
    // The gateway saw no valid session for this page: signed out without asking (a 401 would be logged as an error).
    request = sessionHint() === 'signed-out' ? Promise.resolve(null) : fetchCurrentUser();
    request.then(
      (user) => (settled = { user }),
      () => (settled = { user: null }),
    );
  }
  return request;
}

/** The settled answer ({ user }: null when signed out), or undefined while it loads. */
export function settledInitialUser(): { user: CurrentUser | null } | undefined {
  return settled;
}

/** undefined while loading, then the user or null (signed out). */
export function useInitialUser(): CurrentUser | null | undefined {
  const [user, setUser] = useState(() => settled?.user);
  useEffect(() => {
    if (settled) return setUser(settled.user);
    let live = true;
    const done = (u: CurrentUser | null) => live && setUser(u);
    loadInitialUser().then(done, () => done(null));
    return () => {
      live = false;
    };
  }, []);
  return user;
}

/** For tests: forget the request. */
export function resetInitialUser(): void {
  request = undefined;
  settled = undefined;
}
