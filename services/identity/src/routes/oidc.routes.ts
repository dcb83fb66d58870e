import { Router, type Request, type Response } from 'express';
import { HttpError, readCookie } from '@midway/service-kit';
import type { OidcSignInService } from '../domain/oidc-sign-in.service';
import { OIDC_LOGIN_TTL_MS } from '../domain/oidc-sign-in.service';
import { safeReturnPath } from '../domain/return-path';
import { oidcErrorPage } from '../pages/second-factor-pages';
import { answerSignIn } from './auth.routes';

/** The browser's half of a provider sign-in's state: httpOnly, for the callback's path only, as long as the sign-in. */
const STATE_COOKIE = 'midway_oidc_state';
const cookiePath = (provider: string) => `/api/login/oidc/${provider}/callback`;
const metaOf = (req: Request) => ({ ip: req.ip, userAgent: req.get('user-agent')?.slice(0, 300) });

/** A refusal is a page saying what to do (the browser is mid-redirect, not a script): never JSON, never a 500. */
function renderRefusal(res: Response, err: unknown) {
  if (!(err instanceof HttpError)) throw err;
  res.status(err.status).type('html').setHeader('Cache-Control', 'no-store').send(oidcErrorPage(err.message));
}

/** Sign in with an OpenID Connect provider (public): the button's start, and the provider's redirect back. */
export function oidcRoutes(oidc: OidcSignInService, publicUrl: string): Router {
  const r = Router();

  r.get('/api/login/oidc/:provider', async (req, res) => {
    try {
      const provider = req.params.provider;
      const { url, state } = await oidc.start(provider, safeReturnPath(req.query.returnTo));
      res.cookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: cookiePath(provider), maxAge: OIDC_LOGIN_TTL_MS });
      res.redirect(303, url.toString());
    } catch (err) {
      renderRefusal(res, err);
    }
  });

  r.get('/api/login/oidc/:provider/callback', async (req, res) => {
    const provider = req.params.provider;
    // Used or not, the state is spent: the browser forgets it (a provider id is letters; anything else is a 404 below).
    if (/^[a-z]{1,40}$/.test(provider)) res.clearCookie(STATE_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: cookiePath(provider) });
    try {
      // The redirect URI as registered (the public address), with the query the provider sent.
      const callbackUrl = new URL(req.originalUrl, publicUrl);
      const outcome = await oidc.finish(provider, callbackUrl, readCookie(req.headers.cookie, STATE_COOKIE), metaOf(req));
      answerSignIn(req, res, outcome, { json: false });
    } catch (err) {
      renderRefusal(res, err);
    }
  });

  return r;
}
