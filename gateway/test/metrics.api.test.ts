import { eventually } from '@midway/testing';
import { serveStandIn, useGateway } from './gateway-harness';

/** Catalog's public share links: the same route, whatever the link. */
const catalog = () => serveStandIn((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
const t = useGateway({ standIns: { CATALOG_URL: catalog } });

describe("the gateway's metrics", () => {
  it('are on the admin port, with proxied requests counted by their route, and never on the public address', async () => {
    for (const link of ['first-link', 'second-link']) {
      const answer = await fetch(`${t.gateway.url}/api/shared/projects/${link}`);
      expect(answer.status).toBe(200);
      await answer.text();
    }
    const admin = new URL(t.gateway.adminUrl);
    expect(admin.hostname).toBe('127.0.0.1');
    expect(admin.port).not.toBe(new URL(t.gateway.url).port);

    // A request is counted when the gateway's response finishes, which may come just after the caller has read it.
    const counted = /^http_requests_total\{method="GET",route="\/api\/shared\/projects",status="200",service="gateway"\} 2$/m;
    const metrics = async () => {
      const res = await fetch(`${t.gateway.adminUrl}/metrics`);
      return { status: res.status, text: await res.text() };
    };
    const { status, text } = await eventually(metrics, (m) => counted.test(m.text), 5_000);
    expect(status).toBe(200);
    expect(text).toMatch(counted);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{[^}]*route="\/api\/shared\/projects"/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{service="gateway"\}/m);
    expect(text).not.toContain('first-link');

    const publicAnswer = await fetch(`${t.gateway.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('http_requests_total');
    expect((await fetch(`${t.gateway.adminUrl}/api/shared/projects/x`)).status).toBe(404);
  });
});
