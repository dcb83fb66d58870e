import http from 'node:http';
import zlib from 'node:zlib';
import { serveStandIn, useGateway, type StandIn } from './gateway-harness';

/** A page-sized JSON answer (like 200 items) and one under the 1 KB threshold. */
const LARGE = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}`, name: `Walnut dining table ${i}`, supplier: 'Gus Modern', status: 'ordered', price: '1299.00' })));
const SMALL = JSON.stringify({ ok: true });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(20_000, 7)]);
const PRE_GZIPPED = zlib.gzipSync(LARGE);

/**
 * Stands in for catalog behind the public /api/shared/projects/{kind}: answers each kind of body the
 * gateway must treat differently, as a service (or the S3 photo path, or an event stream) would send it.
 */
function upstream(): Promise<StandIn> {
  return serveStandIn((req, res) => {
    const kind = req.url!.split('/').pop()!.split('?')[0];
    if (kind === 'large') return void res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(LARGE) }).end(LARGE);
    if (kind === 'problem') return void res.writeHead(422, { 'content-type': 'application/problem+json' }).end(LARGE);
    // As express sends JSON: with its length (the threshold needs it; a streamed answer has none).
    if (kind === 'small') return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(SMALL) }).end(SMALL);
    if (kind === 'photo') return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
    if (kind === 'encoded') return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': PRE_GZIPPED.length }).end(PRE_GZIPPED);
    if (kind === 'no-transform') return void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-transform' }).end(LARGE);
    if (kind === 'events') {
      // An event stream: the first event must reach the client while the stream stays open.
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(`data: ${'x'.repeat(2000)}\n\n`);
      return;
    }
    res.writeHead(404).end();
  });
}

const t = useGateway({ standIns: { CATALOG_URL: upstream } });

/** The bytes as they travel (fetch would decode them): status, headers and the raw body. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.gateway.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const varies = (h: http.IncomingHttpHeaders) => String(h.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

describe('/api JSON answers are compressed at the gateway by Accept-Encoding', () => {
  it('sends brotli to a browser that accepts it, decoding to the very JSON the service answered, with Vary', async () => {
    const res = await raw('/api/shared/projects/large', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res.headers)).toBe(true);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.length).toBeLessThan(Buffer.byteLength(LARGE) / 5);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(LARGE);
  });

  it('sends gzip to a client that accepts only gzip, and compresses error answers in JSON too', async () => {
    const res = await raw('/api/shared/projects/large', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(LARGE);
    const problem = await raw('/api/shared/projects/problem', { 'accept-encoding': 'gzip' });
    expect([problem.status, problem.headers['content-encoding']]).toEqual([422, 'gzip']);
    expect(zlib.gunzipSync(problem.body).toString()).toBe(LARGE);
  });

  it('sends the plain bytes with their length to a client that asks for none, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await raw('/api/shared/projects/large', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(LARGE)));
      expect(varies(res.headers)).toBe(true);
      expect(res.body.toString()).toBe(LARGE);
    }
  });

  it('leaves answers under 1 KB, HEAD requests and Cache-Control: no-transform as they are', async () => {
    const small = await raw('/api/shared/projects/small', BROWSER);
    expect([small.headers['content-encoding'], small.body.toString()]).toEqual([undefined, SMALL]);
    const head = await raw('/api/shared/projects/large', BROWSER, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    const kept = await raw('/api/shared/projects/no-transform', BROWSER);
    expect([kept.headers['content-encoding'], kept.body.toString()]).toEqual([undefined, LARGE]);
  });

  it('compresses the gateway’s own JSON (the OpenAPI document) as well', async () => {
    const res = await raw('/api/openapi.json', BROWSER);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
  });
});

describe('bodies that must pass untouched', () => {
  it('a photo (already compressed image data) keeps its bytes, type and length', async () => {
    const res = await raw('/api/shared/projects/photo', BROWSER);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.body.equals(PNG)).toBe(true);
  });

  it('an answer the service already encoded is not encoded twice', async () => {
    const res = await raw('/api/shared/projects/encoded', BROWSER);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.equals(PRE_GZIPPED)).toBe(true);
  });

  it('an event stream is neither compressed nor held back: its first event arrives while it stays open', async () => {
    const first = await new Promise<{ encoding: string | undefined; chunk: string }>((resolve, reject) => {
      const req = http.get(`${t.gateway.url}/api/shared/projects/events`, { headers: BROWSER }, (res) => {
        res.once('data', (c: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], chunk: c.toString() });
          req.destroy();
        });
      });
      req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
      setTimeout(() => reject(new Error('the first event did not arrive within 3 s')), 3000).unref();
    });
    expect(first.encoding).toBeUndefined();
    expect(first.chunk.startsWith('data: xxx')).toBe(true);
  });
});
