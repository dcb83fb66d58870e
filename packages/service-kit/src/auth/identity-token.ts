import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import type { RequestHandler, Request } from 'express';
import { systemRoleSchema, type SystemRole } from '@midway/contracts';
import { z } from 'zod';
import { unauthorized } from '../errors';
import { privateKeyObject, publicKeyObject, TOKEN_ALGORITHM } from './keys';

/** Header through which the gateway forwards the caller to a service. */
export const IDENTITY_HEADER = 'x-midway-identity';
const ISSUER = 'midway-gateway';
const AUDIENCE = 'midway-services';
/** Short-lived: a stolen forwarded token is useless within a minute. */
export const IDENTITY_TOKEN_TTL_SECONDS = 60;

export interface Caller {
  userId: string;
  email: string;
  role: SystemRole;
  sessionId: string;
}

const claimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  role: systemRoleSchema,
  sid: z.string(),
});

export function signIdentityToken(caller: Caller, privateKey: string): string {
  return jwt.sign({ email: caller.email, role: caller.role, sid: caller.sessionId }, privateKeyObject(privateKey), {
    algorithm: TOKEN_ALGORITHM,
    subject: caller.userId,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: IDENTITY_TOKEN_TTL_SECONDS,
  });
}

// A gateway reuses a forwarded token for many requests; verify each one once, until it expires.
const verified = new LRUCache<string, { caller: Caller; key: string }>({ max: 10_000, ttl: IDENTITY_TOKEN_TTL_SECONDS * 1000, ttlAutopurge: false });

export function verifyIdentityToken(token: string, publicKey: string): Caller | null {
  const hit = verified.get(token);
  if (hit && hit.key === publicKey) return hit.caller;
  try {
    const payload = jwt.verify(token, publicKeyObject(publicKey), { algorithms: [TOKEN_ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    const claims = claimsSchema.parse(payload);
    const caller: Caller = { userId: claims.sub, email: claims.email, role: claims.role, sessionId: claims.sid };
    const exp = (payload as { exp: number }).exp * 1000;
    verified.set(token, { caller, key: publicKey }, { ttl: Math.max(1, exp - Date.now()) });
    return caller;
  } catch {
    return null;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

/**
 * Reads the gateway's forwarded identity when present and valid. Services never trust a bare header:
 * an unsigned, expired or foreign token is ignored and the request is treated as anonymous.
 */
export function identityMiddleware(publicKey: string): RequestHandler {
  return (req, _res, next) => {
    const token = req.headers[IDENTITY_HEADER];
    if (typeof token === 'string') {
      const caller = verifyIdentityToken(token, publicKey);
      if (caller) req.caller = caller;
    }
    next();
  };
}

export const requireCaller: RequestHandler = (req, _res, next) => {
  next(req.caller ? undefined : unauthorized());
};

export function callerOf(req: Request): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}
