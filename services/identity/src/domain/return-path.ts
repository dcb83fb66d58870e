/**
 * Where a sign-in or sign-up form sends the browser once it has signed in: a path on this site only (an
 * invitation's page, say), never another site, so a link cannot use Midway's sign-in to send people elsewhere.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/';
  // One leading slash, then no second slash or backslash (`//evil.example`, `/\evil.example` leave the site),
  // and nothing a browser would strip or reinterpret (control characters, spaces).
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return '/';
  return value;
}
