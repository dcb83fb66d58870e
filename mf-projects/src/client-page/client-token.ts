/** The share token from a /client/{token} path; '' when the path has none. */
export function clientTokenFromPath(pathname: string): string {
  const match = /^\/client\/([^/?#]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}
