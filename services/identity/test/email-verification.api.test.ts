import { createHash } from 'node:crypto';
import { readMailTo, testEnv, uniqueEmail, type SunkMail } from '@midway/testing';
import { asGateway, json, sessionCookieOf, startTestIdentity, watchEvents, type Identity } from './identity-harness';

/**
 * Addresses are verified by an e-mailed link: sign-up still signs a new person in at once, and e-mails a link
 * (only its hash stored, one use, 24 hours) whose page verifies the address; the current user says whether it is
 * verified, Resend sends a new link, and other services hear of it through identity.user.updated.v1.
 */
let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity({ PUBLIC_URL: 'https://midway.example.test' });
});
afterAll(async () => {
  await identity?.stop();
});

const SUBJECT = 'Verify your Midway e-mail address';
const LINK = /https:\/\/midway\.example\.test\/api\/auth\/verify-email\?token=([\w-]+)/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function signUp() {
  const email = uniqueEmail('verify').toLowerCase();
  const res = await fetch(`${identity.url}/api/register`, json({ email, password: 'long-enough-1', firstName: 'Vera', lastName: 'Fy' }));
  expect(res.status).toBe(201);
  const body = await res.json();
  return { email, id: body.id as string, body, cookie: sessionCookieOf(res)! };
}
/** The verification mails to `to`, waiting for `count` of them. */
async function mailsTo(to: string, count = 1): Promise<SunkMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await readMailTo(testEnv().mailUrl, to)).filter((m) => m.subject === SUBJECT);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const tokenIn = (m: SunkMail) => LINK.exec(m.text)![1]!;
const open = async (token: string) => {
  const res = await fetch(`${identity.url}/api/auth/verify-email?token=${token}`);
  return { status: res.status, html: await res.text(), cacheControl: res.headers.get('cache-control') };
};
const me = async (cookie: string) => (await fetch(`${identity.url}/api/auth/user`, { headers: asGateway(cookie) })).json();
const resend = (cookie: string) => fetch(`${identity.url}/api/auth/verify-email/resend`, { method: 'POST', headers: asGateway(cookie) });

describe('address verification', () => {
  it('sign-up signs in at once, unverified, and e-mails a link (HTML and text) whose token is stored only as its SHA-256, for 24 hours', async () => {
    const before = Date.now();
    const account = await signUp();
    expect(account.body.emailVerified).toBe(false);
    expect(await me(account.cookie)).toMatchObject({ email: account.email, emailVerified: false });

    const [mail] = await mailsTo(account.email);
    const token = tokenIn(mail!);
    expect(mail!.html).toContain(`href="https://midway.example.test/api/auth/verify-email?token=${token}"`);
    const stored = await identity.db.emailVerification.findMany({ where: { userId: account.id } });
    expect(stored).toEqual([expect.objectContaining({ tokenHash: sha256(token), usedAt: null })]);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(stored[0]!.expiresAt.getTime() - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
  });

  it('the link verifies the address once: the current user says so and identity.user.updated.v1 carries it; opened again it says already verified', async () => {
    const events = await watchEvents('identity.user.updated.v1');
    try {
      const account = await signUp();
      const token = tokenIn((await mailsTo(account.email))[0]!);
      const page = await open(token);
      expect(page.status).toBe(200);
      expect(page.cacheControl).toBe('no-store');
      expect(page.html).toContain('Your e-mail address is verified.');
      expect(await me(account.cookie)).toMatchObject({ emailVerified: true });
      const evt = await events.waitFor((e) => (e.data as { userId: string }).userId === account.id);
      expect(evt.data).toMatchObject({ userId: account.id, email: account.email, emailVerified: true });

      // A mail scanner may have opened it first: the person still reads that the address is verified.
      expect((await open(token)).html).toContain('Your e-mail address was already verified.');
      await new Promise((r) => setTimeout(r, 300));
      expect(events.seen.filter((e) => (e.data as { userId: string }).userId === account.id)).toHaveLength(1);
    } finally {
      await events.close();
    }
  });

  it('an unknown, altered or expired link verifies nothing and says how to get a new one', async () => {
    const account = await signUp();
    const token = tokenIn((await mailsTo(account.email))[0]!);
    for (const bad of ['', 'unknown', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')]) {
      const page = await open(bad);
      expect(page.status).toBe(200);
      expect(page.html).toContain('This link no longer works');
      expect(page.html).toContain('choose Resend');
    }
    await identity.db.emailVerification.updateMany({ where: { userId: account.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await open(token)).html).toContain('This link no longer works');
    expect(await me(account.cookie)).toMatchObject({ emailVerified: false });
  });

  it('Resend e-mails a new link; once verified, Resend is a 409 and an older link only says the address is verified', async () => {
    const account = await signUp();
    await mailsTo(account.email);
    const res = await resend(account.cookie);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: expect.stringContaining(account.email) });
    const tokens = (await mailsTo(account.email, 2)).map(tokenIn);
    expect(new Set(tokens).size).toBe(2);

    expect((await open(tokens[1]!)).html).toContain('is verified');
    const again = await resend(account.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'already_verified', message: expect.stringMatching(/already verified/) });
    expect((await open(tokens[0]!)).html).toContain('verified.');
    expect(await me(account.cookie)).toMatchObject({ emailVerified: true });
    expect((await resend('')).status).toBe(401);
  });

  it('two links of one user opened at once verify the address once (one event)', async () => {
    const events = await watchEvents('identity.user.updated.v1');
    try {
      const account = await signUp();
      await mailsTo(account.email);
      expect((await resend(account.cookie)).status).toBe(202);
      const tokens = (await mailsTo(account.email, 2)).map(tokenIn);
      const pages = await Promise.all([...tokens, ...tokens].map(open));
      expect(pages.filter((p) => p.html.includes('Your e-mail address is verified.')).length).toBeGreaterThanOrEqual(1);
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
      expect(pages.every((p) => p.html.includes('verified.'))).toBe(true);
      await events.waitFor((e) => (e.data as { userId: string }).userId === account.id);
      await new Promise((r) => setTimeout(r, 500));
      expect(events.seen.filter((e) => (e.data as { userId: string }).userId === account.id)).toHaveLength(1);
    } finally {
      await events.close();
    }
  });

  it('a link with a bad token (repeated, huge, odd characters) gets the page saying how to get a new one; a NUL is a 400; never a 5xx', async () => {
    for (const query of ['token=a&token=b', `token=${'x'.repeat(10_000)}`, 'token=%F0%9F%92%A9', 'token[a]=b', '']) {
      const res = await fetch(`${identity.url}/api/auth/verify-email?${query}`);
      expect([query.slice(0, 20), res.status]).toEqual([query.slice(0, 20), 200]);
      expect(await res.text()).toContain('This link no longer works');
    }
    // The kit refuses NUL characters in any request before the route.
    const nul = await fetch(`${identity.url}/api/auth/verify-email?token=%00`);
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const account = await signUp();
    const bad = await fetch(`${identity.url}/api/auth/verify-email/resend`, { method: 'POST', headers: { ...asGateway(account.cookie), 'content-type': 'application/json' }, body: '{"x": ' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('identity answers a service asking about the user (query.identity.user) with whether the address is verified', async () => {
    const account = await signUp();
    const { askOwner, connectBus } = await import('@midway/service-kit');
    const bus = await connectBus(testEnv().natsUrl, 'asker');
    try {
      expect((await askOwner(bus, 'identity.user', account.id))?.[0]?.data).toMatchObject({ userId: account.id, emailVerified: false });
      await open(tokenIn((await mailsTo(account.email))[0]!));
      expect((await askOwner(bus, 'identity.user', account.id))?.[0]?.data).toMatchObject({ userId: account.id, emailVerified: true });
    } finally {
      await bus.close();
    }
  });
});
