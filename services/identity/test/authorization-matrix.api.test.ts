import { createHash, randomBytes } from 'node:crypto';
import { ANONYMOUS, ANY_SIGNED_IN, describeAuthorizationMatrix, expectEveryRouteHasARow, PUBLIC, uniqueEmail, type Actor, type MatrixRow, type Who } from '@midway/testing';
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
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const PASSWORD = 'matrix-password-1';
const NEW_PASSWORD = 'matrix-password-2';
const SECRET = 'Zebrawood';

interface Fixture {
  callers: Record<Who, Actor>;
  /** A usable reset link's token for the owner's account. */
  resetToken: string;
  verifyToken: string;
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
  return { callers, resetToken, verifyToken };
}

/** Every fixture account as identity keeps it: its fields, its password, its live sessions and usable reset links. */
async function snapshot(f: Fixture) {
  const ids = Object.values(f.callers).map((c) => c.userId).filter(Boolean);
  return identity.db.$queryRaw`
    SELECT u.id, u.email, u.first_name, u.last_name, u.company, u.phone, u.system_role::text, u.password_hash,
           (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL) AS live_sessions,
           (SELECT count(*)::int FROM password_resets p WHERE p.user_id = u.id AND p.used_at IS NULL) AS reset_links,
           u.email_verified_at, (SELECT count(*)::int FROM email_verifications v WHERE v.user_id = u.id) AS verification_links
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
];

it('covers every route identity serves (a new route fails here until it has a row)', () => {
  const none = {} as never;
  const limits = { authPerMinute: 0, contactPerMinute: 0, counters: () => none };
  expectEveryRouteHasARow(ROUTES, [authRoutes(none, limits), passwordRoutes(none, limits), profileRoutes(none), contactRoutes(none, limits), emailVerificationRoutes(none, limits)]);
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
