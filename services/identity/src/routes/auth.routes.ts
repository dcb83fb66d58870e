import { Router, type Request, type Response } from 'express';
import { loginBodySchema, registerBodySchema } from '@midway/contracts';
import { callerOf, HttpError, isCrossSite, parse, readCookie, requireCaller, SESSION_COOKIE } from '@midway/service-kit';
import type { AuthService, SignedIn } from '../domain/auth.service';
import type { SignInOutcome, SignInService } from '../domain/sign-in.service';
import type { ProviderButton } from '../pages/auth-pages';
import { safeReturnPath } from '../domain/return-path';
import { loginPage, registerPage, signOutPage } from '../pages/auth-pages';
import { perIpAndAccount, type RateLimitCounters } from './rate-limits';

const isForm = (req: Request) => req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
const metaOf = (req: Request) => ({ ip: req.ip, userAgent: req.get('user-agent')?.slice(0, 300) });

export function setSessionCookie(req: Request, res: Response, s: SignedIn) {
  res.cookie(SESSION_COOKIE, s.token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', expires: s.expiresAt });
}

/** The pending second step's token: only the second-step page and its form post read it. */
export const SECOND_STEP_COOKIE = 'midway_second_step';
const SECOND_STEP_PATH = '/api/login/second-factor';

/**
 * A proven first factor's answer: the session (JSON: the user; a form or a provider's callback: a redirect), or the
 * second step (JSON: 202 saying so; otherwise a redirect to its page), its token in a cookie for that page only.
 */
export function answerSignIn(req: Request, res: Response, outcome: SignInOutcome, o: { json: boolean; status?: number }) {
  if (outcome.kind === 'second-step') {
    res.cookie(SECOND_STEP_COOKIE, outcome.token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: SECOND_STEP_PATH, expires: outcome.expiresAt });
    if (o.json) return void res.status(202).json({ secondFactorRequired: true, message: 'Enter the code from your authenticator app: POST it to /api/login/second-factor.' });
    return void res.redirect(303, SECOND_STEP_PATH);
  }
  setSessionCookie(req, res, outcome.signedIn);
  if (o.json) res.status(o.status ?? 200).json(outcome.signedIn.user);
  else res.redirect(303, outcome.returnTo);
}

/** Sign-in's steps after the password, and the providers' buttons (none without configuration). */
export interface SignInWiring {
  service: Pick<SignInService, 'afterFirstFactor'>;
  providers: () => ProviderButton[];
}

/** Form posts get the page back with the error; JSON callers get the JSON error. */
function renderFormError(res: Response, err: unknown, page: (error: string) => string) {
  if (!(err instanceof HttpError) || err.status >= 500) throw err;
  res.status(err.status).type('html').send(page(err.message));
}

export function authRoutes(auth: AuthService, limits: { authPerMinute: number; counters: RateLimitCounters }, signIn?: SignInWiring): Router {
  const r = Router();
  const limited = perIpAndAccount(limits.authPerMinute, 'auth', limits.counters);

  // `?email=&returnTo=`: an invitation's page sends the invitee here with their address filled in, and back after.
  const prefill = (req: Request) => ({ email: typeof req.query.email === 'string' ? req.query.email.slice(0, 254) : undefined, returnTo: safeReturnPath(req.query.returnTo) });
  r.get('/api/login', (req, res) => {
    const { email, returnTo } = prefill(req);
    res.type('html').send(loginPage({ email, returnTo, providers: signIn?.providers() }));
  });
  r.get('/api/register', (req, res) => {
    const { email, returnTo } = prefill(req);
    res.type('html').send(registerPage({ values: { email }, returnTo, providers: signIn?.providers() }));
  });

  r.post('/api/login', ...limited, async (req, res) => {
    try {
      const user = await auth.checkPassword(parse(loginBodySchema, req.body));
      const outcome = await signIn!.service.afterFirstFactor(user, metaOf(req), safeReturnPath(req.body?.returnTo));
      answerSignIn(req, res, outcome, { json: !isForm(req) });
    } catch (err) {
      if (!isForm(req)) throw err;
      renderFormError(res, err, (error) => loginPage({ error, email: String(req.body?.email ?? ''), returnTo: safeReturnPath(req.body?.returnTo), providers: signIn?.providers() }));
    }
  });

  r.post('/api/register', ...limited, async (req, res) => {
    try {
      const signedIn = await auth.register(parse(registerBodySchema, req.body), metaOf(req));
      setSessionCookie(req, res, signedIn);
      if (isForm(req)) res.redirect(303, safeReturnPath(req.body?.returnTo));
      else res.status(201).json(signedIn.user);
    } catch (err) {
      if (!isForm(req)) throw err;
      const { email, firstName, lastName } = req.body ?? {};
      renderFormError(res, err, (error) => registerPage({ error, values: { email, firstName, lastName }, returnTo: safeReturnPath(req.body?.returnTo), providers: signIn?.providers() }));
    }
  });

  const signOut = async (req: Request, res: Response) => {
    await auth.logout(readCookie(req.headers.cookie, SESSION_COOKIE));
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
    res.redirect(303, '/');
  };
  const ownOrigin = (req: Request) => `${req.protocol}://${req.get('host')}`;

  // Sign Out navigates here. Another site can link here too: a GET the browser marks cross-site only asks
  // to confirm, with a button that POSTs (which the Origin check guards).
  r.get('/api/logout', async (req, res) => {
    if (isCrossSite(req.headers, ownOrigin(req))) return void res.type('html').setHeader('Cache-Control', 'no-store').send(signOutPage());
    await signOut(req, res);
  });
  r.post('/api/logout', async (req, res) => {
    if (isCrossSite(req.headers, ownOrigin(req))) throw new HttpError(403, 'forbidden_origin', 'Sign-out must come from Midway itself.');
    await signOut(req, res);
  });

  r.get('/api/auth/user', requireCaller, async (req, res) => {
    const caller = callerOf(req);
    res.json(await auth.currentUser(caller.userId, caller.sessionId));
  });

  return r;
}
