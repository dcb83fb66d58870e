import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The account the test provider signs in as next: what its ID token says. */
export interface ProviderAccountClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at the provider is (its login and consent screens answer themselves). */
  signInAs(account: ProviderAccountClaims): void;
  /** Authorization codes' lifetime from now on (the default is 60 s). */
  setCodeTtlSeconds(seconds: number): void;
  /** Env for identity: `OIDC_<NAME>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`. */
  env(name: 'GOOGLE' | 'MICROSOFT' | 'GENERIC'): Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified Node implementation) on 127.0.0.1, for identity's
 * tests and the browser journey: discovery, JWKS, authorization code with PKCE, signed ID tokens. Its login and
 * consent screens complete at once as the account given to signInAs, so a test plays a person who says yes.
 * `redirectUris`: where identity's callback is (PUBLIC_URL + /api/login/oidc/<id>/callback).
 */
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  // Loaded only by the tests that use it (an ES module compiled for jest: not every test file's cost).
  const { default: Provider } = await import('oidc-provider');
  const clientId = 'midway-test-client';
  const clientSecret = 'midway-test-secret-0123456789abcdef';
  const accounts = new Map<string, ProviderAccountClaims>();
  let next: ProviderAccountClaims = { sub: 'nobody' };
  let codeTtl = 60;
  let provider: InstanceType<typeof Provider> | undefined;

  const server = http.createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) return void finishInteraction(req, res).catch(() => res.writeHead(500).end());
    provider.callback()(req, res);
  });
  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider!.interactionDetails(req, res);
    const account = next;
    accounts.set(account.sub, account);
    const grant = new provider!.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider!.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, token_endpoint_auth_method: 'client_secret_post', grant_types: ['authorization_code'], response_types: ['code'] }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The claims ride in the ID token, as Google's do.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => accounts.get(id) ?? { sub: id } }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: () => codeTtl, Interaction: 600, Session: 600, Grant: 600, IdToken: 600, AccessToken: 600 },
    cookies: { keys: ['midway-test-provider-cookie-key'] },
  } as never);
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => void (next = account),
    setCodeTtlSeconds: (s) => void (codeTtl = s),
    env: (name) => ({ [`OIDC_${name}_ISSUER`]: issuer, [`OIDC_${name}_CLIENT_ID`]: clientId, [`OIDC_${name}_CLIENT_SECRET`]: clientSecret }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser's kept-alive connections would hold the close open.
        server.closeAllConnections();
      }),
  };
}

/** A browser's walk through the provider: follows its redirects (keeping its cookies) until it sends back to `until`. */
export async function followProviderRedirects(start: string, until: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(until)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url} without a redirect: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).toString();
  }
  throw new Error('the provider redirected more than 12 times');
}
