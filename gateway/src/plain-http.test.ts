import http from 'node:http';
import express from 'express';
import { callerFacts, sendJson } from './plain-http';

/**
 * The proxied calls read ip, protocol, secure and host from callerFacts, the gateway's own routes from
 * express: the two must agree for every trust setting, or a caller could look different on the two paths.
 */
describe('callerFacts', () => {
  const cases: Record<string, string>[] = [
    {},
    { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'midway.example' },
    { 'x-forwarded-for': '198.51.100.1, 203.0.113.9', 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'a.example, b.example' },
    { 'x-forwarded-for': 'not an address', 'x-forwarded-proto': '', 'x-forwarded-host': '' },
  ];

  it.each([0, 1, 2])('agrees with express under trust proxy = %i hops', async (hops) => {
    const facts = callerFacts(hops);
    const app = express();
    app.set('trust proxy', hops > 0 ? hops : false);
    app.use((req, res) => {
      res.json({
        express: { ip: req.ip, protocol: req.protocol, secure: req.secure, host: req.host },
        plain: { ip: facts.ip(req), protocol: facts.protocol(req), secure: facts.secure(req), host: facts.host(req) },
      });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      for (const headers of cases) {
        const seen = (await (await fetch(url, { headers })).json()) as { express: unknown; plain: unknown };
        expect(seen.plain).toEqual(seen.express);
      }
    } finally {
      server.close();
    }
  });
});

describe('sendJson', () => {
  it('answers JSON with its length and extra headers, and no body to a HEAD', async () => {
    const server = http.createServer((_req, res) => sendJson(res, 413, { error: 'payload_too_large' }, { Connection: 'close' })).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      const get = await fetch(url);
      expect(get.status).toBe(413);
      expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(get.headers.get('connection')).toBe('close');
      expect(await get.json()).toEqual({ error: 'payload_too_large' });
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(String(JSON.stringify({ error: 'payload_too_large' }).length));
      expect(await head.text()).toBe('');
    } finally {
      server.close();
    }
  });
});
