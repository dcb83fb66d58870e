/** The pay link's token from a /pay/{token} path; '' when the path has none. */
export function payTokenFromPath(pathname: string): string {
  const match = /^\/pay\/([^/?#]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}
