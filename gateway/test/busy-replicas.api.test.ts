import { serveStandIn, startTestGateway, startTestIdentity, type Gateway, type StandIn } from './gateway-harness';

/**
 * Two replicas of a saturated service: every answer, `/healthz` included, comes 1.5 s late (a busy event loop
 * reaches each request late but reaches it), and for a while nothing but the gateway's probes reaches them
 * (a setup burst's other work keeps them busy). A busy replica is not a dead one: the gateway keeps both and
 * answers every request, where taking them out on late probes answered the callers 503.
 */
const LATE_MS = 1500;
let identity: Awaited<ReturnType<typeof startTestIdentity>>;
let gateway: Gateway;
let replicas: StandIn[];

beforeAll(async () => {
  identity = await startTestIdentity();
  replicas = await Promise.all(
    ['a', 'b'].map((name) =>
      serveStandIn((_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ replica: name })), LATE_MS);
      }),
    ),
  );
  gateway = await startTestGateway(identity.url, { CATALOG_URL: replicas.map((r) => r.url).join(',') });
  await gateway.feed.ready;
});

afterAll(async () => {
  await gateway?.stop();
  await identity?.stop();
  for (const r of replicas ?? []) r.close();
});

const upGauges = async () =>
  (await (await fetch(`${gateway.adminUrl}/metrics`)).text())
    .split('\n')
    .filter((l) => l.startsWith('midway_upstream_up{') && l.includes('upstream_service="catalog"'))
    .map((l) => l.split(' ').pop());

describe('replicas that answer everything late', () => {
  it('stay in the gateway through several probe intervals with no other traffic, and answer every request', async () => {
    await new Promise((r) => setTimeout(r, 5000));
    expect(await upGauges()).toEqual(['1', '1']);
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${gateway.url}/api/shared/projects/link`).then((r) => r.status)));
    expect(answers).toEqual(Array(8).fill(200));
    expect(await upGauges()).toEqual(['1', '1']);
  }, 20_000);
});
