import { freePort } from '@midway/infra';
import { startTestOidcProvider, type TestOidcProvider } from '@midway/testing';
import { openBrowser, type BrowserSession } from './browser';
import { startPlatform } from './platform';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

/**
 * For a describe block: the platform with a real OpenID Connect provider (oidc-provider on 127.0.0.1) configured as
 * "Acme SSO", for the whole block, and a fresh browser for each test. The fields are set by the hooks.
 */
export function useSignInPlatform(): { platform: Platform; provider: TestOidcProvider; browser: BrowserSession } {
  const s = {} as { platform: Platform; provider: TestOidcProvider; browser: BrowserSession };
  beforeAll(async () => {
    // The provider must know the redirect URI, so the gateway's address is chosen first.
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    s.provider = await startTestOidcProvider([`${baseUrl}/api/login/oidc/oidc/callback`]);
    s.platform = await startPlatform({ port, env: { PUBLIC_URL: baseUrl, ...s.provider.env('GENERIC'), OIDC_GENERIC_NAME: 'Acme SSO' } });
  }, 180_000);
  afterAll(async () => {
    await s.platform?.stop();
    await s.provider?.stop();
  });
  beforeEach(async () => {
    s.browser = await openBrowser();
  });
  afterEach(async () => {
    await s.browser?.close();
  });
  return s;
}
