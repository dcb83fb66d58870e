import net from 'node:net';
import { signUp as signUpAt, standInService, json, uniqueEmail, useGateway } from './gateway-harness';

/** A stand-in catalog that answers what it received: the bytes of the body and the forwarding headers. */
const echoUpstream = () => standInService((req, body) => ({ bytes: body.length, forwardedFor: req.headers['x-forwarded-for'] ?? null }));

const t = useGateway({ standIns: { CATALOG_URL: echoUpstream } });

const signUp = () => signUpAt(t.gateway.url, { firstName: 'Grace', lastName: 'Hopper' });

/** Writes the request line, headers and a chunked body in ONE write, as a client on a fast link does. */
function rawChunkedRequest(base: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(base);
  const chunk = Buffer.from(body);
  const head = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Transfer-Encoding: chunked', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  const payload = Buffer.concat([Buffer.from(`${head}\r\n\r\n${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n0\r\n\r\n')]);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(payload));
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (raw += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.slice(0, split);
      let rest = raw.slice(split + 4);
      if (/^transfer-encoding: chunked/im.test(head)) {
        let decoded = '';
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, eol), 16);
          if (!size) break;
          decoded += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 2 + size + 2);
        }
        rest = decoded;
      }
      resolve({ status, body: rest });
    });
  });
}

describe('a malformed session cookie is no cookie', () => {
  const bad = { cookie: 'midway_session=%' };

  it('answers pages, sign-in, sign-out and static remotes as for a signed-out visitor, never 500', async () => {
    const page = await fetch(`${t.gateway.url}/projects`, { headers: { ...bad, accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Midway shell');

    const login = await fetch(`${t.gateway.url}/api/login`, { headers: bad });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('action="/api/login"');

    const signIn = await fetch(`${t.gateway.url}/api/login`, json({ email: uniqueEmail(), password: 'wrong-password' }, bad));
    expect(signIn.status).toBe(401);

    const out = await fetch(`${t.gateway.url}/api/logout`, { headers: bad, redirect: 'manual' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');

    const remote = await fetch(`${t.gateway.url}/remotes/mf-landing/remoteEntry.js`, { headers: bad });
    expect(remote.status).toBe(200);
  });

  it('answers an authenticated /api route with 401 JSON', async () => {
    for (const cookie of ['midway_session=%', 'midway_session=%E0%A4%A', 'a=1; midway_session=%zz; b=2']) {
      const res = await fetch(`${t.gateway.url}/api/auth/user`, { headers: { cookie } });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('still reads a good cookie next to a malformed one', async () => {
    const cookie = await signUp();
    const res = await fetch(`${t.gateway.url}/api/auth/user`, { headers: { cookie: `other=%; ${cookie}` } });
    expect(res.status).toBe(200);
  });
});

describe('a chunked body sent in the same write as the headers', () => {
  it('reaches a real service whole', async () => {
    const body = JSON.stringify({ firstName: 'Chunk', lastName: 'Ed', email: 'chunk@example.com', message: 'sent chunked' });
    const res = await rawChunkedRequest(t.gateway.url, '/api/contact', { 'Content-Type': 'application/json' }, body);
    expect(res.status).toBe(200);
    expect(res.body).toContain('Thank you');
  });

  it('reaches the upstream byte for byte, and one over the route limit gets 413', async () => {
    const cookie = await signUp();
    const body = JSON.stringify({ name: 'x'.repeat(50 * 1024) });
    const ok = await rawChunkedRequest(t.gateway.url, '/api/projects', { 'Content-Type': 'application/json', Cookie: cookie }, body);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ bytes: Buffer.byteLength(body) });

    const tooBig = await rawChunkedRequest(t.gateway.url, '/api/projects', { 'Content-Type': 'application/json', Cookie: cookie }, 'x'.repeat(150 * 1024));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toContain('payload_too_large');
  });
});
