import { Router, type Request, type Response } from 'express';
import { secondFactorCodeBodySchema, totpConfirmBodySchema } from '@midway/contracts';
import { callerOf, HttpError, parse, readCookie, requireCaller } from '@midway/service-kit';
import type { SecondFactorService } from '../domain/second-factor.service';
import type { SignInService } from '../domain/sign-in.service';
import { secondStepPage } from '../pages/second-factor-pages';
import { perIpAndKey, type RateLimitCounters } from './rate-limits';
import { SECOND_STEP_COOKIE, setSessionCookie } from './auth.routes';

const isForm = (req: Request) => req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
const metaOf = (req: Request) => ({ ip: req.ip, userAgent: req.get('user-agent')?.slice(0, 300) });
const pendingOf = (req: Request) => readCookie(req.headers.cookie, SECOND_STEP_COOKIE);
const clearPending = (req: Request, res: Response) => res.clearCookie(SECOND_STEP_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/api/login/second-factor' });

/** The sign-in's second step (public: the pending step's cookie is the credential) and enrolling an app (signed in). */
export function secondFactorRoutes(signIn: SignInService, enrolment: SecondFactorService, limits: { perMinute: number; counters: RateLimitCounters }): Router {
  const r = Router();
  // Per IP and per account (the pending step's user), across replicas: six digits must not be guessable.
  const limited = perIpAndKey(limits.perMinute, 'second-factor', limits.counters, (req) => signIn.pendingUserId(pendingOf(req)) ?? undefined);

  r.get('/api/login/second-factor', (req, res) => {
    if (!signIn.isPending(pendingOf(req))) return void res.redirect(303, '/api/login');
    res.type('html').setHeader('Cache-Control', 'no-store').send(secondStepPage());
  });

  r.post('/api/login/second-factor', ...limited, async (req, res) => {
    try {
      const { code } = parse(secondFactorCodeBodySchema, req.body);
      const { signedIn, returnTo } = await signIn.secondStep(pendingOf(req), code, metaOf(req));
      clearPending(req, res);
      setSessionCookie(req, res, signedIn);
      if (isForm(req)) res.redirect(303, returnTo);
      else res.json(signedIn.user);
    } catch (err) {
      if (!isForm(req) || !(err instanceof HttpError) || err.status >= 500) throw err;
      if (err.code === 'second_step_expired') return void res.redirect(303, '/api/login');
      res.status(err.status).type('html').send(secondStepPage({ error: err.message }));
    }
  });

  r.post('/api/auth/second-factor/setup', requireCaller, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store').json(await enrolment.setup(callerOf(req)));
  });

  r.post('/api/auth/second-factor/confirm', ...limited, requireCaller, async (req, res) => {
    const { code } = parse(totpConfirmBodySchema, req.body);
    const { answer, session } = await enrolment.confirm(callerOf(req), code);
    setSessionCookie(req, res, session);
    res.setHeader('Cache-Control', 'no-store').json(answer);
  });

  return r;
}
