/** Server-rendered sign-in and sign-up pages: they work without JavaScript and under a strict CSP. */
import { BRAND_COLORS, BRAND_FONT, BRAND_NAME, logoSvg } from '@midway/contracts/brand';

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const C = BRAND_COLORS;
// The app's theme (teal accent, slate greys) and its SVG logo, from the one brand source.
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:${BRAND_FONT};background:${C.background};color:${C.text}}
  main{width:100%;max-width:400px;padding:16px}
  .card{background:${C.surface};border:1px solid ${C.border};border-radius:12px;padding:32px;box-shadow:0 1px 2px rgba(15,23,42,.06)}
  @media (max-width:420px){.card{padding:24px 18px}}
  .brand{display:inline-flex;align-items:center;gap:10px;margin-bottom:24px;font-weight:750;font-size:18px;letter-spacing:-.02em;color:${C.text};text-decoration:none}
  .brand:focus-visible{outline:2px solid ${C.focus};outline-offset:3px;border-radius:8px}
  h1{font-size:22px;margin:0 0 4px}
  p.sub{margin:0 0 24px;color:${C.textMuted};font-size:14px}
  label{display:block;font-size:13px;font-weight:600;margin:14px 0 6px}
  input{width:100%;padding:10px 12px;border:1px solid ${C.borderStrong};border-radius:8px;font-size:15px;background:${C.surface}}
  input:focus{outline:none;border-color:${C.accent};box-shadow:0 0 0 3px ${C.accentSoft}}
  .row{display:flex;gap:12px}.row>div{flex:1}
  button{margin-top:22px;width:100%;padding:11px;border:0;border-radius:8px;background:${C.accent};color:${C.accentText};font-size:15px;font-weight:600;cursor:pointer}
  button:hover{background:${C.accentHover}}
  button:focus-visible{outline:2px solid ${C.focus};outline-offset:2px}
  .notice{background:#f0fdfa;border:1px solid #99f6e4;color:${C.accentHover};padding:10px 12px;border-radius:8px;font-size:14px;margin-bottom:8px}
  .error{background:${C.dangerSoft};border:1px solid #fecaca;color:#991b1b;padding:10px 12px;border-radius:8px;font-size:14px;margin-bottom:8px}
  .alt{margin-top:20px;text-align:center;font-size:14px;color:${C.textMuted}}
  a{color:${C.accent};font-weight:600}
  .hint{font-size:12px;color:${C.textMuted};margin-top:6px}
  .sso{display:block;margin-top:10px;padding:10px;border:1px solid ${C.borderStrong};border-radius:8px;text-align:center;color:${C.text};text-decoration:none}
  .sso:hover{background:${C.background}}
  .or{display:flex;align-items:center;gap:10px;margin:20px 0 4px;color:${C.textMuted};font-size:13px}
  .or:before,.or:after{content:"";flex:1;border-top:1px solid ${C.border}}
  .codes{font-family:ui-monospace,monospace;font-size:15px;columns:2;padding-left:20px}
`;

export function layout(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · ${BRAND_NAME}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><div class="card"><a class="brand" href="/" aria-label="${BRAND_NAME} home">${logoSvg(32)}<span>${BRAND_NAME}</span></a>${body}</div></main></body></html>`;
}

/** The hidden field and the query that carry where to go after signing in (see safeReturnPath). */
const returnField = (returnTo?: string) => (returnTo && returnTo !== '/' ? `\n  <input type="hidden" name="returnTo" value="${escape(returnTo)}">` : '');
const withQuery = (path: string, q: { email?: string; returnTo?: string }) => {
  const params = new URLSearchParams();
  if (q.email) params.set('email', q.email);
  if (q.returnTo && q.returnTo !== '/') params.set('returnTo', q.returnTo);
  const query = params.toString();
  return escape(query ? `${path}?${query}` : path);
};

/** A configured OpenID Connect provider's button (none without configuration). */
export interface ProviderButton {
  id: string;
  label: string;
}

/** "Continue with Google" and the like, above the password form, keeping where to go after. */
function providerButtons(providers: ProviderButton[] | undefined, returnTo?: string) {
  if (!providers?.length) return '';
  const q = returnTo && returnTo !== '/' ? `?${new URLSearchParams({ returnTo })}` : '';
  const links = providers.map((p) => `<a class="sso" href="${escape(`/api/login/oidc/${p.id}${q}`)}">Continue with ${escape(p.label)}</a>`).join('');
  return `${links}<p class="or">or</p>`;
}

export function loginPage(opts: { error?: string; email?: string; returnTo?: string; providers?: ProviderButton[] } = {}) {
  return layout(
    'Sign in',
    `<h1>Sign in</h1><p class="sub">Track every item of every project, from vendor to job site.</p>
${opts.error ? `<div class="error" role="alert">${escape(opts.error)}</div>` : ''}${providerButtons(opts.providers, opts.returnTo)}
<form method="post" action="/api/login">${returnField(opts.returnTo)}
  <label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escape(opts.email ?? '')}">
  <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
  <p class="hint"><a href="/api/password-reset">Forgot password?</a></p>
  <button type="submit">Sign in</button>
</form>
<p class="alt">New to Midway? <a href="${withQuery('/api/register', opts)}">Create an account</a></p>`,
  );
}

export function registerPage(opts: { error?: string; values?: { email?: string; firstName?: string; lastName?: string }; returnTo?: string; providers?: ProviderButton[] } = {}) {
  const v = opts.values ?? {};
  return layout(
    'Create account',
    `<h1>Create your account</h1><p class="sub">Free for designers and builders. Set up your first project in a minute.</p>
${opts.error ? `<div class="error" role="alert">${escape(opts.error)}</div>` : ''}${providerButtons(opts.providers, opts.returnTo)}
<form method="post" action="/api/register">${returnField(opts.returnTo)}
  <div class="row"><div><label for="firstName">First name</label><input id="firstName" name="firstName" autocomplete="given-name" required value="${escape(v.firstName ?? '')}"></div>
  <div><label for="lastName">Last name</label><input id="lastName" name="lastName" autocomplete="family-name" required value="${escape(v.lastName ?? '')}"></div></div>
  <label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escape(v.email ?? '')}">
  <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
  <p class="hint">At least 8 characters.</p>
  <button type="submit">Create account</button>
</form>
<p class="alt">Already have an account? <a href="${withQuery('/api/login', { email: v.email, returnTo: opts.returnTo })}">Sign in</a></p>`,
  );
}

/** Shown instead of signing out when another site sent the browser to /api/logout: the user decides. */
export function signOutPage() {
  return layout(
    'Sign out',
    `<h1>Sign out of Midway?</h1><p class="sub">Another site sent you here. Sign out only if you meant to.</p>
<form method="post" action="/api/logout">
  <button type="submit">Sign out</button>
</form>
<p class="alt"><a href="/">Stay signed in</a></p>`,
  );
}

const notice = (text: string) => `<div class="notice" role="status">${escape(text)}</div>`;
const errorBox = (error?: string) => (error ? `<div class="error" role="alert">${escape(error)}</div>` : '');

/** Asks for the account's e-mail; after sending, the same page says what happens next (for every address). */
export function forgotPasswordPage(opts: { error?: string; email?: string; sent?: string } = {}) {
  return layout(
    'Reset password',
    `<h1>Reset your password</h1><p class="sub">Enter the e-mail you sign in with. We will send you a link to choose a new password.</p>
${opts.sent ? notice(opts.sent) : ''}${errorBox(opts.error)}
<form method="post" action="/api/password-reset">
  <label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escape(opts.email ?? '')}">
  <button type="submit">Send the link</button>
</form>
<p class="alt"><a href="/api/login">Back to sign in</a></p>`,
  );
}

/** The e-mailed link lands here: a new password, or a way to ask for a new link. */
export function resetPasswordPage(opts: { token: string; usable: boolean; error?: string }) {
  if (!opts.usable) {
    return layout(
      'Reset password',
      `<h1>This link no longer works</h1>${errorBox(opts.error ?? 'This reset link has expired or was already used.')}
<p class="alt"><a href="/api/password-reset">Ask for a new link</a></p>`,
    );
  }
  return layout(
    'Choose a new password',
    `<h1>Choose a new password</h1><p class="sub">You will be signed out everywhere and can sign in with the new password.</p>
${errorBox(opts.error)}
<form method="post" action="/api/password-reset/confirm">
  <input type="hidden" name="token" value="${escape(opts.token)}">
  <label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
  <p class="hint">At least 8 characters.</p>
  <button type="submit">Save the new password</button>
</form>`,
  );
}

export function passwordResetDonePage(message: string) {
  return layout('Password changed', `<h1>Password changed</h1>${notice(message)}<p class="alt"><a href="/api/login">Sign in</a></p>`);
}

/** An e-mailed address-verification link lands here: verified, or how to get a new link. */
export function verifyEmailPage(outcome: 'verified' | 'already-verified' | 'invalid') {
  if (outcome === 'invalid') {
    return layout(
      'Verify your address',
      `<h1>This link no longer works</h1>${errorBox('This verification link has expired or was already used.')}
<p class="sub">Sign in to Midway and choose Resend in the banner at the top of the page: we will e-mail you a new link, valid for 24 hours.</p>
<p class="alt"><a href="/api/login">Sign in</a></p>`,
    );
  }
  const text = outcome === 'verified' ? 'Your e-mail address is verified.' : 'Your e-mail address was already verified.';
  return layout(
    'Address verified',
    `<h1>Address verified</h1>${notice(`${text} Invitations sent to it can now be accepted from your dashboard.`)}
<p class="alt"><a href="/">Go to Midway</a></p>`,
  );
}
