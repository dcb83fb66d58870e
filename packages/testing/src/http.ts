import { SESSION_COOKIE } from '@midway/service-kit';

/** A JSON POST for fetch; a string body is sent as it is (for malformed-JSON tests). */
export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** The `name=value` of the session cookie a response sets, to send back as a Cookie header. */
export function sessionCookieOf(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return set?.split(';')[0];
}
