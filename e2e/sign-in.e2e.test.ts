import { authenticatorCode } from '@midway/testing';
import { expectNoSeriousA11yViolations } from './support/browser';
import { call, signIn } from './support/journey';
import { useSignInPlatform } from './support/sign-in-platform';

/**
 * The ways in beyond a password, in Chromium through the gateway: "Continue with" an OpenID Connect provider (a
 * real one, oidc-provider, on 127.0.0.1), and a staff member's authenticator app, enrolled in Settings and asked
 * for after the password.
 */
describe('sign-in journeys', () => {
  const s = useSignInPlatform();

  it('signs a new person in with the OpenID Connect provider, verified, onto their dashboard', async () => {
    const { page } = s.browser;
    const email = `oidc.${Date.now().toString(36)}@studio.test`;
    s.provider.signInAs({ sub: `e2e-${email}`, email, email_verified: true, given_name: 'Imani', family_name: 'Reyes' });
    await page.goto(`${s.platform.baseUrl}/api/login`);
    await expectNoSeriousA11yViolations(page);
    await Promise.all([page.waitForURL(`${s.platform.baseUrl}/`), page.getByRole('link', { name: 'Continue with Acme SSO' }).click()]);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await call(page, 'GET', '/api/auth/user')).toMatchObject({ email, firstName: 'Imani', lastName: 'Reyes', emailVerified: true });
  });

  it('an admin enrols an authenticator app in Settings, then signs in with its code after the password', async () => {
    const { page } = s.browser;
    await signIn(page, s.platform.baseUrl, s.platform.admin);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await settings.getByAltText('QR code for your authenticator app').waitFor();
    const secret = (await settings.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await settings.getByLabel('Code from the app').fill(authenticatorCode(secret));
    await settings.getByRole('button', { name: 'Turn on' }).click();
    const codes = settings.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await settings.getByRole('button', { name: 'I have saved them' }).click();
    await settings.getByText('On. Signing in asks for the code').waitFor();

    await page.goto(`${s.platform.baseUrl}/api/logout`);
    await page.goto(`${s.platform.baseUrl}/api/login`);
    await page.fill('input[name=email]', s.platform.admin.email);
    await page.fill('input[name=password]', s.platform.admin.password);
    await Promise.all([page.waitForURL(`${s.platform.baseUrl}/api/login/second-factor`), page.locator('form button[type=submit]').click()]);
    await expectNoSeriousA11yViolations(page);
    // No session yet: the app still sees no one.
    expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);
    // The code that confirmed the app is spent; the next step's is the app's next code.
    await page.fill('input[name=code]', authenticatorCode(secret, Date.now() + 30_000));
    await Promise.all([page.waitForURL(`${s.platform.baseUrl}/`), page.locator('form button[type=submit]').click()]);
    expect(await call(page, 'GET', '/api/auth/user')).toMatchObject({ email: s.platform.admin.email.toLowerCase(), secondFactor: 'on' });
  });
});
