/**
 * Full-page navigations (to server-rendered pages such as /api/login), behind one seam so tests can observe
 * them: jsdom does not implement navigation.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';

/**
 * The sign-in page, asked to come back to `path` (path, query and fragment of this site) once signed in, so a
 * signed-out visitor opening a project link lands on that project, not on the dashboard. Identity keeps only
 * same-site paths (safeReturnPath); '/' needs no return.
 */
export function signInReturningTo(path: string): string {
  return path && path !== '/' ? `${LOGIN_PATH}?${new URLSearchParams({ returnTo: path })}` : LOGIN_PATH;
}

/** The page the browser shows now, as a path on this site (what signInReturningTo takes). */
export function currentPagePath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
