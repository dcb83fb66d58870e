import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN, by, eventually, READ, servedRoutes, serviceClient, ANONYMOUS } from '../src';

describe('authorization-matrix tables', () => {
  it('by(): anonymous 401, removed and outsider 404 (never a 403 that confirms the project), the allowed ok, the rest 403', () => {
    expect(by(200, READ)).toEqual({ anonymous: 401, owner: 200, admin: 200, member: 200, viewer: 200, removed: 404, outsider: 404 });
    expect(by(204, ['owner'])).toEqual({ anonymous: 401, owner: 204, admin: 403, member: 403, viewer: 403, removed: 404, outsider: 404 });
    expect(ADMIN(200)).toEqual({ anonymous: 401, owner: 403, member: 403, viewer: 403, removed: 403, outsider: 403, admin: 200 });
  });

  it('servedRoutes lists METHOD path of every route layer, skipping middleware', () => {
    const router = { stack: [{ route: { path: '/api/x/:id', methods: { get: true, put: true } } }, {}, { route: { path: '/api/y', methods: { post: true } } }] };
    expect(servedRoutes([router])).toEqual(['GET /api/x/:id', 'PUT /api/x/:id', 'POST /api/y']);
  });
});

describe('serviceClient', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/pdf') return void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1');
      if (req.url === '/empty') return void res.writeHead(204).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, type: req.headers['content-type'] ?? null }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('sends JSON bodies with their content type and parses JSON answers; an empty answer is undefined', async () => {
    const c = serviceClient(() => base);
    expect((await c.put('/j', ANONYMOUS, { a: 1 })).body).toEqual({ method: 'PUT', type: 'application/json' });
    expect((await c.get('/j', ANONYMOUS)).body).toEqual({ method: 'GET', type: null });
    expect((await c.del('/empty', ANONYMOUS)).body).toBeUndefined();
  });

  it("'json' refuses a non-JSON answer; 'by-type' gives it as a Buffer", async () => {
    await expect(serviceClient(base).get('/pdf', ANONYMOUS)).rejects.toThrow(SyntaxError);
    const pdf = await serviceClient(base, { body: 'by-type' }).get('/pdf', ANONYMOUS);
    expect(Buffer.isBuffer(pdf.body) && pdf.body.toString()).toBe('%PDF-1');
  });
});

it('eventually returns the first value that holds, or the last one at the deadline', async () => {
  let n = 0;
  expect(await eventually(async () => ++n, (v) => v === 3, 2000, 5)).toBe(3);
  expect(await eventually(async () => 'never', (v) => v === 'ok', 60, 5)).toBe('never');
});
