import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { constantHeaders } from './constant-headers';

/** The same answer headers as helmet's own middleware, for the same policy. */
describe('constantHeaders', () => {
  const policy = () => helmet({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } }, strictTransportSecurity: false });
  const headersFrom = async (mw: express.RequestHandler) => {
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader('X-Powered-By', 'something');
      next();
    });
    app.use(mw);
    app.get('/', (_req, res) => void res.json({ ok: true }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const out = Object.fromEntries([...res.headers].filter(([k]) => !['date', 'etag', 'content-length', 'connection', 'keep-alive'].includes(k)));
      return out;
    } finally {
      server.close();
    }
  };

  it('sends exactly what helmet sends, and removes what helmet removes', async () => {
    const replayed = await headersFrom(constantHeaders(policy()));
    expect(replayed).toEqual(await headersFrom(policy()));
    expect(replayed['content-security-policy']).toBe("default-src 'self';object-src 'none'");
    expect(replayed['x-powered-by']).toBeUndefined();
  });

  it('names every header it sets or removes, in lower case', () => {
    const names = constantHeaders(policy()).names;
    expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options', 'x-powered-by']));
    expect(names).not.toContain('strict-transport-security');
    expect(names.every((n) => n === n.toLowerCase())).toBe(true);
  });

  it('refuses a middleware that does not finish at once (its headers could depend on the request)', () => {
    expect(() => constantHeaders(() => undefined)).toThrow(/did not finish synchronously/);
  });
});
