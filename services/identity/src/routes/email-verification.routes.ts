import { Router } from 'express';
import { callerOf, requireCaller } from '@midway/service-kit';
import type { EmailVerificationService } from '../domain/email-verification.service';
import { verifyEmailPage } from '../pages/auth-pages';
import { perIpAndCaller, type RateLimitCounters } from './rate-limits';

/** Address verification: the e-mailed link's page (public: the token is the credential) and Resend (signed in). */
export function emailVerificationRoutes(verification: EmailVerificationService, limits: { authPerMinute: number; counters: RateLimitCounters }): Router {
  const r = Router();

  r.get('/api/auth/verify-email', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.type('html').send(verifyEmailPage(token ? await verification.verify(token) : 'invalid'));
  });

  // Per IP and per account: nobody can flood an inbox with links.
  r.post('/api/auth/verify-email/resend', requireCaller, ...perIpAndCaller(limits.authPerMinute, 'verify-resend', limits.counters), async (req, res) => {
    res.status(202).json(await verification.resend(callerOf(req)));
  });
  return r;
}
