import { createHash } from 'node:crypto';
import { readMail, testEnv, uniqueEmail } from '@midway/testing';
import { asGateway, json, sessionCookieOf, startTestIdentity, watchEvents, type Identity } from './identity-harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity({ PUBLIC_URL: 'https://midway.example.test' });
});
afterAll(async () => {
  await identity?.stop();
});

const PASSWORD = 'first-password-1';
async function newAccount() {
  const email = uniqueEmail('reset');
  const res = await fetch(`${identity.url}/api/register`, json({ email, password: PASSWORD, firstName: 'Rita', lastName: 'Reset' }));
  expect(res.status).toBe(201);
  return { email: email.toLowerCase(), cookie: sessionCookieOf(res)!, id: (await res.json()).id as string };
}
const signIn = async (email: string, password: string) => {
  const res = await fetch(`${identity.url}/api/login`, json({ email, password }));
  return { status: res.status, cookie: sessionCookieOf(res) };
};
const isLive = async (cookie: string) => (await fetch(`${identity.url}/api/auth/user`, { headers: asGateway(cookie) })).status === 200;
const requestReset = (email: string) => fetch(`${identity.url}/api/password-reset`, json({ email }));
const confirm = (token: string, password: string) => fetch(`${identity.url}/api/password-reset/confirm`, json({ token, password }));

/** The reset links e-mailed to `to`, oldest first, waiting up to `ms` for `count` of them. */
async function linksTo(to: string, count = 1, ms = 10_000): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const links = (await readMail(testEnv().mailUrl))
      .filter((m) => m.to.some((t) => t.address === to) && m.subject === 'Choose a new Midway password')
      .map((m) => /(https:\/\/midway\.example\.test\/api\/password-reset\/confirm\?token=[\w-]+)/.exec(m.text)?.[1])
      .filter((l): l is string => !!l);
    if (links.length >= count || Date.now() > deadline) return links;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset by e-mailed link', () => {
  it('e-mails a link to the configured address; it works once and signs the user out everywhere', async () => {
    const account = await newAccount();
    const other = await signIn(account.email, PASSWORD);
    const res = await requestReset(account.email.toUpperCase());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: expect.stringMatching(/If an account uses that address/) });

    const [link] = await linksTo(account.email);
    expect(link).toBeDefined();
    // The page the link opens has the form, and the token is not stored as such.
    const page = await fetch(`${identity.url}${new URL(link!).pathname}${new URL(link!).search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<title>Choose a new password · Midway</title>');
    expect(html).toContain('action="/api/password-reset/confirm"');
    expect(await identity.db.passwordReset.count({ where: { tokenHash: tokenOf(link!) } })).toBe(0);

    const events = await watchEvents('identity.session.revoked.v1');
    try {
      const ok = await confirm(tokenOf(link!), 'second-password-2');
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ message: expect.stringMatching(/signed out everywhere/) });
      // Every session of the user is revoked, each with its event so gateways drop it.
      expect(await isLive(account.cookie)).toBe(false);
      expect(await isLive(other.cookie!)).toBe(false);
      for (const cookie of [account.cookie, other.cookie!]) {
        const sid = JSON.parse(Buffer.from(decodeURIComponent(cookie.split('=')[1]!).split('.')[1]!, 'base64url').toString()).sid;
        await events.waitFor((e) => (e.data as { sessionId: string }).sessionId === sid);
      }
    } finally {
      await events.close();
    }
    expect((await signIn(account.email, PASSWORD)).status).toBe(401);
    expect((await signIn(account.email, 'second-password-2')).status).toBe(200);

    // Used once: the link is dead, by API and by page.
    const again = await confirm(tokenOf(link!), 'third-password-3');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_token', message: expect.stringMatching(/expired or was already used/) });
    expect(await (await fetch(`${identity.url}/api/password-reset/confirm?token=${tokenOf(link!)}`)).text()).toContain('This link no longer works');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody').toLowerCase();
    const known = await newAccount();
    const [a, b] = await Promise.all([requestReset(unknown), requestReset(known.email)]);
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    expect(await linksTo(known.email)).toHaveLength(1);
    expect(await linksTo(unknown, 1, 1500)).toEqual([]);
  });

  it('refuses an expired link (older than an hour)', async () => {
    const account = await newAccount();
    await requestReset(account.email);
    const [link] = await linksTo(account.email);
    const tokenHash = createHash('sha256').update(tokenOf(link!)).digest('hex');
    await identity.db.passwordReset.update({ where: { tokenHash }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await confirm(tokenOf(link!), 'second-password-2');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_token' });
    expect(await isLive(account.cookie)).toBe(true);
    expect((await signIn(account.email, PASSWORD)).status).toBe(200);
  });

  it('sets the expiry one hour ahead', async () => {
    const account = await newAccount();
    const before = Date.now();
    await requestReset(account.email);
    const row = await identity.db.passwordReset.findFirstOrThrow({ where: { userId: account.id } });
    expect(row.expiresAt.getTime() - before).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
    expect(row.expiresAt.getTime() - before).toBeLessThanOrEqual(60 * 60_000 + 5000);
  });

  it('lets exactly one of several parallel uses of the same link through', async () => {
    const account = await newAccount();
    await requestReset(account.email);
    const [link] = await linksTo(account.email);
    const passwords = ['parallel-pass-1', 'parallel-pass-2', 'parallel-pass-3', 'parallel-pass-4', 'parallel-pass-5'];
    const answers = await Promise.all(passwords.map((p) => confirm(tokenOf(link!), p)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(passwords.length - 1);
    const winner = passwords[statuses.indexOf(200)]!;
    const signIns = await Promise.all(passwords.map((p) => signIn(account.email, p)));
    expect(signIns.map((s) => s.status)).toEqual(passwords.map((p) => (p === winner ? 200 : 401)));
  });

  it('a newer password retires older links', async () => {
    const account = await newAccount();
    await requestReset(account.email);
    await requestReset(account.email);
    const [first, second] = await linksTo(account.email, 2);
    expect((await confirm(tokenOf(second!), 'second-password-2')).status).toBe(200);
    expect((await confirm(tokenOf(first!), 'third-password-3')).status).toBe(400);
  });

  it('works as plain HTML forms (no JavaScript): request, then confirm', async () => {
    const account = await newAccount();
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${identity.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const sent = await form('/api/password-reset', { email: account.email });
    expect(await sent.text()).toContain('If an account uses that address');
    const [link] = await linksTo(account.email);
    const short = await form('/api/password-reset/confirm', { token: tokenOf(link!), password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('at least 8 characters');
    const done = await form('/api/password-reset/confirm', { token: tokenOf(link!), password: 'second-password-2' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Password changed');
  });

  it('has a "Forgot password?" link on the sign-in page', async () => {
    expect(await (await fetch(`${identity.url}/api/login`)).text()).toContain('<a href="/api/password-reset">Forgot password?</a>');
    expect((await fetch(`${identity.url}/api/password-reset`)).status).toBe(200);
  });

  it('rejects bad bodies with a clear 400', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }]) expect((await requestReset(body.email as string)).status).toBe(400);
    expect((await confirm('', 'long-enough-1')).status).toBe(400);
    expect((await fetch(`${identity.url}/api/password-reset/confirm`, json({ token: 'x'.repeat(500), password: 'long-enough-1' }))).status).toBe(400);
  });
});

describe('password reset is rate-limited like sign-in', () => {
  it('limits requests per address and per IP', async () => {
    const limited = await startTestIdentity({ RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    try {
      const email = uniqueEmail('flood');
      const send = () => fetch(`${limited.url}/api/password-reset`, json({ email }, { 'x-forwarded-for': '198.51.100.77' }));
      expect([(await send()).status, (await send()).status, (await send()).status]).toEqual([202, 202, 429]);
      const confirmFrom = () => fetch(`${limited.url}/api/password-reset/confirm`, json({ token: 'nope', password: 'long-enough-1' }, { 'x-forwarded-for': '198.51.100.78' }));
      expect([(await confirmFrom()).status, (await confirmFrom()).status, (await confirmFrom()).status]).toEqual([400, 400, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe('POST /api/user/password (signed in)', () => {
  const change = (cookie: string, body: unknown) => fetch(`${identity.url}/api/user/password`, json(body, asGateway(cookie)));

  it('needs the current password, keeps this session and signs out the others', async () => {
    const account = await newAccount();
    const other = await signIn(account.email, PASSWORD);
    const wrong = await change(account.cookie, { currentPassword: 'not-my-password', newPassword: 'second-password-2' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Your current password is not correct.' });
    expect(await isLive(other.cookie!)).toBe(true);

    const ok = await change(account.cookie, { currentPassword: PASSWORD, newPassword: 'second-password-2' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: expect.stringMatching(/Other devices .* signed out/) });
    expect(await isLive(account.cookie)).toBe(true);
    expect(await isLive(other.cookie!)).toBe(false);
    expect((await signIn(account.email, PASSWORD)).status).toBe(401);
    expect((await signIn(account.email, 'second-password-2')).status).toBe(200);
  });

  it('answers 401 without a session and 400 for a short new password', async () => {
    expect((await fetch(`${identity.url}/api/user/password`, json({ currentPassword: PASSWORD, newPassword: 'second-password-2' }))).status).toBe(401);
    const account = await newAccount();
    const short = await change(account.cookie, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: expect.stringMatching(/at least 8 characters/) });
  });
});

describe("identity's pages carry the app's brand", () => {
  it.each([
    ['/api/login', 'Sign in · Midway'],
    ['/api/register', 'Create account · Midway'],
    ['/api/password-reset', 'Reset password · Midway'],
  ])('%s: its own title, the teal theme and the SVG logo linking to /', async (path, title) => {
    const html = await (await fetch(`${identity.url}${path}`)).text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<a class="brand" href="\/"[^>]*><svg[^>]*viewBox="0 0 32 32"[\s\S]*?<rect[^>]*fill="#0f766e"/);
    expect(html).toContain('background:#0f766e');
    // The old navy letter logo and buttons are gone.
    expect(html).not.toMatch(/#1f4e79|class="logo"/);
  });
});
