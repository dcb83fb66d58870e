import { createHash, randomBytes } from 'node:crypto';
import { ADMIN, ANONYMOUS, ANY_SIGNED_IN, describeAuthorizationMatrix, expectEveryRouteHasARow, followProviderRedirects, PUBLIC, startTestOidcProvider, uniqueEmail, type Actor, type MatrixRow, type TestOidcProvider, type Who } from '@midway/testing';
import { totpCodeAt } from '../src/domain/totp-code';
import { oidcRoutes } from '../src/routes/oidc.routes';
import { secondFactorRoutes } from '../src/routes/second-factor.routes';
import { authRoutes } from '../src/routes/auth.routes';
import { contactRoutes } from '../src/routes/contact.routes';
import { passwordRoutes } from '../src/routes/password.routes';
import { profileRoutes } from '../src/routes/profile.routes';
import { emailVerificationRoutes } from '../src/routes/email-verification.routes';
import { asGateway, json, sessionCookieOf, startTestIdentity, type Identity } from './identity-harness';

/**
 * Every identity route against every kind of caller, from the same table helper as the other services. Projects
 * mean nothing here, so the callers differ only in being signed in or not: signing in, signing up, signing out,
 * the pages, the reset link and the contact form are public (the reset link is its own credential, whoever
 * holds it); the current user, the profile and changing the password need a live session (401 without one). A
 * refused call leaks no account's name and changes no account, session or reset link.
 */
let identity: Identity;
// Sign-in through an OpenID Connect provider is public: a real one on 127.0.0.1 (see oidc.api.test.ts).
let provider: TestOidcProvider;
const CALLBACK = 'http://localhost:8080/api/login/oidc/oidc/callback';
beforeAll(async () => {
  provider = await startTestOidcProvider([CALLBACK]);
  identity = await startTestIdentity({ PUBLIC_URL: 'http://localhost:8080', ...provider.env('GENERIC') });
});
afterAll(async () => {
  await identity?.stop();
  await provider?.stop();
});

const PASSWORD = 'matrix-password-1';
const NEW_PASSWORD = 'matrix-password-2';
const SECRET = 'Zebrawood';

interface Fixture {
  callers: Record<Who, Actor>;
  /** A usable reset link's token for the owner's account. */
  resetToken: string;
  verifyToken: string;
  /** The admin caller's authenticator app, set up but not confirmed. */
  adminTotpSecret: string;
  /** Another admin with an app, half-way through signing in: the pending step's cookie and a fresh code. */
  staffSignIn: () => Promise<{ pending: string; code: string }>;
}

/** A signed-in caller as the gateway forwards them: its identity token, and the cookie sign-out reads. */
function signedIn(res: Response, user: { id: string; email: string; systemRole: Actor['role'] }): Actor {
  const cookie = sessionCookieOf(res)!;
  return { userId: user.id, email: user.email, role: user.systemRole, headers: { ...asGateway(cookie), cookie } };
}

async function designer(): Promise<Actor> {
  const res = await fetch(`${identity.url}/api/register`, json({ email: uniqueEmail('matrix'), password: PASSWORD, firstName: 'Dana', lastName: SECRET }));
  expect(res.status).toBe(201);
  return signedIn(res, await res.json());
}

async function admin(): Promise<Actor> {
  const email = uniqueEmail('matrix-admin');
  await identity.auth.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: SECRET, systemRole: 'midway_admin' });
  const res = await fetch(`${identity.url}/api/login`, json({ email, password: PASSWORD }));
  expect(res.status).toBe(200);
  return signedIn(res, await res.json());
}

/** Fresh accounts with live sessions for each call (sign-out and a password change end sessions). */
async function fixture(): Promise<Fixture> {
  const [owner, member, viewer, removed, outsider, adm] = await Promise.all([designer(), designer(), designer(), designer(), designer(), admin()]);
  const callers: Record<Who, Actor> = { anonymous: ANONYMOUS, owner, member, viewer, removed, outsider, admin: adm };
  const resetToken = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(resetToken).digest('hex');
  await identity.db.$executeRaw`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (${tokenHash}, ${owner.userId}::uuid, now() + interval '30 minutes')`;
  // The owner's address-verification link, as if read from their mail.
  const verifyToken = randomBytes(32).toString('base64url');
  await identity.db.$executeRaw`INSERT INTO email_verifications (token_hash, user_id, expires_at) VALUES (${createHash('sha256').update(verifyToken).digest('hex')}, ${owner.userId}::uuid, now() + interval '1 hour')`;
  const setup = await fetch(`${identity.url}/api/auth/second-factor/setup`, { method: 'POST', headers: adm.headers });
  const adminTotpSecret = (await setup.json()).secret;
  return { callers, resetToken, verifyToken, adminTotpSecret, staffSignIn: () => staffSignIn() };
}

/** An admin with an app (confirmed with the previous step's code) whose password was just accepted. */
async function staffSignIn(): Promise<{ pending: string; code: string }> {
  const staff = await admin();
  const setup = await (await fetch(`${identity.url}/api/auth/second-factor/setup`, { method: 'POST', headers: staff.headers })).json();
  await fetch(`${identity.url}/api/auth/second-factor/confirm`, json({ code: totpCodeAt(setup.secret, Date.now() - 30_000) }, staff.headers));
  const res = await fetch(`${identity.url}/api/login`, json({ email: staff.email, password: PASSWORD }));
  expect(res.status).toBe(202);
  const pending = res.headers.getSetCookie().find((c) => c.startsWith('midway_second_step='))!.split(';')[0]!;
  return { pending, code: totpCodeAt(setup.secret, Date.now()) };
}

/** The browser's round trip through the provider as a new person; identity's answer to its callback. */
async function providerSignIn(w: Actor) {
  const email = uniqueEmail('matrix-oidc');
  provider.signInAs({ sub: `matrix-${email}`, email, email_verified: true });
  const start = await fetch(`${identity.url}/api/login/oidc/oidc`, { redirect: 'manual', headers: w.headers });
  const state = start.headers.getSetCookie().find((c) => c.startsWith('midway_oidc_state='))!.split(';')[0]!;
  const back = await followProviderRedirects(start.headers.get('location')!, CALLBACK);
  return call('GET', `${back.pathname}${back.search}`, { ...w, headers: { ...w.headers, cookie: [w.headers.cookie, state].filter(Boolean).join('; ') } });
}

/** Every fixture account as identity keeps it: its fields, its password, its live sessions and usable reset links. */
async function snapshot(f: Fixture) {
  const ids = Object.values(f.callers).map((c) => c.userId).filter(Boolean);
  return identity.db.$queryRaw`
    SELECT u.id, u.email, u.first_name, u.last_name, u.company, u.phone, u.system_role::text, u.password_hash,
           (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL) AS live_sessions,
           (SELECT count(*)::int FROM password_resets p WHERE p.user_id = u.id AND p.used_at IS NULL) AS reset_links,
           u.email_verified_at, (SELECT count(*)::int FROM email_verifications v WHERE v.user_id = u.id) AS verification_links,
           (SELECT t.confirmed_at FROM totp_factors t WHERE t.user_id = u.id) AS second_factor_on
    FROM users u WHERE u.id = ANY(${ids}::uuid[]) ORDER BY u.id`;
}

/** A call as `who`, without following redirects; a JSON answer parsed, anything else as text. */
async function call(method: string, path: string, who: Actor, body?: unknown) {
  const res = await fetch(`${identity.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...who.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text };
}

/** The caller's own address, or (anonymous) the owner's. */
const emailOf = (w: Actor, f: Fixture) => w.email || f.callers.owner.email;

const ROUTES: MatrixRow<Fixture>[] = [
  ['GET /api/login', (w) => call('GET', '/api/login', w), PUBLIC(200)],
  ['GET /api/register', (w) => call('GET', '/api/register', w), PUBLIC(200)],
  ['POST /api/login', (w, f) => call('POST', '/api/login', w, { email: emailOf(w, f), password: PASSWORD }), PUBLIC(200)],
  ['POST /api/register', (w) => call('POST', '/api/register', w, { email: uniqueEmail('matrix'), password: PASSWORD, firstName: 'New', lastName: 'Account' }), PUBLIC(201)],
  // Sign-out revokes the session the cookie names, if any, and goes home: the same for everyone.
  ['GET /api/logout', (w) => call('GET', '/api/logout', w), PUBLIC(303)],
  ['POST /api/logout', (w) => call('POST', '/api/logout', w), PUBLIC(303)],
  ['GET /api/auth/user', (w) => call('GET', '/api/auth/user', w), ANY_SIGNED_IN(200)],
  ['GET /api/password-reset', (w) => call('GET', '/api/password-reset', w), PUBLIC(200)],
  // The same answer whether or not the address has an account, and whoever asks.
  ['POST /api/password-reset', (w, f) => call('POST', '/api/password-reset', w, { email: emailOf(w, f) }), PUBLIC(202)],
  ['GET /api/password-reset/confirm', (w, f) => call('GET', `/api/password-reset/confirm?token=${f.resetToken}`, w), PUBLIC(200)],
  ['POST /api/password-reset/confirm', (w, f) => call('POST', '/api/password-reset/confirm', w, { token: f.resetToken, password: NEW_PASSWORD }), PUBLIC(200)],
  ['POST /api/user/password', (w) => call('POST', '/api/user/password', w, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }), ANY_SIGNED_IN(200)],
  ['PUT /api/user/profile', (w) => call('PUT', '/api/user/profile', w, { firstName: 'Dana', lastName: 'Renamed', company: 'Studio North', phone: '+1 604 555 0101' }), ANY_SIGNED_IN(200)],
  ['POST /api/contact', (w) => call('POST', '/api/contact', w, { firstName: 'Casey', lastName: 'Client', email: 'casey@example.com', message: 'Do you store rugs?' }), PUBLIC(200)],
  // The e-mailed link's token is the credential, whoever opens it (a page either way).
  ['GET /api/auth/verify-email', (w, f) => call('GET', `/api/auth/verify-email?token=${f.verifyToken}`, w), PUBLIC(200)],
  // Resend mails the caller's own address only.
  ['POST /api/auth/verify-email/resend', (w) => call('POST', '/api/auth/verify-email/resend', w), ANY_SIGNED_IN(202)],
  // A provider's sign-in: the state cookie (bound to this browser) and the provider's code are the credential.
  ['GET /api/login/oidc/:provider', (w) => call('GET', '/api/login/oidc/oidc', w), PUBLIC(303)],
  ['GET /api/login/oidc/:provider/callback', (w) => providerSignIn(w), PUBLIC(303)],
  // The second step: the pending step's cookie is the credential (without one, back to sign in).
  ['GET /api/login/second-factor', (w) => call('GET', '/api/login/second-factor', w), PUBLIC(303)],
  ['POST /api/login/second-factor', async (w, f) => {
    const { pending, code } = await f.staffSignIn();
    return call('POST', '/api/login/second-factor', { ...w, headers: { ...w.headers, cookie: [w.headers.cookie, pending].filter(Boolean).join('; ') } }, { code });
  }, PUBLIC(200)],
  // Enrolling an authenticator app is for staff: a designer is refused (403) and nothing of theirs changes.
  ['POST /api/auth/second-factor/setup', (w) => call('POST', '/api/auth/second-factor/setup', w), ADMIN(200)],
  ['POST /api/auth/second-factor/confirm', (w, f) => call('POST', '/api/auth/second-factor/confirm', w, { code: totpCodeAt(f.adminTotpSecret, Date.now()) }), ADMIN(200)],
];

it('covers every route identity serves (a new route fails here until it has a row)', () => {
  const none = {} as never;
  const limits = { authPerMinute: 0, contactPerMinute: 0, counters: () => none };
  expectEveryRouteHasARow(ROUTES, [authRoutes(none, limits), passwordRoutes(none, limits), profileRoutes(none), contactRoutes(none, limits), emailVerificationRoutes(none, limits), secondFactorRoutes(none, none, { perMinute: 0, counters: () => none }), oidcRoutes(none, 'http://localhost:8080')]);
});

describeAuthorizationMatrix(ROUTES, { fixture, snapshot, secret: SECRET });

describe('a session that has ended', () => {
  it('is refused like no session (401) for the current user, a password change and a profile change, and changes nothing', async () => {
    const f = await fixture();
    const owner = f.callers.owner;
    expect((await call('GET', '/api/logout', owner)).status).toBe(303);
    const before = await snapshot(f);
    for (const [method, path, body] of [['GET', '/api/auth/user', undefined], ['POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }], ['PUT', '/api/user/profile', { firstName: 'Dana', lastName: 'Renamed' }]] as const) {
      const res = await call(method, path, owner, body);
      expect([path, res.status]).toEqual([path, 401]);
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
    }
    expect(await snapshot(f)).toEqual(before);
  });
});
