import { SESSION_COOKIE, verifySessionToken } from '@midway/service-kit';
import { testKeys, uniqueEmail } from '@midway/testing';
import { totpCodeAt } from '../src/domain/totp-code';
import { asGateway, json, sessionCookieOf, startTestIdentity, type Identity } from './identity-harness';

/** Staff's second factor: enrolling an authenticator app, and the sign-in's second step after the password. */
let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const PASSWORD = 'staff-password-1';
const at = (secret: string, stepsFromNow: number) => totpCodeAt(secret, Date.now() + stepsFromNow * 30_000);
const pendingOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('midway_second_step='))?.split(';')[0];
const claimsOf = (cookie: string | undefined) => verifySessionToken(decodeURIComponent(cookie!.slice(SESSION_COOKIE.length + 1)), testKeys().session.publicKey);

async function signIn(id: Identity, email: string) {
  return fetch(`${id.url}/api/login`, json({ email, password: PASSWORD }));
}

async function admin(id: Identity = identity) {
  const email = uniqueEmail('staff');
  await id.auth.createUser({ email, password: PASSWORD, firstName: 'Sam', lastName: 'Staff', systemRole: 'midway_admin' });
  const res = await signIn(id, email);
  expect(res.status).toBe(200);
  return { email, cookie: sessionCookieOf(res)! };
}

const post = (id: Identity, path: string, cookie: string | undefined, body?: unknown) =>
  fetch(`${id.url}${path}`, { method: 'POST', headers: { ...asGateway(cookie), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

/** An admin with an app enrolled (its first code one step back, so now's code is unused). */
async function enrolledAdmin(id: Identity = identity) {
  const a = await admin(id);
  const setup = await (await post(id, '/api/auth/second-factor/setup', a.cookie)).json();
  const confirmed = await post(id, '/api/auth/second-factor/confirm', a.cookie, { code: at(setup.secret, -1) });
  expect(confirmed.status).toBe(200);
  return { ...a, secret: setup.secret as string, recoveryCodes: (await confirmed.json()).recoveryCodes as string[] };
}

const secondStep = (id: Identity, pending: string | undefined, code: string) =>
  fetch(`${id.url}/api/login/second-factor`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json', ...(pending ? { cookie: pending } : {}) }, body: JSON.stringify({ code }) });

describe('enrolling an authenticator app', () => {
  it('gives a QR code and the secret as text, turns on only with a right code, and shows the recovery codes once', async () => {
    const a = await admin();
    const setupRes = await post(identity, '/api/auth/second-factor/setup', a.cookie);
    expect(setupRes.status).toBe(200);
    const setup = await setupRes.json();
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);

    const wrong = await post(identity, '/api/auth/second-factor/confirm', a.cookie, { code: at(setup.secret, -5) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_code', message: expect.stringContaining('6 digits your app shows now') });
    const me = await (await fetch(`${identity.url}/api/auth/user`, { headers: asGateway(a.cookie) })).json();
    expect(me.secondFactor).toBe('off');

    const ok = await post(identity, '/api/auth/second-factor/confirm', a.cookie, { code: at(setup.secret, 0) });
    expect(ok.status).toBe(200);
    const { recoveryCodes } = await ok.json();
    expect(recoveryCodes).toHaveLength(10);
    const stored = await identity.db.$queryRaw<{ code_hash: string }[]>`SELECT code_hash FROM totp_recovery_codes c JOIN users u ON u.id = c.user_id WHERE u.email = ${a.email.toLowerCase()}`;
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0].replace('-', ''));
    expect((await (await fetch(`${identity.url}/api/auth/user`, { headers: asGateway(a.cookie) })).json()).secondFactor).toBe('on');
    // On is on: set-up again is refused rather than replacing the app.
    expect((await post(identity, '/api/auth/second-factor/setup', a.cookie)).status).toBe(409);
  });

  it('confirms once when the same code is submitted twice at once', async () => {
    const a = await admin();
    const setup = await (await post(identity, '/api/auth/second-factor/setup', a.cookie)).json();
    const code = at(setup.secret, 0);
    const statuses = (await Promise.all([0, 1, 2].map(() => post(identity, '/api/auth/second-factor/confirm', a.cookie, { code })))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(await identity.db.$queryRaw`SELECT count(*)::int AS n FROM totp_recovery_codes c JOIN users u ON u.id = c.user_id WHERE u.email = ${a.email.toLowerCase()}`).toEqual([{ n: 10 }]);
  });

  it('is for staff: a designer is refused (403)', async () => {
    const res = await fetch(`${identity.url}/api/register`, json({ email: uniqueEmail('designer'), password: PASSWORD, firstName: 'D', lastName: 'E' }));
    const setup = await post(identity, '/api/auth/second-factor/setup', sessionCookieOf(res));
    expect(setup.status).toBe(403);
    expect(await setup.json()).toMatchObject({ error: 'forbidden', message: expect.stringContaining('staff') });
  });
});

describe("the sign-in's second step", () => {
  it('gives no session after the password, only a pending step; the app code then signs in', async () => {
    const a = await enrolledAdmin();
    const first = await signIn(identity, a.email);
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ secondFactorRequired: true });
    expect(sessionCookieOf(first)).toBeUndefined();
    const pending = pendingOf(first);
    expect(first.headers.getSetCookie().find((c) => c.startsWith('midway_second_step='))).toMatch(/HttpOnly.*|Path=\/api\/login\/second-factor/i);
    // The pending step is no session: the gateway would not take it, and neither does the session check.
    expect(verifySessionToken(pending!.split('=')[1]!, testKeys().session.publicKey)).toBeNull();

    expect((await secondStep(identity, pending, at(a.secret, -3))).status).toBe(401);
    const ok = await secondStep(identity, pending, at(a.secret, 0));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ email: a.email.toLowerCase(), secondFactor: 'on' });
    expect(sessionCookieOf(ok)).toBeDefined();
  });

  it('takes a code once within its window, also when two requests bring it together', async () => {
    const a = await enrolledAdmin();
    const pendings = await Promise.all([0, 1, 2].map(async () => pendingOf(await signIn(identity, a.email))));
    const code = at(a.secret, 0);
    const results = await Promise.all(pendings.slice(0, 2).map((p) => secondStep(identity, p, code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const replay = await secondStep(identity, pendings[2], code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_code', message: expect.stringContaining('already used') });
    // The next step's code is a new one.
    expect((await secondStep(identity, pendings[2], at(a.secret, 1))).status).toBe(200);
  });

  it('takes a recovery code instead, once', async () => {
    const a = await enrolledAdmin();
    const code = a.recoveryCodes[3]!;
    expect((await secondStep(identity, pendingOf(await signIn(identity, a.email)), code.toUpperCase())).status).toBe(200);
    expect((await secondStep(identity, pendingOf(await signIn(identity, a.email)), code)).status).toBe(401);
  });

  it('refuses without a pending step or with a forged one, and a form post goes back to sign in', async () => {
    const a = await enrolledAdmin();
    expect((await secondStep(identity, undefined, at(a.secret, 0))).status).toBe(401);
    expect((await secondStep(identity, 'midway_second_step=eyJhbGciOiJub25lIn0.e30.', at(a.secret, 0))).status).toBe(401);
    const form = await fetch(`${identity.url}/api/login/second-factor`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'code=123456' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/api/login');
    expect((await fetch(`${identity.url}/api/login/second-factor`, { redirect: 'manual' })).status).toBe(303);
  });

  it('a form sign-in goes to the code page, and the code to where the person was going', async () => {
    const a = await enrolledAdmin();
    const first = await fetch(`${identity.url}/api/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: a.email, password: PASSWORD, returnTo: '/billing' }).toString() });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/api/login/second-factor');
    const pending = pendingOf(first)!;
    const page = await fetch(`${identity.url}/api/login/second-factor`, { headers: { cookie: pending } });
    expect(await page.text()).toContain('autocomplete="one-time-code"');
    const wrong = await fetch(`${identity.url}/api/login/second-factor`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pending }, body: 'code=000000' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That code is not right');
    const ok = await fetch(`${identity.url}/api/login/second-factor`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pending }, body: `code=${at(a.secret, 0)}` });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/billing');
    expect(sessionCookieOf(ok)).toBeDefined();
  });
});

describe('rate limit of the second step', () => {
  it('refuses the 4th attempt of an account within a minute with 429, even with the right code and from other IPs', async () => {
    const limited = await startTestIdentity({ RATE_LIMIT_SECOND_FACTOR_PER_MINUTE: '3' });
    try {
      const a = await enrolledAdmin(limited);
      const pending = pendingOf(await signIn(limited, a.email));
      const attempt = (code: string, ip: string) =>
        fetch(`${limited.url}/api/login/second-factor`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: pending!, 'x-forwarded-for': ip }, body: JSON.stringify({ code }) });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt('000000', `203.0.113.${20 + i}`)).status);
      const fourth = await attempt(at(a.secret, 0), '203.0.113.40');
      expect([...statuses, fourth.status]).toEqual([401, 401, 401, 429]);
      expect(await fourth.json()).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('wait a minute') });
    } finally {
      await limited.stop();
    }
  });
});

describe('ADMIN_2FA=required', () => {
  it("marks an admin's session without an app as enrol-first, and signs it again without the mark once enrolled", async () => {
    const strict = await startTestIdentity({ ADMIN_2FA: 'required' });
    try {
      const a = await admin(strict);
      expect(claimsOf(a.cookie)?.mustEnrolSecondFactor).toBe(true);
      expect((await (await fetch(`${strict.url}/api/auth/user`, { headers: asGateway(a.cookie) })).json()).secondFactor).toBe('enrol');
      const setup = await (await post(strict, '/api/auth/second-factor/setup', a.cookie)).json();
      const confirmed = await post(strict, '/api/auth/second-factor/confirm', a.cookie, { code: at(setup.secret, 0) });
      const renewed = sessionCookieOf(confirmed);
      expect(claimsOf(renewed)).toMatchObject({ sid: claimsOf(a.cookie)!.sid });
      expect(claimsOf(renewed)?.mustEnrolSecondFactor).toBeUndefined();
      // A designer's session never carries it.
      const d = await fetch(`${strict.url}/api/register`, json({ email: uniqueEmail('strict-designer'), password: PASSWORD, firstName: 'D', lastName: 'E' }));
      expect(claimsOf(sessionCookieOf(d))?.mustEnrolSecondFactor).toBeUndefined();
    } finally {
      await strict.stop();
    }
  });
});
