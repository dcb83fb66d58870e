import { readMailTo, testEnv } from '@midway/testing';
import { json, sessionCookieOf, startTestCatalog, startTestGateway, startTestIdentity, uniqueEmail, type Gateway } from './gateway-harness';

/**
 * Issue 36, "the way in", through the gateway with the real identity and catalog: an invitation reaches only its
 * mailbox. Signing up with an invited address proves nothing about its mail, so the one who registered it first
 * neither sees nor accepts the invitation; once they open the verification link e-mailed to them (or the
 * invitation's own link), they may.
 */
let stops: (() => Promise<void>)[] = [];
let gateway: Gateway;
beforeAll(async () => {
  const identity = await startTestIdentity();
  const catalog = await startTestCatalog();
  gateway = await startTestGateway(identity.url, { CATALOG_URL: catalog.url });
  await gateway.feed.ready;
  stops = [() => gateway.stop(), () => catalog.stop(), () => identity.stop()];
});
afterAll(async () => {
  for (const stop of stops) await stop();
});

const call = async (method: string, path: string, cookie?: string, body?: unknown) => {
  const res = await fetch(`${gateway.url}${path}`, { method, redirect: 'manual', headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text };
};
async function register(email: string, firstName: string) {
  const res = await fetch(`${gateway.url}/api/register`, json({ email, password: 'long-enough-1', firstName, lastName: 'Test' }));
  expect(res.status).toBe(201);
  return { cookie: sessionCookieOf(res)!, user: await res.json() };
}
async function linkIn(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const hit = (await readMailTo(testEnv().mailUrl, to)).map((m) => pattern.exec(m.text)?.[0]).find(Boolean);
    if (hit || Date.now() > deadline) return hit ?? '';
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('an invitation reaches only its mailbox', () => {
  it('the hijack as reproduced fails: whoever registers the invited address first sees no invitation, is refused 403 and cannot read the project; after verifying their mail they join at once', async () => {
    const owner = await register(uniqueEmail('owner'), 'Olive');
    const project = await call('POST', '/api/projects', owner.cookie, { name: 'Harbour Loft', clientName: 'C', location: 'L' });
    expect(project.status).toBe(201);
    const invited = uniqueEmail('new').toLowerCase();
    expect((await call('POST', `/api/projects/${project.body.id}/members`, owner.cookie, { email: invited })).status).toBe(202);

    // Another person registers the invited address: signed in at once, unverified.
    const taker = await register(invited, 'Mallory');
    expect(taker.user.emailVerified).toBe(false);
    expect((await call('GET', '/api/invitations', taker.cookie)).body).toEqual([]);
    const invitationId = (await call('GET', `/api/projects/${project.body.id}/members`, owner.cookie)).body.find((m: { status: string }) => m.status === 'invited').id;
    const refused = await call('POST', `/api/invitations/${invitationId}/accept`, taker.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'forbidden', message: expect.stringMatching(/open the link in the invitation e-mail/) });
    expect((await call('GET', `/api/projects/${project.body.id}`, taker.cookie)).status).toBe(404);
    // Signing up with the address again says it is taken.
    expect((await fetch(`${gateway.url}/api/register`, json({ email: invited, password: 'long-enough-1', firstName: 'A', lastName: 'B' }))).status).toBe(409);

    // Whoever reads the mailbox opens the verification link, and accepts straight away (catalog asks identity
    // rather than waiting for the event).
    const verifyLink = await linkIn(invited, /https?:\/\/[^\s]+\/api\/auth\/verify-email\?token=[\w-]+/);
    const page = await call('GET', new URL(verifyLink).pathname + new URL(verifyLink).search);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Your e-mail address is verified.');
    expect((await call('GET', '/api/auth/user', taker.cookie)).body.emailVerified).toBe(true);
    expect((await call('GET', '/api/invitations', taker.cookie)).body.map((i: { id: string }) => i.id)).toEqual([invitationId]);
    expect((await call('POST', `/api/invitations/${invitationId}/accept`, taker.cookie)).status).toBe(200);
    expect((await call('GET', `/api/projects/${project.body.id}`, taker.cookie)).body.access).toBe('member');
  });

  it('the verification page is public and Resend needs a session', async () => {
    expect((await call('GET', '/api/auth/verify-email?token=unknown')).body).toContain('This link no longer works');
    expect((await call('POST', '/api/auth/verify-email/resend', undefined, {})).status).toBe(401);
    const someone = await register(uniqueEmail('resend'), 'Rae');
    expect((await call('POST', '/api/auth/verify-email/resend', someone.cookie, {})).status).toBe(202);
  });
});
