import { freePort } from '@midway/infra';
import { authenticatorCode, startTestOidcProvider, type TestOidcProvider } from '@midway/testing';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser';
import { call, signUp } from './support/journey';
import { startPlatform } from './support/platform';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A signed-out visitor opening a project's link (from an e-mail, a bookmark) signs in and lands on that project,
 * not on the dashboard: with a password, with a password and then the authenticator's code, and with a provider.
 */
describe('signing in returns to the page asked for', () => {
  let platform: Platform;
  let provider: TestOidcProvider;
  let browser: BrowserSession;

  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    provider = await startTestOidcProvider([`${baseUrl}/api/login/oidc/oidc/callback`]);
    platform = await startPlatform({ port, env: { PUBLIC_URL: baseUrl, ...provider.env('GENERIC'), OIDC_GENERIC_NAME: 'Acme SSO' } });
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await provider?.stop();
  });

  beforeEach(async () => {
    browser = await openBrowser();
  });

  afterEach(async () => {
    await browser?.close();
  });

  async function createProject(page: Page): Promise<{ id: string; name: string }> {
    const name = `Return ${unique()}`;
    const project = await call<{ id: string }>(page, 'POST', '/api/projects', { name, clientName: 'Avery Client', location: 'Brooklyn, NY' });
    return { id: project.id, name };
  }

  /** Signed out, opens the project's link: the shell sends the visitor to the sign-in page, asked to come back. */
  async function openSignedOut(page: Page, projectId: string) {
    await page.goto(`${platform.baseUrl}/api/logout`);
    await page.goto(`${platform.baseUrl}/projects/${projectId}?tab=items`);
    await page.waitForURL((url) => url.pathname === '/api/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/projects/${projectId}?tab=items`);
  }

  async function expectOnProject(page: Page, project: { id: string; name: string }) {
    await page.waitForURL(`${platform.baseUrl}/projects/${project.id}?tab=items`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
  }

  it('with a password', async () => {
    const { page } = browser;
    const email = `return.${unique()}@studio.test`;
    await signUp(page, platform.baseUrl, email);
    const project = await createProject(page);

    await openSignedOut(page, project.id);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'correct horse battery');
    await page.locator('form button[type=submit]').click();
    await expectOnProject(page, project);
  });

  it('with a password and then the authenticator app’s code', async () => {
    const { page } = browser;
    await page.goto(`${platform.baseUrl}/api/login`);
    await page.fill('input[name=email]', platform.admin.email);
    await page.fill('input[name=password]', platform.admin.password);
    await Promise.all([page.waitForURL(`${platform.baseUrl}/`), page.locator('form button[type=submit]').click()]);
    const { secret } = await call<{ secret: string }>(page, 'POST', '/api/auth/second-factor/setup', {});
    await call(page, 'POST', '/api/auth/second-factor/confirm', { code: authenticatorCode(secret) });
    const project = await createProject(page);

    await openSignedOut(page, project.id);
    await page.fill('input[name=email]', platform.admin.email);
    await page.fill('input[name=password]', platform.admin.password);
    await Promise.all([page.waitForURL(`${platform.baseUrl}/api/login/second-factor`), page.locator('form button[type=submit]').click()]);
    // The code that confirmed the app is spent: the app's next one.
    await page.fill('input[name=code]', authenticatorCode(secret, Date.now() + 30_000));
    await page.locator('form button[type=submit]').click();
    await expectOnProject(page, project);
  });

  it('with an OpenID Connect provider', async () => {
    const { page } = browser;
    const email = `oidc.return.${unique()}@studio.test`;
    const account = { sub: `e2e-${email}`, email, email_verified: true, given_name: 'Imani', family_name: 'Reyes' };
    provider.signInAs(account);
    await page.goto(`${platform.baseUrl}/api/login`);
    await Promise.all([page.waitForURL(`${platform.baseUrl}/`), page.getByRole('link', { name: 'Continue with Acme SSO' }).click()]);
    const project = await createProject(page);

    await openSignedOut(page, project.id);
    provider.signInAs(account);
    await page.getByRole('link', { name: 'Continue with Acme SSO' }).click();
    await expectOnProject(page, project);
  });
});
