import * as client from 'openid-client';
import type { OidcProviderConfig } from '../config';
import type { ProviderAccount } from '../domain/oidc-account-link';

/** What a provider's sign-in gives, beyond the account: the person's name, for a new account. */
export interface ProviderProfile extends ProviderAccount {
  firstName: string | null;
  lastName: string | null;
}

export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** An issuer on this machine (tests, a local provider) may speak plain HTTP; any other must be HTTPS. */
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * The configured providers through openid-client: discovery (once per provider, again after a failure), the
 * authorization URL (code flow, PKCE S256, state, nonce), and the code exchange, which verifies the ID token
 * (signature, issuer, audience, expiry) and the state and nonce.
 */
export class OidcProviders {
  private readonly configs = new Map<string, Promise<client.Configuration>>();

  constructor(readonly list: OidcProviderConfig[]) {}

  find(id: string): OidcProviderConfig | undefined {
    return this.list.find((p) => p.id === id);
  }

  private configOf(p: OidcProviderConfig): Promise<client.Configuration> {
    let config = this.configs.get(p.id);
    if (!config) {
      const issuer = new URL(p.issuer);
      config = client.discovery(issuer, p.clientId, p.clientSecret, undefined, isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined);
      // A provider that was unreachable is asked again next time.
      config.catch(() => this.configs.delete(p.id));
      this.configs.set(p.id, config);
    }
    return config;
  }

  async authorizationUrl(p: OidcProviderConfig, redirectUri: string, checks: OidcChecks): Promise<URL> {
    const config = await this.configOf(p);
    return client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
  }

  /** The callback's code for tokens; throws on anything not exactly as this sign-in started it. */
  async exchange(p: OidcProviderConfig, callbackUrl: URL, checks: OidcChecks): Promise<ProviderProfile> {
    const config = await this.configOf(p);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...tokens.claims()! };
    // Some providers put the address only in the userinfo answer (checked to be the same subject).
    if (typeof claims.email !== 'string' && tokens.access_token) {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
    }
    const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);
    return {
      subject: String(claims.sub),
      email: text(claims.email, 255)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      firstName: text(claims.given_name, 100),
      lastName: text(claims.family_name, 100),
    };
  }
}
