import { authenticatorCode } from '@midway/testing';
import { json, sessionCookieOf, standInService, uniqueEmail, useGateway } from './gateway-harness';

/**
 * ADMIN_2FA=required, enforced server-side: an admin's session without a second factor carries a claim, and the
 * gateway answers every signed-in route but the enrolment (and the current user) 403 until identity signs the
 * session again without it.
 */
const t = useGateway({ identity: { ADMIN_2FA: 'required' }, standIns: { CATALOG_URL: () => standInService(() => ({ reached: 'catalog' })) } });

const PASSWORD = 'staff-password-1';
const call = (method: string, path: string, cookie: string, body?: unknown) =>
  fetch(`${t.gateway.url}${path}`, { method, headers: { cookie, 'content-type': 'application/json', origin: t.gateway.url }, body: body === undefined ? undefined : JSON.stringify(body) });

async function signIn(role: 'midway_admin' | 'designer') {
  const email = uniqueEmail('gw-2fa');
  await t.identity.auth.createUser({ email, password: PASSWORD, firstName: 'Sam', lastName: 'Staff', systemRole: role });
  const res = await fetch(`${t.gateway.url}/api/login`, json({ email, password: PASSWORD }));
  expect(res.status).toBe(200);
  return sessionCookieOf(res)!;
}

describe('ADMIN_2FA=required through the gateway', () => {
  it('an admin without a second factor reaches only the enrolment until enrolled, then everything', async () => {
    const cookie = await signIn('midway_admin');
    const projects = await call('GET', '/api/projects', cookie);
    expect(projects.status).toBe(403);
    expect(await projects.json()).toMatchObject({ error: 'second_factor_required', message: expect.stringContaining('two-step sign-in') });
    expect((await call('PUT', '/api/user/profile', cookie, { firstName: 'Sam', lastName: 'Changed' })).status).toBe(403);
    expect(t.standIn('CATALOG_URL').requests()).toBe(0);

    const me = await call('GET', '/api/auth/user', cookie);
    expect(me.status).toBe(200);
    expect((await me.json()).secondFactor).toBe('enrol');
    const setup = await call('POST', '/api/auth/second-factor/setup', cookie);
    expect(setup.status).toBe(200);
    const { secret } = await setup.json();
    const confirmed = await call('POST', '/api/auth/second-factor/confirm', cookie, { code: authenticatorCode(secret) });
    expect(confirmed.status).toBe(200);
    const renewed = sessionCookieOf(confirmed)!;
    expect((await call('GET', '/api/projects', renewed)).status).toBe(200);
    expect(t.standIn('CATALOG_URL').requests()).toBe(1);
  });

  it("passes the sign-in's second step its cookie (and only it): password, then the app's code, through the gateway", async () => {
    const cookie = await signIn('midway_admin');
    const email = (await (await call('GET', '/api/auth/user', cookie)).json()).email;
    const { secret } = await (await call('POST', '/api/auth/second-factor/setup', cookie)).json();
    expect((await call('POST', '/api/auth/second-factor/confirm', cookie, { code: authenticatorCode(secret, Date.now() - 30_000) })).status).toBe(200);
    const first = await fetch(`${t.gateway.url}/api/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.gateway.url }, body: new URLSearchParams({ email, password: PASSWORD }).toString() });
    expect(first.headers.get('location')).toBe('/api/login/second-factor');
    const pending = first.headers.getSetCookie().find((c) => c.startsWith('midway_second_step='))!.split(';')[0]!;
    // The page needs the pending step's cookie (without it, back to sign in).
    const page = await fetch(`${t.gateway.url}/api/login/second-factor`, { redirect: 'manual', headers: { cookie: `other=1; ${pending}` } });
    expect(page.status).toBe(200);
    const done = await fetch(`${t.gateway.url}/api/login/second-factor`, { method: 'POST', redirect: 'manual', headers: { cookie: pending, 'content-type': 'application/x-www-form-urlencoded', origin: t.gateway.url }, body: `code=${authenticatorCode(secret)}` });
    expect(done.status).toBe(303);
    expect(sessionCookieOf(done)).toBeDefined();
  });

  it('leaves a designer alone', async () => {
    const cookie = await signIn('designer');
    expect((await call('GET', '/api/projects', cookie)).status).toBe(200);
  });
});
