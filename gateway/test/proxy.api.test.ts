import http from 'node:http';
import net from 'node:net';
import { serveStandIn, useGateway, type StandIn } from './gateway-harness';

/** 5 MB of bytes that are not all alike, so a dropped or reordered chunk shows. */
const LARGE = Buffer.from(Array.from({ length: 5 * 1024 * 1024 }, (_, i) => (i * 7919) % 251));

/** What the stand-in catalog last received: its headers, and whether its caller hung up before the answer ended. */
const seen = { headers: {} as http.IncomingHttpHeaders, hungUp: Promise.resolve(false) };

/** Stands in for catalog behind its public /api/shared/projects/{kind} paths. */
function catalog(): Promise<StandIn> {
  return serveStandIn((req, res) => {
    const kind = req.url!.split('/').pop()!.split('?')[0];
    seen.headers = req.headers;
    if (kind === 'echo') {
      // Hop-by-hop headers of its own, which are the service's hop only, and two cookies.
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      return void res.writeHead(200, { 'content-type': 'application/json', 'x-service': 'catalog', 'keep-alive': 'timeout=17', connection: 'keep-alive, x-upstream-hop', 'x-upstream-hop': 'secret' }).end('{"ok":true}');
    }
    // A service's own security headers, as helmet sets them in every service: the edge's replace them.
    const own = { 'content-security-policy': "default-src 'self'", 'x-frame-options': 'SAMEORIGIN', 'x-dns-prefetch-control': 'off', 'origin-agent-cluster': '?1', 'x-service': 'catalog' };
    if (kind === 'json') return void res.writeHead(200, { ...own, 'content-type': 'application/json; charset=utf-8', 'content-length': 2 }).end('{}');
    if (kind === 'page') return void res.writeHead(200, { ...own, 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>Hi</p>');
    if (kind === 'unchanged') return void res.writeHead(304, { ...own, etag: '"v1"' }).end();
    if (kind === 'varies') return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2, vary: 'Origin' }).end('{}');
    if (kind === 'large') return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': LARGE.length }).end(LARGE);
    if (kind === 'slow') {
      // Sends a first chunk, then never ends: the caller leaving must end the service's work too.
      seen.hungUp = new Promise((resolve) => res.once('close', () => resolve(!res.writableFinished)));
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.write('first chunk');
    }
    if (kind === 'cut') {
      // Promises 1,000 bytes, sends 10 and dies.
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 1000 });
      res.write(Buffer.alloc(10));
      return void setTimeout(() => res.socket?.destroy(), 20);
    }
    res.writeHead(404).end();
  });
}

/** A billing service that is configured but not running: its port was freed right after it was taken. */
async function stoppedBilling(): Promise<StandIn> {
  const s = await serveStandIn(() => undefined);
  s.close();
  return s;
}

const t = useGateway({ standIns: { CATALOG_URL: catalog, BILLING_URL: stoppedBilling } });

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${t.gateway.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the gateway proxy', () => {
  it("passes the service's answer with its headers and every cookie, and keeps each hop's own headers on that hop", async () => {
    const res = await get('/api/shared/projects/echo', { connection: 'keep-alive, x-client-hop', 'x-client-hop': 'secret', te: 'trailers', 'x-custom': 'kept', cookie: 'midway_session=secret; other=1' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
    expect(res.headers['x-service']).toBe('catalog');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers['x-upstream-hop']).toBeUndefined();
    expect(res.headers['keep-alive']).not.toBe('timeout=17');
    // What the service received: the client's own headers and Host, not the client's connection options.
    expect(seen.headers['x-custom']).toBe('kept');
    expect(seen.headers.host).toBe(new URL(t.gateway.url).host);
    expect(seen.headers['x-client-hop']).toBeUndefined();
    expect(seen.headers.te).toBeUndefined();
    // The session credential stays at the edge (only sign-out's route takes it, for identity to revoke it).
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it("keeps both its own Vary and the service's, for a caller that accepts no encoding and for one that does", async () => {
    const plain = await get('/api/shared/projects/varies');
    expect(plain.headers.vary).toBe('Accept-Encoding, Origin');
    const compressed = await get('/api/shared/projects/varies', { 'accept-encoding': 'gzip' });
    expect(compressed.headers.vary).toMatch(/^(Origin, Accept-Encoding|Accept-Encoding, Origin)$/);
    // The gateway's own headers are on a proxied answer as on its own pages.
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it("gives a JSON answer the API's security headers in place of the service's own, and nothing a page alone needs", async () => {
    const res = await get('/api/shared/projects/json');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['x-dns-prefetch-control', 'origin-agent-cluster', 'cross-origin-opener-policy', 'x-xss-protection', 'referrer-policy']) expect(res.headers[pageOnly]).toBeUndefined();
    expect(res.headers['x-service']).toBe('catalog');
    // The gateway's own answer on a proxied route (here a 401) is JSON too, with the same set.
    const refused = await get('/api/projects');
    expect(refused.status).toBe(401);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("gives a page, and a 304 that refreshes a cached page's headers, the document's security headers", async () => {
    for (const kind of ['page', 'unchanged']) {
      const res = await get(`/api/shared/projects/${kind}`);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-service']).toBe('catalog');
    }
  });

  it('streams a 5 MB answer through byte for byte, with its length', async () => {
    const res = await get('/api/shared/projects/large');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(LARGE.length));
    expect(res.body.equals(LARGE)).toBe(true);
  });

  it('answers 503 JSON naming the service, for a read and for a write with a body, when the service is down', async () => {
    const read = await fetch(`${t.gateway.url}/api/billing/webhook`, { headers: { 'x-request-id': 'req-down-1' } });
    expect(read.status).toBe(503);
    expect(await read.json()).toEqual({ error: 'service_unavailable', message: 'The billing service is not answering. Please try again shortly.', requestId: 'req-down-1' });
    const write = await fetch(`${t.gateway.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'evt_1', padding: 'x'.repeat(50_000) }) });
    expect(write.status).toBe(503);
    expect(await write.json()).toMatchObject({ error: 'service_unavailable' });
  });

  it("stops the service's request when the caller hangs up", async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${t.gateway.url}/api/shared/projects/slow`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    await expect(seen.hungUp).resolves.toBe(true);
  });

  it('cuts the connection, rather than end a short answer as if it were whole, when the service dies mid-answer', async () => {
    const outcome = await new Promise<string>((resolve) => {
      http
        .get(`${t.gateway.url}/api/shared/projects/cut`, (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () => resolve(`ended after ${bytes} bytes`));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        })
        .on('error', () => resolve('cut'));
    });
    expect(outcome).toBe('cut');
  });

  it('routes a request line in absolute form (GET http://host/api/…) as its path, session check included', async () => {
    const { host, port } = new URL(t.gateway.url);
    const send = (path: string) =>
      new Promise<string>((resolve, reject) => {
        let raw = '';
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET http://${host}${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
        socket.setEncoding('utf8');
        socket.on('data', (d) => (raw += d));
        socket.on('end', () => resolve(raw));
        socket.on('error', reject);
      });
    expect(await send('/api/shared/projects/echo?x=1')).toMatch(/^HTTP\/1\.1 200[\s\S]*x-service: catalog/i);
    expect(await send('/api/projects')).toMatch(/^HTTP\/1\.1 401/);
  });
});
