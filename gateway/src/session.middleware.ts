import { LRUCache } from 'lru-cache';
import { IDENTITY_HEADER, IDENTITY_TOKEN_TTL_SECONDS, isCrossSite, pathOf, readCookie, SESSION_COOKIE, signIdentityToken, verifySessionToken, type NodeMiddleware, type SessionClaims } from '@midway/service-kit';
import { sendJson, type CallerFacts } from './plain-http';
import { routeOf } from './route-table';
import type { RevokedSessions } from './revoked-sessions';

/**
 * Checks the session on every non-public /api route and forwards the caller as a short-lived signed token.
 * A client-supplied identity header is always dropped: only the gateway speaks for a caller.
 */
export function sessionGate(opts: { sessionPublicKey: string; internalPrivateKey: string; revoked: RevokedSessions; ready: () => boolean; caller: CallerFacts }): NodeMiddleware {
  // Signature checks cost more than the proxying; remember verified cookies until they expire and reuse a
  // forwarded token for half its life. Revocation is still checked on every request.
  const sessions = new LRUCache<string, SessionClaims>({ max: 50_000, ttl: 60 * 60 * 1000 });
  const forwarded = new LRUCache<string, string>({ max: 50_000, ttl: (IDENTITY_TOKEN_TTL_SECONDS * 1000) / 2 });
  const verify = (token: string) => {
    let c = sessions.get(token);
    if (!c) {
      c = verifySessionToken(token, opts.sessionPublicKey) ?? undefined;
      if (c) sessions.set(token, c);
    }
    return c && c.expiresAt.getTime() > Date.now() ? c : null;
  };
  const identityFor = (c: SessionClaims) => {
    let token = forwarded.get(c.sid);
    if (!token) {
      token = signIdentityToken({ userId: c.userId, email: c.email, role: c.role, sessionId: c.sid }, opts.internalPrivateKey);
      forwarded.set(c.sid, token);
    }
    return token;
  };
  return (req, res, next) => {
    delete req.headers[IDENTITY_HEADER];
    const route = routeOf(req);
    const claims = (() => {
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      const c = token ? verify(token) : null;
      return c && !opts.revoked.has(c.sid) ? c : null;
    })();
    const signOut = pathOf(req) === '/api/logout';
    // Sign-out: this replica forgets the session at once, before identity has even answered. A GET another
    // site sent is not a sign-out: identity answers it with a page asking to confirm.
    if (signOut && claims && !(req.method === 'GET' && isCrossSite(req.headers, opts.caller.origin(req)))) {
      opts.revoked.add(claims.sid, claims.expiresAt);
    }
    if (claims && !signOut) {
      req.headers[IDENTITY_HEADER] = identityFor(claims);
    }
    if (route && !route.public && !claims) {
      return sendJson(res, 401, { error: 'unauthorized', message: 'You are logged out. Sign in to continue.' });
    }
    // Until the revocations are replayed a revoked session would look valid: refuse rather than guess.
    if (route && !route.public && !opts.ready()) {
      return sendJson(res, 503, { error: 'not_ready', message: 'Midway is starting up and cannot check your session yet. Please try again in a few seconds.' }, { 'Retry-After': '5' });
    }
    next();
  };
}
