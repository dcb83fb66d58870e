import { signIdentityToken, verifySessionToken } from '@midway/service-kit';
import { testKeys } from '@midway/testing';
import { ROUTES } from '../src/route-table';
import { AFTER_PAINT_SCRIPT_HASH } from '../src/after-paint-preloads';
import { json, sessionCookieOf, signUp as signUpAt, standInService, startTestGateway, uniqueEmail, useGateway, type Gateway } from './gateway-harness';

const t = useGateway();

const signUp = (base = t.gateway.url) => signUpAt(base, { firstName: 'Grace', lastName: 'Hopper' });

describe('routing and the session gate', () => {
  it('routes public identity pages through the gateway', async () => {
    const res = await fetch(`${t.gateway.url}/api/login`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('action="/api/login"');
  });

  const protectedPrefixes = [...new Set(ROUTES.filter((r) => !r.public).map((r) => r.prefix))];
  it.each(protectedPrefixes)('answers an anonymous caller on %s with 401 JSON', async (prefix) => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${t.gateway.url}${prefix}/x`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('leaves public routes open to anonymous callers', async () => {
    expect((await fetch(`${t.gateway.url}/api/register`)).status).toBe(200);
    expect((await fetch(`${t.gateway.url}/api/contact`, json({}))).status).toBe(400);
    // An e-mailed verification link's page is public; Resend, under the same path, is not.
    expect((await fetch(`${t.gateway.url}/api/auth/verify-email?token=unknown`)).status).toBe(200);
    expect((await fetch(`${t.gateway.url}/api/auth/verify-email/resend`, json({}))).status).toBe(401);
    // Routed, not refused: those services are not deployed in this test.
    expect((await fetch(`${t.gateway.url}/api/shared/projects/abc`)).status).toBe(503);
    expect((await fetch(`${t.gateway.url}/api/billing/webhook`, json({}))).status).toBe(503);
  });

  it('forwards a signed-in caller to the service', async () => {
    const cookie = await signUp();
    const res = await fetch(`${t.gateway.url}/api/auth/user`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ firstName: 'Grace', systemRole: 'designer' });
  });

  it('never lets a client forge the forwarded identity header', async () => {
    // The strongest forgery: a token validly signed for another user (as a leaked forwarded token would be).
    const victimRes = await fetch(`${t.gateway.url}/api/register`, json({ email: uniqueEmail('victim'), password: 'long-enough-1', firstName: 'Victim', lastName: 'V' }));
    const victim = verifySessionToken(decodeURIComponent(sessionCookieOf(victimRes)!.split('=')[1]!), testKeys().session.publicKey)!;
    const forged = signIdentityToken({ userId: victim.userId, email: victim.email, role: victim.role, sessionId: victim.sid }, testKeys().internal.privateKey);

    // With the caller's own cookie, the service sees the caller, not the forged user.
    const cookie = await signUp();
    const res = await fetch(`${t.gateway.url}/api/auth/user`, { headers: { cookie, 'x-midway-identity': forged } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ firstName: 'Grace' });
    // Without a cookie, the forged header alone gets nobody in.
    const anonymous = await fetch(`${t.gateway.url}/api/auth/user`, { headers: { 'x-midway-identity': forged } });
    expect(anonymous.status).toBe(401);
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    const res = await fetch(`${t.gateway.url}/api/unknown/thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('carries the request id across the hop', async () => {
    const res = await fetch(`${t.gateway.url}/api/login`, { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
  });
});

describe('cross-site request guard', () => {
  const contact = (headers: Record<string, string>) =>
    fetch(`${t.gateway.url}/api/contact`, json({ firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'hi' }, headers));

  it('refuses a state-changing request from a foreign Origin', async () => {
    const res = await contact({ origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden_origin' });
  });

  it('accepts the same origin', async () => {
    expect((await contact({ origin: t.gateway.url })).status).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site when there is no Origin', async () => {
    expect((await contact({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('keeps the Referrer-Policy that lets browsers send their real Origin on same-origin form posts', async () => {
    const page = await fetch(`${t.gateway.url}/api/login`);
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses Origin: null (sandboxed frames, data: URLs)', async () => {
    expect((await contact({ origin: 'null' })).status).toBe(403);
  });

  it('lets non-browser clients with neither header through', async () => {
    expect((await contact({})).status).toBe(200);
  });

  it('does not guard safe methods', async () => {
    expect((await fetch(`${t.gateway.url}/api/login`, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('body size limit', () => {
  it('refuses a body over 100 kB with 413 JSON before it reaches the service', async () => {
    const res = await fetch(`${t.gateway.url}/api/contact`, json({ firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'x'.repeat(150 * 1024) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('allows up to 10 MB on the bulk import route only: the whole body reaches the service, one byte more is 413', async () => {
    const catalog = await byteCountingService();
    const gw = await startTestGateway(t.identity.url, { CATALOG_URL: catalog.url });
    try {
      await gw.feed.ready;
      const cookie = await signUp(gw.url);
      const post = (path: string, bytes: number) =>
        fetch(`${gw.url}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: Buffer.alloc(bytes, 0x20) });
      const tenMb = 10 * 1024 * 1024;

      const bulk = await post('/api/projects/p1/items/bulk', tenMb);
      expect(bulk.status).toBe(200);
      expect(await bulk.json()).toEqual({ bytes: tenMb });
      const over = await post('/api/projects/p1/items/bulk', tenMb + 1);
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({ error: 'payload_too_large' });

      // Any other route keeps the 100 kB default: 200 kB is refused, a small body arrives whole.
      const other = await post('/api/projects/p1/items', 200 * 1024);
      expect(other.status).toBe(413);
      const small = await post('/api/projects/p1/items', 50 * 1024);
      expect(await small.json()).toEqual({ bytes: 50 * 1024 });
      expect(catalog.requests()).toBe(2);
    } finally {
      await gw.stop();
      catalog.close();
    }
  });
});

describe('sign-out revocation', () => {
  it('a signed-out session stops working on the very next request', async () => {
    const cookie = await signUp();
    const out = await fetch(`${t.gateway.url}/api/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(303);
    const after = await fetch(`${t.gateway.url}/api/auth/user`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('other gateway replicas learn the revocation over NATS, and a replica started later loads it', async () => {
    const other = await startTestGateway(t.identity.url);
    try {
      await other.feed.ready;
      const cookie = await signUp();
      expect((await fetch(`${other.url}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
      await fetch(`${t.gateway.url}/api/logout`, { headers: { cookie }, redirect: 'manual' });
      const deadline = Date.now() + 5000;
      let status = 200;
      while (status !== 401 && Date.now() < deadline) {
        status = (await fetch(`${other.url}/api/auth/user`, { headers: { cookie } })).status;
        if (status !== 401) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(401);

      const late = await startTestGateway(t.identity.url);
      try {
        await late.feed.ready;
        expect(late.revoked.size).toBeGreaterThan(0);
        expect((await fetch(`${late.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
      } finally {
        await late.stop();
      }
    } finally {
      await other.stop();
    }
  });
});

describe('front end', () => {
  it('serves the runtime manifest with every known remote and the public config', async () => {
    const res = await fetch(`${t.gateway.url}/runtime-manifest.json`);
    expect(res.status).toBe(200);
    const manifest = await res.json();
    expect(manifest.remotes).toContainEqual({ name: 'mf_landing', entry: '/remotes/mf-landing/remoteEntry.js' });
    // providerName: who bills, from PROVIDER_NAME (the pay page says it).
    expect(manifest.config).toMatchObject({ productName: 'Midway', providerName: 'Midway Receiving & Delivery', supportPhone: expect.any(String) });
  });

  it('serves remotes without caching their entry, and the shell with SPA fallback', async () => {
    const entry = await fetch(`${t.gateway.url}/remotes/mf-landing/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const page = await fetch(`${t.gateway.url}/projects/123`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Midway shell');
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${AFTER_PAINT_SCRIPT_HASH} https://js.stripe.com`);
    expect((await fetch(`${t.gateway.url}/remotes/mf-landing/missing.js`)).status).toBe(404);
  });

  it('can make one remote unreachable while the others still load', async () => {
    const degraded = await startTestGateway(t.identity.url, { DISABLED_REMOTES: 'mf-landing' });
    try {
      expect((await fetch(`${degraded.url}/remotes/mf-landing/remoteEntry.js`)).status).toBe(404);
      expect((await fetch(`${degraded.url}/remotes/mf-projects/remoteEntry.js`)).status).toBe(200);
    } finally {
      await degraded.stop();
    }
  });
});

/** A stand-in catalog that answers how many body bytes it received. */
const byteCountingService = () => standInService((_req, body) => ({ bytes: body.length }));
