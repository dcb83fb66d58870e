import type { Request, RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator, type Store } from 'express-rate-limit';
import { callerOf, tooManyRequests } from '@midway/service-kit';

const pass: RequestHandler = (_req, _res, next) => next();

/** Where a limiter keeps its counts: a new store per limiter, shared by every replica (SharedRateLimitStore). */
export type RateLimitCounters = () => Store;

function limiter(perMinute: number, key: (req: Request) => string | undefined, name: string, counters: RateLimitCounters): RequestHandler {
  if (perMinute <= 0) return pass;
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: counters(),
    // Requests without the key (no e-mail in the body) are not counted against an account.
    skip: (req) => key(req) === undefined,
    keyGenerator: (req) => `${name}:${key(req)}`,
    handler: (_req, _res, next) => next(tooManyRequests('Too many attempts. Please wait a minute and try again.')),
  });
}

const ipOf = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');
const accountOf = (req: Request) => (typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase().slice(0, 255) : undefined);

/** Per IP and per account: a botnet spread over many IPs still hits the account limit, and vice versa. */
export function perIpAndAccount(perMinute: number, name: string, counters: RateLimitCounters): RequestHandler[] {
  return [limiter(perMinute, ipOf, `${name}:ip`, counters), limiter(perMinute, accountOf, `${name}:account`, counters)];
}

export function perIp(perMinute: number, name: string, counters: RateLimitCounters): RequestHandler {
  return limiter(perMinute, ipOf, `${name}:ip`, counters);
}

/** Per IP and per signed-in user, for a call without an address in its body (Resend); after requireCaller. */
export function perIpAndCaller(perMinute: number, name: string, counters: RateLimitCounters): RequestHandler[] {
  return [limiter(perMinute, ipOf, `${name}:ip`, counters), limiter(perMinute, (req) => callerOf(req).userId, `${name}:user`, counters)];
}

/** Per IP and per a key the request carries (a pending sign-in's user); requests without the key count per IP only. */
export function perIpAndKey(perMinute: number, name: string, counters: RateLimitCounters, key: (req: Request) => string | undefined): RequestHandler[] {
  return [limiter(perMinute, ipOf, `${name}:ip`, counters), limiter(perMinute, key, `${name}:account`, counters)];
}
