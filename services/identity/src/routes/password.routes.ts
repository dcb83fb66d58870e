import { Router, type Request, type Response } from 'express';
import { changePasswordBodySchema, passwordResetConfirmBodySchema, passwordResetRequestBodySchema } from '@midway/contracts';
import { callerOf, HttpError, parse, requireCaller } from '@midway/service-kit';
import { INVALID_RESET_LINK, type PasswordService } from '../domain/password.service';
import { forgotPasswordPage, passwordResetDonePage, resetPasswordPage } from '../pages/auth-pages';
import { perIp, perIpAndAccount, type RateLimitCounters } from './rate-limits';

const isForm = (req: Request) => req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/** Form posts get a page back (with the error); JSON callers get JSON. */
async function answer(req: Request, res: Response, work: () => Promise<{ message: string }>, page: (r: { message?: string; error?: string }) => string, status = 200) {
  if (!isForm(req)) return void res.status(status).json(await work());
  try {
    const { message } = await work();
    res.status(status).type('html').send(page({ message }));
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    res.status(err.status).type('html').send(page({ error: err.message }));
  }
}

/** Password reset by e-mailed link (public) and password change (signed in). */
export function passwordRoutes(passwords: PasswordService, limits: { authPerMinute: number; counters: RateLimitCounters }): Router {
  const r = Router();
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  r.get('/api/password-reset', (_req, res) => void res.type('html').send(forgotPasswordPage()));

  // Per IP and per address: nobody can flood an inbox with links.
  r.post('/api/password-reset', ...perIpAndAccount(limits.authPerMinute, 'reset', limits.counters), async (req, res) => {
    await answer(
      req,
      res,
      () => passwords.requestReset(parse(passwordResetRequestBodySchema, req.body).email),
      ({ message, error }) => forgotPasswordPage({ sent: message, error, email: String(req.body?.email ?? '') }),
      202,
    );
  });

  r.get('/api/password-reset/confirm', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
    noStore(res);
    res.type('html').send(resetPasswordPage({ token, usable: token !== '' && (await passwords.resetLinkUsable(token)), error: token ? undefined : INVALID_RESET_LINK }));
  });

  r.post('/api/password-reset/confirm', perIp(limits.authPerMinute, 'reset-confirm', limits.counters), async (req, res) => {
    noStore(res);
    await answer(
      req,
      res,
      () => passwords.confirmReset(parse(passwordResetConfirmBodySchema, req.body)),
      ({ message, error }) =>
        message ? passwordResetDonePage(message) : resetPasswordPage({ token: String(req.body?.token ?? ''), usable: !(error === INVALID_RESET_LINK), error }),
    );
  });

  r.post('/api/user/password', requireCaller, perIp(limits.authPerMinute, 'password', limits.counters), async (req, res) => {
    res.json(await passwords.changePassword(callerOf(req), parse(changePasswordBodySchema, req.body)));
  });
  return r;
}
