import { uniqueEmail } from '@midway/testing';
import { asGateway, json, sessionCookieOf, startTestIdentity, watchEvents, type Identity } from './identity-harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const register = (body: Record<string, unknown>, init: RequestInit = {}) =>
  fetch(`${identity.url}/api/register`, { ...json(body), ...init, redirect: 'manual' });
const newUser = (email = uniqueEmail()) => ({ email, password: 'correct-horse-1', firstName: 'Ada', lastName: 'Lovelace' });

describe('POST /api/register', () => {
  it('creates a designer, answers 201 with the user and sets an httpOnly SameSite=Lax session cookie', async () => {
    const body = newUser();
    const res = await register(body);
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toEqual({ id: expect.any(String), email: body.email.toLowerCase(), firstName: 'Ada', lastName: 'Lovelace', company: null, phone: null, systemRole: 'designer', emailVerified: false, secondFactor: 'off' });
    const setCookie = res.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^midway_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const expires = new Date(/Expires=([^;]+)/.exec(setCookie)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
  });

  it('marks the cookie Secure when the request came over https through the proxy', async () => {
    const res = await register(newUser(), { headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()[0]).toMatch(/Secure/i);
  });

  it('refuses a duplicate e-mail with 409, whatever its case', async () => {
    const body = newUser();
    expect((await register(body)).status).toBe(201);
    const again = await register({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'conflict', message: expect.stringMatching(/already exists/) });
  });

  it('refuses a password under 8 characters with 400 and says why', async () => {
    const res = await register({ ...newUser(), password: 'short12' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'password must be at least 8 characters' });
  });

  it('names the missing fields', async () => {
    const res = await register({ email: uniqueEmail() });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['firstName', 'lastName', 'password']);
  });

  it('publishes identity.user.created.v1 through the outbox', async () => {
    const events = await watchEvents('identity.user.created.v1');
    try {
      const body = newUser();
      const user = await (await register(body)).json();
      const evt = await events.waitFor((e) => (e.data as { userId: string }).userId === user.id);
      expect(evt.data).toMatchObject({ email: body.email.toLowerCase(), systemRole: 'designer', firstName: 'Ada' });
    } finally {
      await events.close();
    }
  });

  it('a form post creates the account and lands on /', async () => {
    const body = newUser();
    const res = await fetch(`${identity.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body as Record<string, string>).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(sessionCookieOf(res)).toBeDefined();
  });

  it('a form post with a bad field shows the sign-up page again with the message', async () => {
    const res = await fetch(`${identity.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...newUser(), password: 'short' } as Record<string, string>).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('password must be at least 8 characters');
    expect(html).toContain('value="Ada"');
  });
});

describe('sign-in and sign-up pages', () => {
  it('GET /api/login is an HTML sign-in form that links to sign-up', async () => {
    const res = await fetch(`${identity.url}/api/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('action="/api/login"');
    expect(html).toContain('href="/api/register"');
    expect(html).toContain('Midway');
  });

  it('GET /api/register is an HTML sign-up form', async () => {
    const html = await (await fetch(`${identity.url}/api/register`)).text();
    expect(html).toContain('action="/api/register"');
    for (const field of ['firstName', 'lastName', 'email', 'password']) expect(html).toContain(`name="${field}"`);
  });

  // An invitation's page sends the invitee to sign in or sign up with their address filled in, and back after.
  it('fill in the e-mail and keep a return path on this site through both forms and the links between them', async () => {
    const q = `email=${encodeURIComponent('kim@studio.test')}&returnTo=${encodeURIComponent('/invitations/abc_123')}`;
    const signUp = await (await fetch(`${identity.url}/api/register?${q}`)).text();
    expect(signUp).toContain('value="kim@studio.test"');
    expect(signUp).toContain('<input type="hidden" name="returnTo" value="/invitations/abc_123">');
    expect(signUp).toContain('href="/api/login?email=kim%40studio.test&amp;returnTo=%2Finvitations%2Fabc_123"');
    const signIn = await (await fetch(`${identity.url}/api/login?${q}`)).text();
    expect(signIn).toContain('value="kim@studio.test"');
    expect(signIn).toContain('<input type="hidden" name="returnTo" value="/invitations/abc_123">');

    const post = (path: string, body: Record<string, string>) =>
      fetch(`${identity.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString(), redirect: 'manual' });
    const user = newUser();
    const registered = await post('/api/register', { ...user, returnTo: '/invitations/abc_123' });
    expect([registered.status, registered.headers.get('location')]).toEqual([303, '/invitations/abc_123']);
    const signedIn = await post('/api/login', { email: user.email, password: user.password, returnTo: '/invitations/abc_123?join=1' });
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/invitations/abc_123?join=1']);
  });

  it('never send the browser to another site after signing in', async () => {
    const evil = await (await fetch(`${identity.url}/api/login?returnTo=${encodeURIComponent('//evil.example/x')}`)).text();
    expect(evil).not.toContain('name="returnTo"');
    const user = newUser();
    await register(user);
    const res = await fetch(`${identity.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: user.email, password: user.password, returnTo: 'https://evil.example/' }).toString(),
      redirect: 'manual',
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/']);
  });
});

describe('POST /api/login', () => {
  let account: ReturnType<typeof newUser>;
  beforeAll(async () => {
    account = newUser();
    expect((await register(account)).status).toBe(201);
  });

  it('signs in with JSON: 200, the user, and a session cookie', async () => {
    const res = await fetch(`${identity.url}/api/login`, json({ email: account.email, password: account.password }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: account.email.toLowerCase(), systemRole: 'designer' });
    expect(sessionCookieOf(res)).toBeDefined();
  });

  it('compares e-mails case-insensitively', async () => {
    const res = await fetch(`${identity.url}/api/login`, json({ email: `  ${account.email.toUpperCase()} `, password: account.password }));
    expect(res.status).toBe(200);
  });

  it('answers 401 to a wrong password and to an unknown e-mail, with the same message', async () => {
    const wrong = await fetch(`${identity.url}/api/login`, json({ email: account.email, password: 'not-the-password' }));
    const unknown = await fetch(`${identity.url}/api/login`, json({ email: uniqueEmail('nobody'), password: 'whatever-123' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).message).toBe((await unknown.json()).message);
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('a form post signs in and redirects to /; a wrong password shows the page with the error', async () => {
    const form = (password: string) =>
      fetch(`${identity.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: account.email, password }).toString(),
        redirect: 'manual',
      });
    const ok = await form(account.password);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/');
    const bad = await form('wrong-password');
    expect(bad.status).toBe(401);
    expect(await bad.text()).toContain('Incorrect e-mail or password.');
  });
});

describe('GET /api/auth/user and GET /api/logout', () => {
  it('returns the signed-in user, 401 without a forwarded identity, and 401 once the session is revoked', async () => {
    const account = newUser();
    const cookie = sessionCookieOf(await register(account));
    const me = await fetch(`${identity.url}/api/auth/user`, { headers: asGateway(cookie) });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ id: expect.any(String), email: account.email.toLowerCase(), firstName: 'Ada', lastName: 'Lovelace', company: null, phone: null, systemRole: 'designer', emailVerified: false, secondFactor: 'off' });

    expect((await fetch(`${identity.url}/api/auth/user`)).status).toBe(401);

    const events = await watchEvents('identity.session.revoked.v1');
    try {
      const out = await fetch(`${identity.url}/api/logout`, { headers: { cookie: cookie! }, redirect: 'manual' });
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe('/');
      expect(out.headers.getSetCookie()[0]).toMatch(/midway_session=;.*Expires=Thu, 01 Jan 1970/);
      // Even a still-valid forwarded token for that session is refused now.
      expect((await fetch(`${identity.url}/api/auth/user`, { headers: asGateway(cookie) })).status).toBe(401);
      const evt = await events.waitFor(() => true);
      expect(evt.data).toMatchObject({ sessionId: expect.any(String), expiresAt: expect.any(String) });
      // A second sign-out (double click) is harmless and publishes nothing more.
      await fetch(`${identity.url}/api/logout`, { headers: { cookie: cookie! }, redirect: 'manual' });
      await new Promise((r) => setTimeout(r, 500));
      expect(events.seen.filter((e) => (e.data as { sessionId: string }).sessionId === (evt.data as { sessionId: string }).sessionId)).toHaveLength(1);
    } finally {
      await events.close();
    }
  });

  it('ignores a forged identity header that the gateway did not sign', async () => {
    const res = await fetch(`${identity.url}/api/auth/user`, { headers: { 'x-midway-identity': 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' } });
    expect(res.status).toBe(401);
  });
});

describe('ensureAdmin (admin:create and the start-up seed)', () => {
  it('creates a midway_admin, and promotes an existing account', async () => {
    const email = uniqueEmail('admin');
    const { user, created } = await identity.auth.ensureAdmin(email.toLowerCase(), 'admin-password-1');
    expect(created).toBe(true);
    expect(user.systemRole).toBe('midway_admin');
    const login = await fetch(`${identity.url}/api/login`, json({ email, password: 'admin-password-1' }));
    expect((await login.json()).systemRole).toBe('midway_admin');

    const designer = newUser();
    await register(designer);
    const promoted = await identity.auth.ensureAdmin(designer.email.toLowerCase(), 'new-admin-pass');
    expect(promoted).toMatchObject({ created: false, user: { systemRole: 'midway_admin' } });
    // Whoever runs admin:create or sets the seed's address vouches for it: an admin's address counts as verified.
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(promoted.user.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('two replicas seeding one admin at once both start: one creates it, the others find it', async () => {
    const email = uniqueEmail('seeded').toLowerCase();
    const answers = await Promise.all([1, 2, 3].map(() => identity.auth.ensureAdmin(email, 'admin-password-1')));
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.user.id)).size).toBe(1);
    expect(answers.every((a) => a.user.systemRole === 'midway_admin')).toBe(true);
  });
});
