import { IDENTITY_HEADER, verifyIdentityToken } from '@midway/service-kit';
import { testKeys } from '@midway/testing';
import { json, sessionCookieOf, standInService, startTestGateway, startTestIdentity, uniqueEmail, type Gateway, type StandIn } from './gateway-harness';

/**
 * Two gateway replicas, each in front of its own identity replica (one database, one NATS), as
 * `MIDWAY_REPLICAS=2` runs them behind one address: a session works whichever replica a request reaches, and
 * a sign-out through one is refused by the other's own session check, without asking identity.
 */
type Identity = Awaited<ReturnType<typeof startTestIdentity>>;
let identities: Identity[] = [];
let gateways: Gateway[] = [];
/** Catalog's place: a request that reaches it got past the gateway's session check. */
let catalog: StandIn;

beforeAll(async () => {
  catalog = await standInService((req) => ({ identity: req.headers[IDENTITY_HEADER] ?? null }));
  identities = await Promise.all([1, 2].map(() => startTestIdentity()));
  gateways = await Promise.all(identities.map((i) => startTestGateway(i.url, { CATALOG_URL: catalog.url })));
  await Promise.all(gateways.map((g) => g.feed.ready));
}, 60_000);
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.stop()));
  await Promise.all(identities.map((i) => i.stop()));
  catalog?.close();
});

const [A, B] = [0, 1];
const me = (gw: number, cookie: string) => fetch(`${gateways[gw]!.url}/api/auth/user`, { headers: { cookie } });
/** A catalog call through a gateway: the user it forwarded, or the gateway's refusal. */
const projects = (gw: number, cookie: string) => fetch(`${gateways[gw]!.url}/api/projects`, { headers: { cookie } });

async function register(gw: number, email = uniqueEmail()) {
  const res = await fetch(`${gateways[gw]!.url}/api/register`, json({ email, password: 'long-enough-1', firstName: 'Ada', lastName: 'Lovelace' }));
  expect(res.status).toBe(201);
  return { email, cookie: sessionCookieOf(res)! };
}

describe('sessions across gateway and identity replicas', () => {
  it('a session made through one replica works through the other, and is forwarded there as the same user', async () => {
    const { email, cookie } = await register(A);
    const user = await me(B, cookie);
    expect(user.status).toBe(200);
    const { id } = (await user.json()) as { id: string; email: string };

    const res = await projects(B, cookie);
    expect(res.status).toBe(200);
    const { identity } = (await res.json()) as { identity: string };
    expect(verifyIdentityToken(identity, testKeys().internal.publicKey)).toMatchObject({ userId: id });

    // And the other way round: signed in through B, signed in through A.
    const login = await fetch(`${gateways[B]!.url}/api/login`, json({ email, password: 'long-enough-1' }));
    expect(login.status).toBe(200);
    expect((await me(A, sessionCookieOf(login)!)).status).toBe(200);
  });

  it('a sign-out through one replica is refused by the other within a second, before the request reaches a service', async () => {
    const { cookie } = await register(A);
    expect((await projects(B, cookie)).status).toBe(200);

    const out = await fetch(`${gateways[A]!.url}/api/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(303);
    const signedOutAt = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - signedOutAt < 5000) {
      status = (await projects(B, cookie)).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(1000);

    // From then on neither replica lets it through to a service, nor does either identity replica accept it.
    const reached = catalog.requests();
    for (const gw of [A, B]) {
      const refused = await projects(gw, cookie);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: expect.any(String) });
      expect((await me(gw, cookie)).status).toBe(401);
    }
    expect(catalog.requests()).toBe(reached);
  });
});
