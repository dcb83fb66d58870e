import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestIdentity, startTestCatalog, startTestGateway, sessionCookieOf, json, uniqueEmail } from './gateway-harness';

/** A logistics stand-in that hangs or fails, to prove one bad source never breaks search. */
function brokenSource(mode: 'hang' | 'fail' | 'empty') {
  const server = http.createServer((_req, res) => {
    if (mode === 'empty') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    if (mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"boom"}');
    }
    // 'hang': never answer.
  });
  return new Promise<{ url: string; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => {
        server.closeAllConnections();
        server.close();
      } })),
  );
}

describe('GET /api/search through the gateway', () => {
  it('merges the sources and leaves out one that fails or times out, never a 500', async () => {
    const identity = await startTestIdentity();
    const catalog = await startTestCatalog();
    for (const mode of ['fail', 'hang'] as const) {
      const broken = await brokenSource(mode);
      const gateway = await startTestGateway(identity.url, { CATALOG_URL: catalog.url, LOGISTICS_URL: broken.url });
      try {
        const reg = await fetch(`${gateway.url}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'Sol', lastName: 'Reyes' }));
        const cookie = sessionCookieOf(reg)!;
        const tag = `qq${Date.now().toString(36)}`;
        const project = await fetch(`${gateway.url}/api/projects`, json({ name: `Search ${tag}`, clientName: 'C', location: 'L' }, { cookie }));
        expect(project.status).toBe(201);

        const started = Date.now();
        const res = await fetch(`${gateway.url}/api/search?q=${tag}`, { headers: { cookie } });
        expect(res.status).toBe(200);
        const results = await res.json();
        expect(results).toEqual([expect.objectContaining({ type: 'project', title: `Search ${tag}` })]);
        expect(Date.now() - started).toBeLessThan(3000);
        // The answer says services were not searched, so the list is shown as partial.
        expect(res.headers.get('x-search-incomplete')).toBe('logistics');

        // Two characters or fewer: nothing is searched, and nothing is missing.
        const short = await fetch(`${gateway.url}/api/search?q=ab`, { headers: { cookie } });
        expect(await short.json()).toEqual([]);
        expect(short.headers.get('x-search-incomplete')).toBeNull();
        expect((await fetch(`${gateway.url}/api/search?q=${tag}`)).status).toBe(401);
      } finally {
        await gateway.stop();
        broken.close();
      }
    }
    await catalog.stop();
    await identity.stop();
  });

  it('says nothing is missing when every source answered', async () => {
    const identity = await startTestIdentity();
    const catalog = await startTestCatalog();
    const logistics = await brokenSource('empty');
    const gateway = await startTestGateway(identity.url, { CATALOG_URL: catalog.url, LOGISTICS_URL: logistics.url });
    try {
      const reg = await fetch(`${gateway.url}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'Sol', lastName: 'Reyes' }));
      const cookie = sessionCookieOf(reg)!;
      const res = await fetch(`${gateway.url}/api/search?q=nothing-like-it`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
      expect(res.headers.get('x-search-incomplete')).toBeNull();
    } finally {
      await gateway.stop();
      logistics.close();
      await catalog.stop();
      await identity.stop();
    }
  });
});
