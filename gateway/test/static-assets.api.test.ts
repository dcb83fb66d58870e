import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { LANDING_PRERENDER_PATH } from '@midway/contracts';
import { fakeStaticRoot, json, sessionCookieOf, startTestGateway, startTestIdentity, uniqueEmail, type Gateway } from './gateway-harness';

type Identity = Awaited<ReturnType<typeof startTestIdentity>>;
let identity: Identity;
let gateway: Gateway;
let root: string;

/** A text asset large enough to be worth compressing, with its .br and .gz beside it as the build writes them. */
const CHUNK = `(()=>{${'console.log("Midway chunk", 42);'.repeat(200)}})();`;
const PAY_PAGE = `<!doctype html><html><head><title>Pay an invoice</title></head><body><div id="root"></div></body></html>`;
const INDEX = `<!doctype html><html><head><title>Midway shell</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`;

function writeWithVariants(file: string, body: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

beforeAll(async () => {
  identity = await startTestIdentity();
  root = fakeStaticRoot();
  writeWithVariants(path.join(root, 'mf-projects', 'dist', '1357.c33a0279.js'), CHUNK);
  writeWithVariants(path.join(root, 'mf-projects', 'dist', 'remoteEntry.js'), CHUNK);
  writeWithVariants(path.join(root, 'shell', 'dist', 'index.html'), INDEX);
  writeWithVariants(path.join(root, 'mf-billing', 'dist', 'pay.html'), PAY_PAGE);
  writeWithVariants(path.join(root, 'shell', 'dist', 'main.css'), `body{margin:0}${'.a{color:red}'.repeat(100)}`);
  // Only a gzip variant: a br-accepting browser gets gzip.
  fs.writeFileSync(path.join(root, 'mf-projects', 'dist', 'only-gz.0badc0de.js'), CHUNK);
  fs.writeFileSync(path.join(root, 'mf-projects', 'dist', 'only-gz.0badc0de.js.gz'), zlib.gzipSync(CHUNK));
  // Preload manifests as the builds write them (mf-projects has none: an older build only loses its preloads).
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'preload-manifest.json'), JSON.stringify({ pages: { 'signed-in': ['297.0693edce.js', '470.50a999b9.js'] }, exposes: {}, entry: ['main.js'] }));
  fs.mkdirSync(path.join(root, 'mf-items', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'mf-items', 'dist', 'preload-manifest.json'),
    // A manifest names only files of its own build: anything else in it is ignored.
    JSON.stringify({ pages: { items: ['8877.0b2acc71.js', '8151.7455dc7f.js', '../../shell/dist/x.js', '"><script>x</script>.js'], services: ['4111.2a836cd6.js'] }, exposes: { './Routes': ['284.bb6a5705.js'] } }),
  );
  gateway = await startTestGateway(identity.url, { STATIC_ROOT: root });
});
afterAll(async () => {
  await gateway?.stop();
  await identity?.stop();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (fetch would decode the body and hide the encoding on the wire). */
function raw(p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // The path as written (a URL string would resolve `%2e%2e` segments before sending).
    const { hostname, port } = new URL(gateway.url);
    const req = http.request({ hostname, port, path: p, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const CHUNK_URL = '/remotes/mf-projects/1357.c33a0279.js';
const JS_TYPE = 'text/javascript; charset=utf-8';

describe('precompressed static assets', () => {
  it('sends the brotli file to a browser that accepts br, typed as the asset, cached for good when hashed', async () => {
    const res = await raw(CHUNK_URL, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe(JS_TYPE);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(CHUNK.length / 5);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(CHUNK);
  });

  it('sends gzip when br is not accepted (or refused with q=0), and gzip when only a .gz exists', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await raw(CHUNK_URL, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe(JS_TYPE);
      expect(zlib.gunzipSync(res.body).toString()).toBe(CHUNK);
    }
    const onlyGz = await raw('/remotes/mf-projects/only-gz.0badc0de.js', { 'accept-encoding': 'br, gzip' });
    expect(onlyGz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(onlyGz.body).toString()).toBe(CHUNK);
  });

  it('sends the plain file, still with Vary: Accept-Encoding, to a client that accepts no compression', async () => {
    for (const headers of [{} as Record<string, string>, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': 'deflate' }]) {
      const res = await raw(CHUNK_URL, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe(JS_TYPE);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(CHUNK);
    }
  });

  it('keeps remoteEntry.js and HTML uncached (no-cache) in every encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const entry = await raw('/remotes/mf-projects/remoteEntry.js', { 'accept-encoding': accept });
      expect(entry.headers['cache-control']).toBe('no-cache');
      const page = await raw('/projects/123', { accept: 'text/html', 'accept-encoding': accept });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers.vary).toMatch(/Accept-Encoding/i);
      expect(page.headers.vary).toMatch(/Cookie/i);
      const html = accept === 'br' ? zlib.brotliDecompressSync(page.body) : accept === 'gzip' ? zlib.gunzipSync(page.body) : page.body;
      expect(page.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept);
      expect(html.toString()).toBe(INDEX.replace('</head>', '<meta name="midway-session" content="signed-out" /></head>'));
    }
  });

  it('types CSS the same compressed or not', async () => {
    const br = await raw('/main.css', { 'accept-encoding': 'br' });
    const plain = await raw('/main.css');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD with the headers of the encoded answer and no body', async () => {
    const res = await raw(CHUNK_URL, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(root, 'mf-projects', 'dist', '1357.c33a0279.js.br')).size);
    expect(res.body.length).toBe(0);
  });

  it('serves byte ranges of the plain file only; an encoded answer is whole', async () => {
    const plain = await raw(CHUNK_URL, { range: 'bytes=0-9' });
    expect(plain.status).toBe(206);
    expect(plain.body.toString()).toBe(CHUNK.slice(0, 10));
    const encoded = await raw(CHUNK_URL, { range: 'bytes=0-9', 'accept-encoding': 'br' });
    expect(encoded.status).toBe(200);
    expect(encoded.headers['accept-ranges']).toBeUndefined();
    expect(zlib.brotliDecompressSync(encoded.body).toString()).toBe(CHUNK);
  });

  it('answers a conditional request for the encoded file with 304', async () => {
    const first = await raw(CHUNK_URL, { 'accept-encoding': 'br' });
    const again = await raw(CHUNK_URL, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    // The plain file has its own validator: a cache never takes one encoding's validator for the other.
    expect((await raw(CHUNK_URL)).headers.etag).not.toBe(first.headers.etag);
  });

  it('never serves a variant older than its file (remoteEntry.js keeps its name across builds)', async () => {
    const dir = path.join(root, 'mf-landing', 'dist');
    writeWithVariants(path.join(dir, 'remoteEntry.js'), CHUNK);
    const past = new Date(Date.now() - 60_000);
    for (const v of ['.br', '.gz']) fs.utimesSync(path.join(dir, `remoteEntry.js${v}`), past, past);
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'var mf_landing = "rebuilt";');
    const res = await raw('/remotes/mf-landing/remoteEntry.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('var mf_landing = "rebuilt";');
  });

  it('does not leave the dist folder for an encoded file', async () => {
    for (const p of ['/remotes/mf-projects/..%2f..%2fshell/dist/index.html', '/remotes/mf-projects/%2e%2e/%2e%2e/shell/dist/index.html']) {
      const res = await raw(p, { 'accept-encoding': 'br' });
      expect(res.status).not.toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });
});

describe('prerendered landing page, compressed', () => {
  it('sends the signed-out `/` as brotli or gzip, built once, with Vary on Cookie and Accept-Encoding', async () => {
    const prerenderRoot = fakeStaticRoot();
    fs.writeFileSync(path.join(prerenderRoot, 'shell', 'dist', 'index.html'), INDEX);
    fs.mkdirSync(path.dirname(path.join(prerenderRoot, LANDING_PRERENDER_PATH)), { recursive: true });
    fs.writeFileSync(path.join(prerenderRoot, LANDING_PRERENDER_PATH), `exports.renderFirstScreen = () => ({ html: '<h1>Receiving, done right</h1>', css: 'h1{color:teal}' });`);
    const landing = await startTestGateway(identity.url, { STATIC_ROOT: prerenderRoot });
    try {
      const get = (accept: string) =>
        new Promise<Raw>((resolve, reject) =>
          http
            .get(`${landing.url}/`, { headers: { accept: 'text/html', 'accept-encoding': accept } }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject),
        );
      const br = await get('gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers.vary).toMatch(/Cookie/);
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      const html = zlib.brotliDecompressSync(br.body).toString();
      expect(html).toContain('<h1>Receiving, done right</h1>');
      expect(zlib.gunzipSync((await get('gzip')).body).toString()).toBe(html);
      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(html);
    } finally {
      await landing.stop();
    }
  });
});

describe("the page's head: session verdict and the route's remote entry", () => {
  const head = async (p: string, cookie?: string) => {
    const res = await raw(p, { accept: 'text/html', ...(cookie ? { cookie } : {}) });
    expect(res.status).toBe(200);
    return res.body.toString().split('</head>')[0]!;
  };
  const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="script" \/>/g)].map((m) => m[1]);

  it("tells a signed-out visitor so and preloads only the shell's entry and the landing remote on /", async () => {
    const html = await head('/');
    expect(html).toContain('<meta name="midway-session" content="signed-out" />');
    expect(preloads(html)).toEqual(['/main.js', '/remotes/mf-landing/remoteEntry.js']);
    // Any other page sends a signed-out visitor to sign in: nothing to preload.
    expect(preloads(await head('/items'))).toEqual([]);
    expect(await head('/items')).toContain('content="signed-out"');
  });

  it("preloads a signed-in visitor's route remote and the chunks its builds' manifests name, never the landing page's", async () => {
    const reg = await fetch(`${gateway.url}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'Ada', lastName: 'L' }));
    const cookie = sessionCookieOf(reg)!;
    const shellChunks = ['/297.0693edce.js', '/470.50a999b9.js'];
    // The shell's entry first: a deferred script has low priority and would otherwise wait behind every preload.
    const first = (remote: string) => ['/main.js', `/remotes/${remote}/remoteEntry.js`];
    const cases: [string, string[]][] = [
      ['/', [...first('mf-projects'), ...shellChunks]],
      ['/projects', [...first('mf-projects'), ...shellChunks]],
      ['/projects/5f0c6a7e-8d1b-4c2a-9e3f-1a2b3c4d5e6f', [...first('mf-projects'), ...shellChunks]],
      ['/items', [...first('mf-items'), ...shellChunks, '/remotes/mf-items/284.bb6a5705.js', '/remotes/mf-items/8877.0b2acc71.js', '/remotes/mf-items/8151.7455dc7f.js']],
      ['/items?q=chair', [...first('mf-items'), ...shellChunks, '/remotes/mf-items/284.bb6a5705.js', '/remotes/mf-items/8877.0b2acc71.js', '/remotes/mf-items/8151.7455dc7f.js']],
      ['/services', [...first('mf-items'), ...shellChunks, '/remotes/mf-items/284.bb6a5705.js', '/remotes/mf-items/4111.2a836cd6.js']],
      ['/billing', [...first('mf-billing'), ...shellChunks]],
      ['/receiving', [...first('mf-warehouse'), ...shellChunks]],
      ['/no-such-page', []],
    ];
    for (const [p, expected] of cases) {
      const html = await head(p, cookie);
      expect(html).toContain('<meta name="midway-session" content="signed-in" />');
      expect([p, preloads(html)]).toEqual([p, expected]);
    }
    // A forged cookie is a signed-out visitor.
    expect(await head('/', `${cookie.split('=')[0]}=forged`)).toContain('content="signed-out"');
  });

  it('answers odd page paths with the shell, never a 500', async () => {
    for (const p of ['//', '//[', '//a:b@', '/%zz', '/items?q=%']) {
      const res = await raw(p, { accept: 'text/html' });
      expect([p, res.status]).toEqual([p, 200]);
      expect(res.body.toString()).toContain('<meta name="midway-session" content="signed-out" />');
    }
  });
});

describe('robots.txt', () => {
  it('answers a valid robots.txt as text, not the shell', async () => {
    for (const accept of ['*/*', 'text/html', 'text/plain']) {
      const res = await raw('/robots.txt', { accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = res.body.toString().trim().split('\n');
      expect(lines[0]).toBe('User-agent: *');
      // Every line is a known directive (what crawlers and Lighthouse's robots-txt audit accept).
      for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S*$/);
      expect(lines).toEqual(expect.arrayContaining(['Disallow: /api/', 'Disallow: /client/', 'Disallow: /pay/']));
    }
  });
});

describe('the pay link’s page', () => {
  it('/pay/{token} is billing’s small public page, signed out, never cached, indexed or referred', async () => {
    const res = await raw('/pay/0b8f3c2e-1111-4a4a-9b9b-123456789abc.sig', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(PAY_PAGE);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
