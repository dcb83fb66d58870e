import { signUp as signUpAt, useGateway } from './gateway-harness';

const t = useGateway();

const signUp = () => signUpAt(t.gateway.url, { firstName: 'Ada', lastName: 'L' });
const signedIn = async (cookie: string) => (await fetch(`${t.gateway.url}/api/auth/user`, { headers: { cookie } })).status === 200;
const logout = (headers: Record<string, string>) => fetch(`${t.gateway.url}/api/logout`, { headers, redirect: 'manual' });

describe('GET /api/logout from another site', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
  ])('with %s shows a page to confirm and leaves the session alone', async (_name, headers) => {
    const cookie = await signUp();
    const res = await logout({ cookie, ...headers });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const page = await res.text();
    expect(page).toContain('<title>Sign out · Midway</title>');
    expect(page).toMatch(/<form method="post" action="\/api\/logout">[\s\S]*<button type="submit">Sign out<\/button>/);
    expect(await signedIn(cookie)).toBe(true);
  });

  it("signs out with the confirmation page's button (a same-origin POST)", async () => {
    const cookie = await signUp();
    const res = await fetch(`${t.gateway.url}/api/logout`, { method: 'POST', headers: { cookie, origin: t.gateway.url, 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie()[0]).toMatch(/midway_session=;/);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('refuses a POST from another site', async () => {
    const cookie = await signUp();
    const res = await fetch(`${t.gateway.url}/api/logout`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' }, redirect: 'manual' });
    expect(res.status).toBe(403);
    expect(await signedIn(cookie)).toBe(true);
  });
});

describe('GET /api/logout from Midway itself', () => {
  it.each([
    ['a same-origin click', { 'sec-fetch-site': 'same-origin' }],
    ['a typed address', { 'sec-fetch-site': 'none' }],
    ['a client without fetch metadata', {}],
  ])('signs out on %s and goes to /', async (_name, headers) => {
    const cookie = await signUp();
    const res = await logout({ cookie, ...headers });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(await signedIn(cookie)).toBe(false);
  });
});
