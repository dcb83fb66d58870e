import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger } from '../logger';
import { badRequest } from '../errors';
import { createApp, finishApp, MAX_JSON_DEPTH } from './app-factory';

async function serve() {
  const app = createApp({ logger: createLogger('t', 'silent'), bodyLimit: '1kb' });
  app.post('/echo', (req, res) => void res.json(req.body));
  app.get('/boom', () => {
    throw new Error('secret internal detail');
  });
  app.get('/bad', () => {
    throw badRequest('Name is required');
  });
  app.get('/db-restarting', () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  finishApp(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('createApp', () => {
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (s = await serve()));
  afterAll(() => s.close());

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await fetch(`${s.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'malformed_json', message: 'Malformed JSON body' });
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const res = await fetch(`${s.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(2000) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('makes lone surrogate escapes well-formed (U+FFFD), deep in the body, and leaves real pairs alone', async () => {
    const body = '{"name":"Lamp \\ud800","rows":[{"n":"\\udc00x"}],"\\ud83d":"ok","emoji":"\\ud83d\\ude00"}';
    const res = await fetch(`${s.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await res.json()).toEqual({ name: 'Lamp \ufffd', rows: [{ n: '\ufffdx' }], '\ufffd': 'ok', emoji: '\u{1F600}' });
  });

  it('repairs lone surrogates in lists too', async () => {
    const res = await fetch(`${s.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":["\\ud800",["x\\udfff"]]}' });
    expect(await res.json()).toEqual({ a: ['\ufffd', ['x\ufffd']] });
  });

  it('refuses JSON nested deeper than MAX_JSON_DEPTH with 400 JSON, with or without a surrogate (the recursive repair overflowed: 500)', async () => {
    const post = (body: string) => fetch(`${s.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const nest = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
    expect((await post(nest(MAX_JSON_DEPTH, '"x"'))).status).toBe(200);
    for (const inner of ['"x"', '"\\ud800"']) {
      const res = await post(nest(MAX_JSON_DEPTH + 1, inner));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'too_deep', message: expect.stringMatching(/nested too deeply/) });
    }
  });

  it('answers an unknown route with 404 JSON', async () => {
    const res = await fetch(`${s.url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found', message: 'No route for GET /nope' });
  });

  it('hides internal errors behind a generic 500 JSON without a stack trace', async () => {
    const res = await fetch(`${s.url}/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toMatch(/\.ts:\d+/);
    expect(JSON.parse(text)).toMatchObject({ error: 'internal', requestId: expect.any(String) });
  });

  it('answers a request the database could not serve (PostgreSQL restarting) 503 JSON with a message to retry, not 500', async () => {
    const res = await fetch(`${s.url}/db-restarting`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    const body = (await res.json()) as { error: string; message: string };
    expect(body).toMatchObject({ error: 'service_unavailable', message: expect.stringMatching(/try again/) });
    expect(body.message).not.toContain('administrator');
  });

  it('passes a safe HttpError message through, and echoes the request id it was given', async () => {
    const res = await fetch(`${s.url}/bad`, { headers: { 'x-request-id': 'req-123' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBe('req-123');
    expect(await res.json()).toMatchObject({ message: 'Name is required', requestId: 'req-123' });
  });
});

describe('createApp: proxies, HSTS and access logs', () => {
  const lines: string[] = [];
  let url = '';
  let close = () => undefined as unknown;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = createApp({ logger: pino({ level: 'info' }, sink) });
    app.get('/ip', (req, res) => void res.json({ ip: req.ip, protocol: req.protocol }));
    app.get('/api/shared/projects/:token', (_req, res) => void res.json({ ok: true }));
    app.get('/api/password-reset/confirm', (_req, res) => void res.json({ ok: true }));
    app.get('/api/invitations/link/:token', (_req, res) => void res.json({ ok: true }));
    app.get('/api/pay/:token', (_req, res) => void res.json({ ok: true }));
    app.get('/boom', () => {
      throw new Error('kaput');
    });
    app.get('/hang', (req, res) => void res.write('first'));
    finishApp(app);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('believes only the gateway hop: the last X-Forwarded-For entry, even when earlier ones look private', async () => {
    const res = await fetch(`${url}/ip`, { headers: { 'x-forwarded-for': '1.2.3.4, 10.0.0.5', 'x-forwarded-proto': 'https' } });
    expect(await res.json()).toEqual({ ip: '10.0.0.5', protocol: 'https' });
  });

  it('sends no Strict-Transport-Security: the gateway sets the one policy', async () => {
    const res = await fetch(`${url}/ip`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('logs a share link request without its token', async () => {
    const token = 'share-token-that-must-not-leak';
    expect((await fetch(`${url}/api/shared/projects/${token}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.includes('/api/shared/projects/'));
    expect(line).toContain('/api/shared/projects/[redacted]');
    expect(lines.join('')).not.toContain(token);
  });

  it("logs an e-mailed reset link's page without its token", async () => {
    const token = 'reset-token-that-must-not-leak';
    const referer = `http://localhost:8080/api/password-reset/confirm?token=${token}`;
    expect((await fetch(`${url}/api/password-reset/confirm?token=${token}&x=1`, { headers: { referer } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.includes('/api/password-reset/confirm?token=[redacted]&x=1'));
    expect(line).toContain('"referer":"http://localhost:8080/api/password-reset/confirm?token=[redacted]"');
    expect(lines.join('')).not.toContain(token);
  });

  it("logs an e-mailed invitation link's lookup, and its page as the Referer, without its token", async () => {
    const token = 'invitation-token-that-must-not-leak';
    const referer = `http://localhost:8080/invitations/${token}`;
    expect((await fetch(`${url}/api/invitations/link/${token}`, { headers: { referer } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.includes('/api/invitations/link/'));
    expect(line).toContain('/api/invitations/link/[redacted]');
    expect(line).toContain('"referer":"http://localhost:8080/invitations/[redacted]"');
    expect(lines.join('')).not.toContain(token);
  });

  it("logs an invoice pay link's lookup, and its page as the Referer, without its token", async () => {
    const token = 'pay-link-token-that-must-not-leak';
    expect((await fetch(`${url}/api/pay/${token}`, { headers: { referer: `http://localhost:8080/pay/${token}` } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.includes('/api/pay/'));
    expect(line).toContain('/api/pay/[redacted]');
    expect(line).toContain('"referer":"http://localhost:8080/pay/[redacted]"');
    expect(lines.join('')).not.toContain(token);
  });

  it('writes one line per request with its id, method, path and status, and the request on an unhandled error', async () => {
    expect((await fetch(`${url}/ip?n=1`, { headers: { 'x-request-id': 'req-line-1' } })).status).toBe(200);
    expect((await fetch(`${url}/boom`, { headers: { 'x-request-id': 'req-line-2' } })).status).toBe(500);
    await new Promise((r) => setTimeout(r, 50));
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; req?: { method: string; url: string }; res?: { statusCode: number } });
    const done = parsed.filter((l) => l.reqId === 'req-line-1');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/ip?n=1' }, res: { statusCode: 200 } });
    const failed = parsed.filter((l) => l.reqId === 'req-line-2');
    expect(failed.find((l) => l.msg === 'unhandled error')).toMatchObject({ req: { method: 'GET', url: '/boom' } });
    expect(failed.find((l) => l.msg === 'request errored')).toMatchObject({ req: { url: '/boom' }, res: { statusCode: 500 } });
  });

  it('logs a request whose caller hung up before the answer ended as aborted, once', async () => {
    const controller = new AbortController();
    const res = await fetch(`${url}/hang`, { headers: { 'x-request-id': 'req-line-3' }, signal: controller.signal });
    await res.body!.getReader().read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; req?: { url: string } });
    expect(parsed.filter((l) => l.reqId === 'req-line-3')).toEqual([expect.objectContaining({ msg: 'request aborted', req: expect.objectContaining({ url: '/hang' }) })]);
  });
});
