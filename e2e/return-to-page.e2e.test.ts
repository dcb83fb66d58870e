import { authenticatorCode } from '@midway/testing';
import type { Page } from 'playwright-core';
import { call, signUp } from './support/journey';
import { useSignInPlatform } from './support/sign-in-platform';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A signed-out visitor opening a project's link (from an e-mail, a bookmark) signs in and lands on that project,
 * not on the dashboard: with a password, with a password and then the authenticator's code, and with a provider.
 */
describe('signing in returns to the page asked for', () => {
  const s = useSignInPlatform();

  async function createProject(page: Page): Promise<{ id: string; name: string }> {
    const name = `Return ${unique()}`;
    const project = await call<{ id: string }>(page, 'POST', '/api/projects', { name, clientName: 'Avery Client', location: 'Brooklyn, NY' });
    return { id: project.id, name };
  }

  /** Signed out, opens the project's link: the shell sends the visitor to the sign-in page, asked to come back. */
  async function openSignedOut(page: Page, projectId: string) {
    await page.goto(`${s.platform.baseUrl}/api/logout`);
    await page.goto(`${s.platform.baseUrl}/projects/${projectId}?tab=items`);
    await page.waitForURL((url) => url.pathname === '/api/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/projects/${projectId}?tab=items`);
  }

  async function expectOnProject(page: Page, project: { id: string; name: string }) {
    await page.waitForURL(`${s.platform.baseUrl}/projects/${project.id}?tab=items`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
  }

  it('with a password', async () => {
    const { page } = s.browser;
    const email = `return.${unique()}@studio.test`;
    await signUp(page, s.platform.baseUrl, email);
    const project = await createProject(page);

    await openSignedOut(page, project.id);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'correct horse battery');
    await page.locator('form button[type=submit]').click();
    await expectOnProject(page, project);
  });

  it('with a password and then the authenticator app’s code', async () => {
    const { page } = s.browser;
    await page.goto(`${s.platform.baseUrl}/api/login`);
    await page.fill('input[name=email]', s.platform.admin.email);
    await page.fill('input[name=password]', s.platform.admin.password);
    await Promise.all([page.waitForURL(`${s.platform.baseUrl}/`), page.locator('form button[type=submit]').click()]);
    const { secret } = await call<{ secret: string }>(page, 'POST', '/api/auth/second-factor/setup', {});
    await call(page, 'POST', '/api/auth/second-factor/confirm', { code: authenticatorCode(secret) });
    const project = await createProject(page);

    await openSignedOut(page, project.id);
    await page.fill('input[name=email]', s.platform.admin.email);
    await page.fill('input[name=password]', s.platform.admin.password);
    await Promise.all([page.waitForURL(`${s.platform.baseUrl}/api/login/second-factor`), page.locator('form button[type=submit]').click()]);
    // The code that confirmed the app is spent: the app's next one.
    await page.fill('input[name=code]', authenticatorCode(secret, Date.now() + 30_000));
    await page.locator('form button[type=submit]').click();
    await expectOnProject(page, project);
  });

  it('with an OpenID Connect provider', async () => {
    const { page } = s.browser;
    const email = `oidc.return.${unique()}@studio.test`;
    const account = { sub: `e2e-${email}`, email, email_verified: true, given_name: 'Imani', family_name: 'Reyes' };
    s.provider.signInAs(account);
    await page.goto(`${s.platform.baseUrl}/api/login`);
    await Promise.all([page.waitForURL(`${s.platform.baseUrl}/`), page.getByRole('link', { name: 'Continue with Acme SSO' }).click()]);
    const project = await createProject(page);

    await openSignedOut(page, project.id);
    s.provider.signInAs(account);
    await page.getByRole('link', { name: 'Continue with Acme SSO' }).click();
    await expectOnProject(page, project);
  });
});
