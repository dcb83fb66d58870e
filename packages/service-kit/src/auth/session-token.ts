import type { IncomingHttpHeaders } from 'node:http';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { systemRoleSchema, type SystemRole } from '@midway/contracts';
import { privateKeyObject, publicKeyObject, TOKEN_ALGORITHM } from './keys';

/** Name of the httpOnly cookie that carries the session JWT. */
export const SESSION_COOKIE = 'midway_session';
/** Sessions last 7 days from sign-in. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'midway-identity';

export interface SessionClaims {
  sid: string;
  userId: string;
  email: string;
  role: SystemRole;
  expiresAt: Date;
  /**
   * An admin whom `ADMIN_2FA=required` must send to enrol a second factor first: the gateway answers every other
   * signed-in route 403 for this session (see ENROLMENT_PATHS).
   */
  mustEnrolSecondFactor?: boolean;
}

const claimsSchema = z.object({ sid: z.uuid(), sub: z.uuid(), email: z.string(), role: systemRoleSchema, exp: z.number(), mfa: z.literal('enrol').optional() });

/** What a session that must enrol a second factor may still call (sign-out and the public routes aside). */
export const ENROLMENT_PATHS = ['/api/auth/user', '/api/auth/second-factor/setup', '/api/auth/second-factor/confirm'];

/** Identity signs; the gateway verifies with the public key alone. */
export function signSessionToken(c: Omit<SessionClaims, 'expiresAt'>, privateKey: string, ttlSeconds = SESSION_TTL_SECONDS): string {
  return jwt.sign({ sid: c.sid, email: c.email, role: c.role, ...(c.mustEnrolSecondFactor ? { mfa: 'enrol' } : {}) }, privateKeyObject(privateKey), {
    algorithm: TOKEN_ALGORITHM,
    subject: c.userId,
    issuer: ISSUER,
    expiresIn: ttlSeconds,
  });
}

export function verifySessionToken(token: string, publicKey: string): SessionClaims | null {
  try {
    const payload = jwt.verify(token, publicKeyObject(publicKey), { algorithms: [TOKEN_ALGORITHM], issuer: ISSUER });
    const c = claimsSchema.parse(payload);
    return { sid: c.sid, userId: c.sub, email: c.email, role: c.role, expiresAt: new Date(c.exp * 1000), ...(c.mfa ? { mustEnrolSecondFactor: true } : {}) };
  } catch {
    return null;
  }
}

const SECOND_STEP_ISSUER = 'midway-identity-second-step';
const secondStepSchema = z.object({ sub: z.uuid(), returnTo: z.string() });

/**
 * The pending second step of a sign-in (the password was right, the code comes next): not a session (another
 * issuer, which verifySessionToken refuses), short-lived, held in an httpOnly cookie.
 */
export function signSecondStepToken(c: { userId: string; returnTo: string }, privateKey: string, ttlSeconds: number): string {
  return jwt.sign({ returnTo: c.returnTo }, privateKeyObject(privateKey), { algorithm: TOKEN_ALGORITHM, subject: c.userId, issuer: SECOND_STEP_ISSUER, expiresIn: ttlSeconds });
}

export function verifySecondStepToken(token: string, publicKey: string): { userId: string; returnTo: string } | null {
  try {
    const c = secondStepSchema.parse(jwt.verify(token, publicKeyObject(publicKey), { algorithms: [TOKEN_ALGORITHM], issuer: SECOND_STEP_ISSUER }));
    return { userId: c.sub, returnTo: c.returnTo };
  } catch {
    return null;
  }
}

/**
 * Reads one cookie from a raw Cookie header without pulling a parser into every hop. A value that does not
 * URI-decode (`midway_session=%`) is no cookie: anyone can send one, so it must never become a 500.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      if (!value.includes('%')) return value; // nothing to decode (a session token never is): skip the cost
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A request a browser made on another site's behalf: `Sec-Fetch-Site: cross-site`, or an Origin that is not
 * the request's own (`null` included). A typed navigation, a same-origin click and non-browser clients send
 * neither. Used where a GET has an effect a foreign page must not trigger (sign-out).
 */
export function isCrossSite(headers: IncomingHttpHeaders, ownOrigin: string): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  return typeof headers.origin === 'string' && headers.origin !== ownOrigin;
}
