import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SHELL_PRERENDER_PATH } from '@midway/contracts';
import { fakeStaticRoot, serveStandIn, signUp, startTestGateway, startTestIdentity, type Gateway, type StandIn } from './gateway-harness';

/**
 * The signed-in frame (signed-in-prerender.ts): the gateway reads the caller from identity and a project's heading from
 * catalog as that caller, and hands them to the shell's server build. Here that build is a stand-in that writes
 * what it was given into the page, so each test sees exactly what the gateway passed.
 */
// As the shell's build writes it: the runtime manifest's fetch preload and the deferred entry script in the head.
const INDEX =
  '<!doctype html><html><head><title>Midway</title><link rel="preload" href="/runtime-manifest.json" as="fetch" crossorigin="use-credentials"/><script defer="defer" src="/main.js"></script></head><body><div id="root"></div></body></html>';
const PROJECT_ID = '6d1f0c52-98a4-4f7e-9b0e-3a1f5c2d7e11';
const SLOW_ID = '0b7e3c55-1d2a-4c3b-8e9f-5a6b7c8d9e0f';
const THROW_PATH = '/billing';

let identity: Awaited<ReturnType<typeof startTestIdentity>>;
let catalog: StandIn;
let gateway: Gateway;
const catalogAsked: { path: string; identity: boolean }[] = [];

beforeAll(async () => {
  identity = await startTestIdentity();
  // Catalog as the gateway sees it: the caller's project in full, another's refused, one that answers too late.
  catalog = await serveStandIn((req, res) => {
    catalogAsked.push({ path: req.url!, identity: Boolean(req.headers['x-midway-identity']) });
    if (req.url === `/api/projects/${SLOW_ID}`) return void setTimeout(() => res.end('{}'), 2000);
    if (req.url !== `/api/projects/${PROJECT_ID}`) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: PROJECT_ID, name: 'Harbour <Loft>', location: 'Vancouver', clientName: 'Ines', installDate: null, items: [{ secret: 'not for the frame' }], totalCost: '12.00' }));
  });
  const root = fakeStaticRoot();
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), INDEX);
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'preload-manifest.json'), JSON.stringify({ pages: { 'signed-in': ['297.0693edce.js'] }, exposes: {}, entry: ['main.js'] }));
  const prerender = path.join(root, SHELL_PRERENDER_PATH);
  fs.mkdirSync(path.dirname(prerender), { recursive: true });
  fs.writeFileSync(
    prerender,
    `exports.renderSignedInFrame = (props) => {
      if (props.path === '${THROW_PATH}') throw new Error('render failed');
      if (props.path === '/nowhere-framed') return null;
      return { html: '<pre>' + JSON.stringify(props).replace(/</g, '&lt;') + '</pre>', css: 'pre{margin:0}' };
    };`,
  );
  gateway = await startTestGateway(identity.url, { STATIC_ROOT: root, CATALOG_URL: catalog.url });
  await gateway.feed.ready;
});
afterAll(async () => {
  await gateway?.stop();
  await identity?.stop();
  catalog?.close();
});

const page = (p: string, cookie?: string) => fetch(`${gateway.url}${p}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
/** The props the gateway gave the shell's server build, read back from the page; null when the page has no frame. */
const framedWith = (html: string) => {
  const m = /<div id="root" data-prerendered="signed-in"><pre>(.*)<\/pre><\/div>/.exec(html);
  return m ? (JSON.parse(m[1]!.replace(/&lt;/g, '<')) as Record<string, unknown>) : null;
};

describe('signed-in pages come with their frame', () => {
  it("gives the shell's server build the caller as identity knows them, and marks the page private", async () => {
    const cookie = await signUp(gateway.url, { firstName: 'Frida', lastName: 'Framed' });
    const res = await page('/items', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await res.text();
    expect(framedWith(html)).toEqual({ path: '/items', user: expect.objectContaining({ firstName: 'Frida', lastName: 'Framed', systemRole: 'designer' }), project: null });
    expect(html).toContain('<style id="prerendered-css">pre{margin:0}</style>');
  });

  it("reads a project's heading from catalog as the caller, and passes only the heading", async () => {
    const cookie = await signUp(gateway.url);
    const html = await (await page(`/projects/${PROJECT_ID}`, cookie)).text();
    expect(framedWith(html)?.project).toEqual({ name: 'Harbour <Loft>', location: 'Vancouver', clientName: 'Ines', installDate: null });
    expect(html).not.toContain('not for the frame');
    expect(catalogAsked.filter((a) => a.path === `/api/projects/${PROJECT_ID}`).every((a) => a.identity)).toBe(true);
  });

  it('leaves the frame out, and still answers the page, when catalog refuses the project or answers too late', async () => {
    const cookie = await signUp(gateway.url);
    const refused = await page('/projects/7f0e6d5c-4b3a-4291-8c7d-6e5f4a3b2c1d', cookie);
    expect(refused.status).toBe(200);
    expect(framedWith(await refused.text())).toBeNull();
    const started = Date.now();
    const late = await page(`/projects/${SLOW_ID}`, cookie);
    expect(late.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500); // the read is time-boxed; the stand-in answers after 2 s
    const html = await late.text();
    expect(framedWith(html)).toBeNull();
    expect(html).toContain('<div id="root"></div>');
    expect(late.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the plain page when the render fails or has no frame for the path, and frames no signed-out page', async () => {
    const cookie = await signUp(gateway.url);
    const failed = await page(THROW_PATH, cookie);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('<div id="root"></div>');
    expect(await (await page('/nowhere-framed', cookie)).text()).toContain('<div id="root"></div>');
    const signedOut = await (await page('/items')).text();
    expect(signedOut).not.toContain('data-prerendered');
  });

  it("asks for nothing before a framed page's first paint: its entry script, the manifest and the route's preloads come after it, allowed by the CSP's hash", async () => {
    const cookie = await signUp(gateway.url);
    const res = await page('/items', cookie);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<link rel="preload"/);
    expect(head).not.toMatch(/<script[^>]*src=/);
    const later = /<script type="application\/json" id="midway-after-paint-preloads">(.*?)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(later!)).toEqual({ entries: ['/main.js'], fetches: ['/runtime-manifest.json'], scripts: ['/remotes/mf-items/remoteEntry.js', '/297.0693edce.js'] });
    const inline = /<script>(.*?)<\/script>/.exec(head)?.[1];
    const hash = `'sha256-${createHash('sha256').update(inline!).digest('base64')}'`;
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' ${hash}`);
    // A page without a first screen in its HTML keeps its script tag and preloads everything at once, as before.
    const unframed = await (await page('/nowhere-framed', cookie)).text();
    expect(unframed).not.toContain('midway-after-paint-preloads');
    expect(unframed).toContain('<script defer="defer" src="/main.js"></script>');
  });

  it('never asks catalog for a path that is not a plain project id', async () => {
    const cookie = await signUp(gateway.url);
    const before = catalogAsked.length;
    const res = await page('/projects/..%2F..%2Fapi%2Fitems', cookie);
    expect(res.status).toBe(200);
    expect(catalogAsked.length).toBe(before);
  });
});
