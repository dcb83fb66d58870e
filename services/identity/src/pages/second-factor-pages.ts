/** The sign-in's second step and a provider sign-in that could not finish: server-rendered like the other sign-in pages. */
import { escape, layout } from './auth-pages';

const errorBox = (error?: string) => (error ? `<div class="error" role="alert">${escape(error)}</div>` : '');

/** After the password: the authenticator app's code, or a recovery code. */
export function secondStepPage(opts: { error?: string } = {}) {
  return layout(
    'Two-step sign-in',
    `<h1>Enter your code</h1><p class="sub">Open your authenticator app and enter the 6-digit code it shows for Midway.</p>
${errorBox(opts.error)}
<form method="post" action="/api/login/second-factor">
  <label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="40" required autofocus>
  <p class="hint">No phone? Enter one of your recovery codes instead.</p>
  <button type="submit">Sign in</button>
</form>
<p class="alt"><a href="/api/login">Start again</a></p>`,
  );
}

/** A provider's sign-in refused or not verifiable: what happened and the way back, never a bare error. */
export function oidcErrorPage(message: string) {
  return layout('Sign-in not completed', `<h1>Sign-in not completed</h1>${errorBox(message)}<p class="alt"><a href="/api/login">Back to sign in</a></p>`);
}
