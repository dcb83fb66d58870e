import { startTestOidcProvider, uniqueEmail, type TestOidcProvider } from '@midway/testing';
import { asGateway, json, sessionCookieOf, startTestIdentity, type Identity } from './identity-harness';

let identity: Identity;
let provider: TestOidcProvider;
beforeAll(async () => {
  provider = await startTestOidcProvider(['http://localhost:8080/api/login/oidc/oidc/callback']);
  identity = await startTestIdentity({ PUBLIC_URL: 'http://localhost:8080', ...provider.env('GENERIC') });
});
afterAll(async () => {
  await identity?.stop();
  await provider?.stop();
});

// The second step parses its code before looking for a pending step.
const ENDPOINTS = ['/api/login', '/api/register', '/api/contact', '/api/login/second-factor'];
const MB = 'x'.repeat(1024 * 1024);
const BAD_BODIES: [string, string][] = [
  ['malformed JSON', '{"email": "a@b.c", '],
  ['a JSON array', '[1,2,3]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  ['wrong types', JSON.stringify({ email: 42, password: ['x'], firstName: { a: 1 }, lastName: true, message: 7, phone: 5 })],
  ['1 MB strings', JSON.stringify({ email: `${MB}@x.com`, password: MB, firstName: MB, lastName: MB, message: MB })],
  ['NUL characters', JSON.stringify({ email: 'a\u0000@b.co', password: 'pass\u0000word1', firstName: 'A\u0000', lastName: 'B\u0000', message: 'hi\u0000', phone: '1\u0000' })],
  ['prototype pollution keys', JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } })],
];

describe('bad input never yields a 5xx', () => {
  for (const path of ENDPOINTS) {
    for (const [name, body] of BAD_BODIES) {
      it(`${path} with ${name} → 4xx JSON`, async () => {
        const res = await fetch(`${identity.url}${path}`, json(body));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const payload = await res.json();
        expect(payload).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
        expect(JSON.stringify(payload)).not.toMatch(/at .*\.(ts|js):\d+/);
      });
    }
  }

  it('an unknown route answers 404 JSON', async () => {
    const res = await fetch(`${identity.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('bad input to the second factor and the provider sign-in', () => {
  it('the enrolment confirm of a signed-in admin: bad bodies and codes are 400 JSON, and nothing turns on', async () => {
    const email = uniqueEmail('bad-staff');
    await identity.auth.createUser({ email, password: 'staff-password-1', firstName: 'B', lastName: 'S', systemRole: 'midway_admin' });
    const headers = asGateway(sessionCookieOf(await fetch(`${identity.url}/api/login`, json({ email, password: 'staff-password-1' }))));
    await fetch(`${identity.url}/api/auth/second-factor/setup`, { method: 'POST', headers });
    for (const body of [...BAD_BODIES.map(([, b]) => b), JSON.stringify({ code: '12345' }), JSON.stringify({ code: 'abcdef' }), JSON.stringify({ code: 123456 }), JSON.stringify({ code: 'abcde-fghij' })]) {
      const res = await fetch(`${identity.url}/api/auth/second-factor/confirm`, json(body, headers));
      // 400, or 413 for the 1 MB body.
      expect([body.slice(0, 40), [400, 413].includes(res.status)]).toEqual([body.slice(0, 40), true]);
      expect(await res.json()).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
    }
    expect(await identity.db.$queryRaw`SELECT t.confirmed_at FROM totp_factors t JOIN users u ON u.id = t.user_id WHERE u.email = ${email.toLowerCase()}`).toEqual([{ confirmed_at: null }]);
  });

  it('odd provider names and callback queries are 4xx pages, never a 5xx', async () => {
    const paths = [
      '/api/login/oidc/%00',
      `/api/login/oidc/${'x'.repeat(5000)}`,
      '/api/login/oidc/oidc/callback',
      '/api/login/oidc/oidc/callback?state=%00&code=%00',
      '/api/login/oidc/oidc/callback?state=a&state=b&code[]=x',
      `/api/login/oidc/oidc/callback?state=${'s'.repeat(4000)}&code=x`,
      '/api/login/oidc/oidc/callback?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/api/login/oidc/oidc?returnTo=https://evil.example/',
    ];
    for (const path of paths) {
      const res = await fetch(`${identity.url}${path}`, { redirect: 'manual', headers: { cookie: 'midway_oidc_state=%E0%A4%A' } });
      expect([path.slice(0, 60), res.status < 500]).toEqual([path.slice(0, 60), true]);
      expect(await res.text()).not.toContain('<script>');
    }
    // Where to go after is a path on this site, never another site.
    const start = await fetch(`${identity.url}/api/login/oidc/oidc?returnTo=https://evil.example/`, { redirect: 'manual' });
    expect(start.status).toBe(303);
  });
});
