import { readMail, testEnv } from '@midway/testing';
import { startTestIdentity, startTestGateway, sessionCookieOf, json, uniqueEmail, type Gateway } from './gateway-harness';

type Identity = Awaited<ReturnType<typeof startTestIdentity>>;
let identity: Identity;
let gateway: Gateway;
let other: Gateway;

beforeAll(async () => {
  identity = await startTestIdentity();
  gateway = await startTestGateway(identity.url);
  // A second replica that learns of the revocations only through NATS.
  other = await startTestGateway(identity.url);
  await Promise.all([gateway.feed.ready, other.feed.ready]);
});
afterAll(async () => {
  await other?.stop();
  await gateway?.stop();
  await identity?.stop();
});

const status = async (gw: Gateway, cookie: string) => (await fetch(`${gw.url}/api/auth/user`, { headers: { cookie } })).status;
async function eventually(gw: Gateway, cookie: string, expected: number) {
  const deadline = Date.now() + 5000;
  let s = await status(gw, cookie);
  while (s !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    s = await status(gw, cookie);
  }
  return s;
}
async function signUp(email: string) {
  const res = await fetch(`${gateway.url}/api/register`, json({ email, password: 'first-password-1', firstName: 'Gia', lastName: 'W' }));
  expect(res.status).toBe(201);
  return sessionCookieOf(res)!;
}

describe('password reset and change through the gateway', () => {
  it('a reset by e-mailed link makes every gateway refuse the old sessions', async () => {
    const email = uniqueEmail('gw-reset');
    const cookie = await signUp(email);
    expect(await status(other, cookie)).toBe(200);
    const req = await fetch(`${gateway.url}/api/password-reset`, json({ email }));
    expect(req.status).toBe(202);

    let token: string | undefined;
    for (let i = 0; i < 50 && !token; i++) {
      // The reset link's mail (sign-up sent the address a verification link too).
      const mails = (await readMail(testEnv().mailUrl)).filter((m) => m.to.some((t) => t.address === email.toLowerCase()));
      token = mails.map((m) => /password-reset\/confirm\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
      if (!token) await new Promise((r) => setTimeout(r, 200));
    }
    expect(token).toBeDefined();
    expect((await fetch(`${gateway.url}/api/password-reset/confirm?token=${token}`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/password-reset/confirm`, json({ token, password: 'second-password-2' }))).status).toBe(200);

    expect(await eventually(gateway, cookie, 401)).toBe(401);
    expect(await eventually(other, cookie, 401)).toBe(401);
    expect((await fetch(`${gateway.url}/api/login`, json({ email, password: 'second-password-2' }))).status).toBe(200);
  });

  it('a password change needs a session, keeps it, and signs the others out on every gateway', async () => {
    const email = uniqueEmail('gw-change');
    const mine = await signUp(email);
    const elsewhere = sessionCookieOf(await fetch(`${other.url}/api/login`, json({ email, password: 'first-password-1' })))!;
    const body = { currentPassword: 'first-password-1', newPassword: 'second-password-2' };
    expect((await fetch(`${gateway.url}/api/user/password`, json(body))).status).toBe(401);
    const res = await fetch(`${gateway.url}/api/user/password`, json(body, { cookie: mine }));
    expect(res.status).toBe(200);
    expect(await status(gateway, mine)).toBe(200);
    expect(await eventually(other, elsewhere, 401)).toBe(401);
    expect(await eventually(gateway, elsewhere, 401)).toBe(401);
  });
});
