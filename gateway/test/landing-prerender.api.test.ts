import fs from 'node:fs';
import path from 'node:path';
import { LANDING_PRERENDER_PATH } from '@midway/contracts';
import { fakeStaticRoot, startTestIdentity, startTestGateway, sessionCookieOf, json, uniqueEmail } from './gateway-harness';

type Identity = Awaited<ReturnType<typeof startTestIdentity>>;
let identity: Identity;
beforeAll(async () => (identity = await startTestIdentity()));
afterAll(async () => identity?.stop());

const INDEX = '<!doctype html><html><head><title>Midway shell</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';

/** A static root whose shell has a #root and whose mf-landing has a server build with the given body. */
function rootWithPrerender(moduleSource: string): string {
  const root = fakeStaticRoot();
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), INDEX);
  fs.mkdirSync(path.dirname(path.join(root, LANDING_PRERENDER_PATH)), { recursive: true });
  fs.writeFileSync(path.join(root, LANDING_PRERENDER_PATH), moduleSource);
  return root;
}
/** INDEX as the gateway sends it: the session verdict, then the preload of the route's remote entry, if any. */
const sent = (session: 'signed-in' | 'signed-out', remote?: string) =>
  INDEX.replace('</head>', `<meta name="midway-session" content="${session}" />${remote ? `<link rel="preload" href="/remotes/${remote}/remoteEntry.js" as="script" />` : ''}</head>`);
const WORKING = `exports.renderFirstScreen = ({ config }) => ({ html: '<h1>Call ' + config.supportPhone + ' (save $& 100%)</h1>', css: 'h1{color:teal}' });`;
const page = (url: string, cookie?: string) => fetch(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

describe('prerendered landing page', () => {
  it('gives a signed-out visitor the first screen inside #root, with its CSS, in the HTML', async () => {
    const gateway = await startTestGateway(identity.url, { STATIC_ROOT: rootWithPrerender(WORKING), SUPPORT_PHONE: '(604) 555-0199' });
    try {
      const res = await page(`${gateway.url}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toContain('Cookie');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<div id="root" data-prerendered="landing"><h1>Call (604) 555-0199 (save $& 100%)</h1></div>');
      expect(html).toContain('<style id="prerendered-css">h1{color:teal}</style>');
      expect(html.indexOf('<style id="prerendered-css">')).toBeLessThan(html.indexOf('</head>'));
      // Nothing is asked for before the first screen has painted: the shell's entry is added after it, with the preloads.
      expect(html).not.toContain('<script src="/main.js"></script>');
      const later = JSON.parse(/<script type="application\/json" id="midway-after-paint-preloads">(.*?)<\/script>/.exec(html)![1]!);
      expect(later).toEqual({ entries: ['/main.js'], fetches: [], scripts: ['/remotes/mf-landing/remoteEntry.js'] });
      // Only `/` is the landing page: any other path is the plain shell.
      expect(await (await page(`${gateway.url}/projects`)).text()).toBe(sent('signed-out'));
    } finally {
      await gateway.stop();
    }
  });

  it('gives a signed-in user the plain shell on `/` (their dashboard, not a flash of the landing page)', async () => {
    const gateway = await startTestGateway(identity.url, { STATIC_ROOT: rootWithPrerender(WORKING) });
    try {
      const reg = await fetch(`${gateway.url}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'Ada', lastName: 'L' }));
      const cookie = sessionCookieOf(reg)!;
      expect(await (await page(`${gateway.url}/`, cookie)).text()).toBe(sent('signed-in', 'mf-projects'));
      // A cookie that does not verify is a signed-out visitor.
      expect(await (await page(`${gateway.url}/`, `${cookie.split('=')[0]}=forged`)).text()).toContain('data-prerendered');
    } finally {
      await gateway.stop();
    }
  });

  it('serves the plain shell when the server build fails, is missing, or mf-landing is switched off', async () => {
    const broken = await startTestGateway(identity.url, { STATIC_ROOT: rootWithPrerender(`exports.renderFirstScreen = () => { throw new Error('boom'); };`) });
    const withoutBuild = rootWithPrerender(WORKING);
    fs.rmSync(path.join(withoutBuild, LANDING_PRERENDER_PATH));
    const missing = await startTestGateway(identity.url, { STATIC_ROOT: withoutBuild });
    const off = await startTestGateway(identity.url, { STATIC_ROOT: rootWithPrerender(WORKING), DISABLED_REMOTES: 'mf-landing' });
    try {
      for (const gateway of [broken, missing]) expect(await (await page(`${gateway.url}/`)).text()).toBe(sent('signed-out', 'mf-landing'));
      // A switched-off remote is not preloaded.
      expect(await (await page(`${off.url}/`)).text()).toBe(sent('signed-out'));
    } finally {
      await Promise.all([broken.stop(), missing.stop(), off.stop()]);
    }
  });
});
