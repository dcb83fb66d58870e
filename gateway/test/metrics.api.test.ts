import { serveStandIn, useGateway } from './gateway-harness';

/** Catalog's public share links: the same route, whatever the link. */
const catalog = () => serveStandIn((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
const t = useGateway({ standIns: { CATALOG_URL: catalog } });

describe("the gateway's metrics", () => {
  it('are on the admin port, with proxied requests counted by their route, and never on the public address', async () => {
    for (const link of ['first-link', 'second-link']) expect((await fetch(`${t.gateway.url}/api/shared/projects/${link}`)).status).toBe(200);
    const admin = new URL(t.gateway.adminUrl);
    expect(admin.hostname).toBe('127.0.0.1');
    expect(admin.port).not.toBe(new URL(t.gateway.url).port);

    const res = await fetch(`${t.gateway.adminUrl}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/shared\/projects",status="200",service="gateway"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{[^}]*route="\/api\/shared\/projects"/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{service="gateway"\}/m);
    expect(text).not.toContain('first-link');

    const publicAnswer = await fetch(`${t.gateway.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('http_requests_total');
    expect((await fetch(`${t.gateway.adminUrl}/api/shared/projects/x`)).status).toBe(404);
  });
});
