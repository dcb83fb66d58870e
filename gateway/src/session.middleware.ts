import type { RequestHandler } from 'express';
import { IDENTITY_HEADER, readCookie, SESSION_COOKIE, signIdentityToken, verifySessionToken } from '@midway/service-kit';
import { matchRoute } from './route-table';
import type { RevokedSessions } from './revoked-sessions';

/**
 * Checks the session on every non-public /api route and forwards the caller as a short-lived signed token.
 * A client-supplied identity header is always dropped: only the gateway speaks for a caller.
 */
export function sessionGate(opts: { sessionPublicKey: string; internalPrivateKey: string; revoked: RevokedSessions }): RequestHandler {
  return (req, res, next) => {
    delete req.headers[IDENTITY_HEADER];
    const route = matchRoute(req.path);
    const claims = (() => {
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      const c = token ? verifySessionToken(token, opts.sessionPublicKey) : null;
      return c && !opts.revoked.has(c.sid) ? c : null;
    })();
    // Sign-out: this replica forgets the session at once, before identity has even answered.
    if (req.path === '/api/logout' && claims) opts.revoked.add(claims.sid, claims.expiresAt);
    if (claims && !(req.path === '/api/logout')) {
      req.headers[IDENTITY_HEADER] = signIdentityToken({ userId: claims.userId, email: claims.email, role: claims.role, sessionId: claims.sid }, opts.internalPrivateKey);
    }
    if (route && !route.public && !claims) {
      return void res.status(401).json({ error: 'unauthorized', message: 'You are logged out. Sign in to continue.' });
    }
    next();
  };
}
