import { createHash } from 'node:crypto';
import { followProviderRedirects, startTestOidcProvider, uniqueEmail, type TestOidcProvider } from '@midway/testing';
import { asGateway, json, sessionCookieOf, startTestIdentity, type Identity } from './identity-harness';

/**
 * Sign-in through a real OpenID Connect provider (oidc-provider on 127.0.0.1): the browser's round trip is played
 * with fetch, the provider's login and consent answering as the account the test names.
 */
const PUBLIC_URL = 'http://midway.test';
const CALLBACK = `${PUBLIC_URL}/api/login/oidc/oidc/callback`;
let provider: TestOidcProvider;
let identity: Identity;
beforeAll(async () => {
  provider = await startTestOidcProvider([CALLBACK]);
  identity = await startTestIdentity({ PUBLIC_URL, ...provider.env('GENERIC'), OIDC_GENERIC_NAME: 'Acme SSO' });
});
afterAll(async () => {
  await identity?.stop();
  await provider?.stop();
});
afterEach(() => provider.setCodeTtlSeconds(60));

const cookieNamed = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(';')[0];

/** Clicks "Continue with Acme SSO": identity's redirect to the provider and the browser's state cookie. */
async function start(returnTo = '/projects') {
  const res = await fetch(`${identity.url}/api/login/oidc/oidc?returnTo=${encodeURIComponent(returnTo)}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const stateCookie = cookieNamed(res, 'midway_oidc_state')!;
  expect(res.headers.getSetCookie().find((c) => c.startsWith('midway_oidc_state='))).toMatch(/HttpOnly/i);
  return { location: res.headers.get('location')!, stateCookie };
}

/** The provider's redirect back, as identity sees it through the gateway. */
const callback = (back: URL, cookie?: string) => fetch(`${identity.url}${back.pathname}${back.search}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

async function signInAtProvider(account: Parameters<TestOidcProvider['signInAs']>[0]) {
  provider.signInAs(account);
  const { location, stateCookie } = await start();
  const back = await followProviderRedirects(location, CALLBACK);
  return { back, stateCookie };
}

async function me(res: Response) {
  const cookie = sessionCookieOf(res);
  expect(cookie).toBeDefined();
  return (await fetch(`${identity.url}/api/auth/user`, { headers: asGateway(cookie) })).json();
}

const userRow = async (email: string) => (await identity.db.$queryRaw<{ id: string; email_verified_at: Date | null; password_hash: string | null }[]>`SELECT id, email_verified_at, password_hash FROM users WHERE email = ${email.toLowerCase()}`)[0];

describe('sign-in with an OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, and shows the button on the sign-in pages', async () => {
    const { location } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    for (const page of ['/api/login', '/api/register']) {
      expect(await (await fetch(`${identity.url}${page}`)).text()).toContain('href="/api/login/oidc/oidc">Continue with Acme SSO</a>');
    }
  });

  it('creates a new account, verified and without a password, and signs it in where it was going', async () => {
    const email = uniqueEmail('oidc-new');
    const { back, stateCookie } = await signInAtProvider({ sub: `new-${email}`, email, email_verified: true, given_name: 'Nia', family_name: 'Okafor' });
    const res = await callback(back, stateCookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/projects');
    expect(await me(res)).toMatchObject({ email: email.toLowerCase(), firstName: 'Nia', lastName: 'Okafor', systemRole: 'designer', emailVerified: true });
    const row = await userRow(email);
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.password_hash).toBeNull();
    // The state cookie is spent.
    expect(res.headers.getSetCookie().find((c) => c.startsWith('midway_oidc_state='))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('links to an existing account by an address the provider marks verified, verifying it, and signs in as it after', async () => {
    const email = uniqueEmail('oidc-link');
    const reg = await fetch(`${identity.url}/api/register`, json({ email, password: 'correct-horse-1', firstName: 'Lee', lastName: 'Park' }));
    const { id } = await reg.json();
    const first = await signInAtProvider({ sub: `link-${email}`, email, email_verified: true });
    const res = await callback(first.back, first.stateCookie);
    expect(await me(res)).toMatchObject({ id, email: email.toLowerCase(), emailVerified: true });
    // Later the same provider account signs in as that user, whatever address it now has.
    const again = await signInAtProvider({ sub: `link-${email}`, email: uniqueEmail('oidc-renamed'), email_verified: false });
    expect(await me(await callback(again.back, again.stateCookie))).toMatchObject({ id, email: email.toLowerCase() });
  });

  it('refuses an address the provider has not verified: no link, no account, a page saying what to do', async () => {
    const email = uniqueEmail('oidc-unverified');
    await fetch(`${identity.url}/api/register`, json({ email, password: 'correct-horse-1', firstName: 'Vic', lastName: 'Tim' }));
    const { back, stateCookie } = await signInAtProvider({ sub: `attacker-${email}`, email, email_verified: false });
    const res = await callback(back, stateCookie);
    expect(res.status).toBe(403);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await res.text()).toContain('has not verified the address');
    expect(await identity.db.$queryRaw`SELECT 1 FROM oidc_identities WHERE subject = ${`attacker-${email}`}`).toEqual([]);

    const stranger = uniqueEmail('oidc-unverified-new');
    const second = await signInAtProvider({ sub: `stranger-${stranger}`, email: stranger, email_verified: false });
    expect((await callback(second.back, second.stateCookie)).status).toBe(403);
    expect(await userRow(stranger)).toBeUndefined();
  });

  it('refuses a replayed callback (its state is used once), also when both arrive together', async () => {
    const email = uniqueEmail('oidc-replay');
    const { back, stateCookie } = await signInAtProvider({ sub: `replay-${email}`, email, email_verified: true });
    const [a, b] = await Promise.all([callback(back, stateCookie), callback(back, stateCookie)]);
    expect([a.status, b.status].sort()).toEqual([303, 400]);
    // Refused by the used state itself, before its code ever goes to the provider again.
    expect(await (a.status === 400 ? a : b).text()).toContain('This sign-in was already used or has expired. Start again from the sign-in page.');
    const third = await callback(back, stateCookie);
    expect(third.status).toBe(400);
    expect(sessionCookieOf(third)).toBeUndefined();
    expect(await third.text()).toContain('This sign-in was already used or has expired.');
  });

  it('refuses a forged state, and a callback in a browser that did not start the sign-in', async () => {
    const email = uniqueEmail('oidc-forged');
    const { back, stateCookie } = await signInAtProvider({ sub: `forged-${email}`, email, email_verified: true });
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-forged-state-forged-state-abc');
    for (const res of [await callback(forged, stateCookie), await callback(forged, 'midway_oidc_state=forged-state-forged-state-forged-state-abc'), await callback(back)]) {
      expect(res.status).toBe(400);
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(await res.text()).toContain('Start again from the sign-in page');
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const email = uniqueEmail('oidc-nonce');
    const { back, stateCookie } = await signInAtProvider({ sub: `nonce-${email}`, email, email_verified: true });
    const stateHash = createHash('sha256').update(back.searchParams.get('state')!).digest('hex');
    await identity.db.$executeRaw`UPDATE oidc_logins SET nonce = 'another-sign-ins-nonce' WHERE state_hash = ${stateHash}`;
    const res = await callback(back, stateCookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('could not be verified or has expired');
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    provider.setCodeTtlSeconds(1);
    const email = uniqueEmail('oidc-expired');
    const { back, stateCookie } = await signInAtProvider({ sub: `expired-${email}`, email, email_verified: true });
    await new Promise((r) => setTimeout(r, 2100));
    const res = await callback(back, stateCookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('could not be verified or has expired');
    expect(await userRow(email)).toBeUndefined();
  });

  it("shows the provider's refusal (the person said no) as a page, and an unknown provider as 404", async () => {
    const { stateCookie } = await start();
    const denied = await fetch(`${identity.url}/api/login/oidc/oidc/callback?error=access_denied&state=x`, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('did not sign you in (access_denied)');
    for (const path of ['/api/login/oidc/google', '/api/login/oidc/google/callback?code=x&state=y', '/api/login/oidc/%3Cx%3E/callback']) {
      expect((await fetch(`${identity.url}${path}`, { redirect: 'manual' })).status).toBe(404);
    }
  });
});

describe('without configuration', () => {
  it('shows no provider buttons and its routes answer 404', async () => {
    const plain = await startTestIdentity();
    try {
      expect(await (await fetch(`${plain.url}/api/login`)).text()).not.toContain('Continue with');
      expect((await fetch(`${plain.url}/api/login/oidc/oidc`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${plain.url}/api/login/oidc/oidc/callback?code=x&state=y`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
