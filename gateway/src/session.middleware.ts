import { LRUCache } from 'lru-cache';
import { ENROLMENT_PATHS, IDENTITY_HEADER, IDENTITY_TOKEN_TTL_SECONDS, isCrossSite, pathOf, readCookie, SESSION_COOKIE, signIdentityToken, verifySessionToken, type NodeMiddleware, type SessionClaims } from '@midway/service-kit';
import { sendJson, type CallerFacts } from './plain-http';
import { routeOf } from './route-table';
import type { RevokedSessions } from './revoked-sessions';

/** A verified session cookie's claims, and the identity token last forwarded for it. */
interface KnownSession {
  claims: SessionClaims;
  forwarded: string;
  forwardedUntil: number;
}

/**
 * Checks the session on every non-public /api route and forwards the caller as a short-lived signed token.
 * A client-supplied identity header is always dropped: only the gateway speaks for a caller.
 */
export function sessionGate(opts: { sessionPublicKey: string; internalPrivateKey: string; revoked: RevokedSessions; ready: () => boolean; caller: CallerFacts }): NodeMiddleware {
  // Signature checks cost more than the proxying: a verified cookie is remembered (until it expires, and
  // checked again hourly) with the token forwarded for it, reused for half its life. Revocation is still
  // checked on every request.
  const known = new LRUCache<string, KnownSession>({ max: 50_000, ttl: 60 * 60 * 1000 });
  const FORWARD_FOR_MS = (IDENTITY_TOKEN_TTL_SECONDS * 1000) / 2;
  const verify = (token: string, now: number) => {
    let session = known.get(token);
    if (!session) {
      const claims = verifySessionToken(token, opts.sessionPublicKey);
      if (!claims) return null;
      known.set(token, (session = { claims, forwarded: '', forwardedUntil: 0 }));
    }
    return session.claims.expiresAt.getTime() > now ? session : null;
  };
  const identityFor = (session: KnownSession, now: number) => {
    if (session.forwardedUntil <= now) {
      const c = session.claims;
      session.forwarded = signIdentityToken({ userId: c.userId, email: c.email, role: c.role, sessionId: c.sid }, opts.internalPrivateKey);
      session.forwardedUntil = now + FORWARD_FOR_MS;
    }
    return session.forwarded;
  };
  return (req, res, next) => {
    delete req.headers[IDENTITY_HEADER];
    const route = routeOf(req);
    const now = Date.now();
    const session = (() => {
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      const s = token ? verify(token, now) : null;
      return s && !opts.revoked.has(s.claims.sid) ? s : null;
    })();
    const claims = session?.claims;
    const signOut = pathOf(req) === '/api/logout';
    // Sign-out: this replica forgets the session at once, before identity has even answered. A GET another
    // site sent is not a sign-out: identity answers it with a page asking to confirm.
    if (signOut && claims && !(req.method === 'GET' && isCrossSite(req.headers, opts.caller.origin(req)))) {
      opts.revoked.add(claims.sid, claims.expiresAt);
    }
    if (session && !signOut) {
      req.headers[IDENTITY_HEADER] = identityFor(session, now);
    }
    if (route && !route.public && !claims) {
      return sendJson(res, 401, { error: 'unauthorized', message: 'You are logged out. Sign in to continue.' });
    }
    // ADMIN_2FA=required: an admin's session without a second factor reaches nothing but its enrolment (and the
    // current user, which tells the shell to show it) until identity signs a session without the claim.
    if (route && !route.public && claims?.mustEnrolSecondFactor && !ENROLMENT_PATHS.includes(pathOf(req))) {
      return sendJson(res, 403, { error: 'second_factor_required', message: 'Set up two-step sign-in first: open Midway and follow the steps to add your authenticator app.' });
    }
    // Until the revocations are replayed a revoked session would look valid: refuse rather than guess.
    if (route && !route.public && !opts.ready()) {
      return sendJson(res, 503, { error: 'not_ready', message: 'Midway is starting up and cannot check your session yet. Please try again in a few seconds.' }, { 'Retry-After': '5' });
    }
    next();
  };
}
