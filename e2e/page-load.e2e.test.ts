import type { ConsoleMessage, Page, Request } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser';
import { startPlatform } from './support/platform';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Every request the page makes to the gateway, in the order Chromium issued them, and every console error. */
function record(page: Page, baseUrl: string) {
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => r.url().startsWith(baseUrl) && requests.push(r));
  page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(`${m.text()} @ ${m.location().url}`));
  page.on('pageerror', (e) => errors.push(e.message));
  const paths = () => requests.map((r) => new URL(r.url()).pathname + new URL(r.url()).search);
  return { requests, errors, paths };
}

/**
 * The script preloads in the page's HTML, and whether each one ran: a webpack chunk file is named '<id>.<hash>.js'
 * and, once run, its id is in its build's `webpackChunk<name>` array.
 */
async function preloadsUnused(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const ran = (global: string) => new Set(((window as unknown as Record<string, [(string | number)[]][]>)[global] ?? []).flatMap(([ids]) => ids.map(String)));
    const builds: Record<string, string> = { '': 'webpackChunkshell', 'mf-projects': 'webpackChunkmf_projects', 'mf-items': 'webpackChunkmf_items', 'mf-billing': 'webpackChunkmf_billing', 'mf-warehouse': 'webpackChunkmf_warehouse' };
    const unused: string[] = [];
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=script]')) {
      const path = new URL(link.href).pathname;
      const m = /^(?:\/remotes\/([\w-]+))?\/[\w-]+\.[0-9a-f]{8}\.js$/.exec(path);
      if (!m) continue; // remoteEntry.js: not a chunk (it runs as the entry)
      // A chunk's ids are in its first statement (a named chunk's file name is not its id).
      const head = (await (await fetch(path)).text()).slice(0, 400);
      const ids = /\.push\(\[\[([^\]]+)\]/.exec(head)?.[1]?.split(',') ?? [path];
      if (!ids.every((id) => ran(builds[m[1] ?? '']!).has(id.replace(/"/g, '')))) unused.push(path);
    }
    return unused;
  });
}

describe('what a page load downloads and when', () => {
  let platform: Platform;
  let browser: BrowserSession;

  beforeAll(async () => {
    platform = await startPlatform();
  }, 180_000);
  afterAll(async () => platform?.stop());
  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => browser?.close());

  /** Signs a new designer up in the browser's context (the session cookie stays there); the answer's status. */
  const register = async (context: BrowserSession['context'], who: string) =>
    (
      await context.request.post(`${platform.baseUrl}/api/register`, {
        data: { email: `${who}.${unique()}@example.com`, password: 'correct horse battery', firstName: 'Page', lastName: 'Load' },
        headers: { origin: platform.baseUrl },
      })
    ).status();

  it("a signed-out visitor's landing page asks nothing it would get a 401 for and logs no console error; robots.txt is a file", async () => {
    const { page } = browser;
    const seen = record(page, platform.baseUrl);
    const scripts: Record<string, string | undefined> = {};
    page.on('response', (r) => r.request().resourceType() === 'script' && (scripts[new URL(r.url()).pathname] = r.headers()['content-encoding']));
    await page.goto(`${platform.baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: "Let's Talk" }).waitFor();
    expect(seen.errors).toEqual([]);
    expect(seen.paths().filter((p) => p.startsWith('/api/'))).toEqual([]);
    expect(seen.paths().some((p) => p.startsWith('/remotes/mf-landing/'))).toBe(true);
    // Scripts come brotli-compressed from the build's .br files.
    expect(scripts['/main.js']).toBe('br');
    expect(scripts['/remotes/mf-landing/remoteEntry.js']).toBe('br');
    // The prerendered screen is on screen before any script or manifest is asked for: none shares the line with it.
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      codeAsked: performance.getEntriesByType('resource').filter((e) => /\.(js|json)$/.test(new URL(e.name).pathname)).map((e) => e.startTime),
    }));
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.codeAsked.length).toBeGreaterThanOrEqual(3); // main.js, runtime-manifest.json, the remote's entry
    expect(Math.min(...timing.codeAsked)).toBeGreaterThanOrEqual(timing.firstPaint!);

    const robots = await page.request.get(`${platform.baseUrl}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*\n/);
  });

  it("a signed-in visitor's pages never load the landing remote, preload only scripts they run, and their first reads start before the remote's code and are asked once", async () => {
    const { page, context } = browser;
    expect(await register(context, 'speedy')).toBe(201);
    const project = await context.request.post(`${platform.baseUrl}/api/projects`, {
      data: { name: `Loft ${unique()}`, clientName: 'Harbour', location: 'Vancouver' },
      headers: { origin: platform.baseUrl },
    });
    const { id } = (await project.json()) as { id: string };
    await context.request.post(`${platform.baseUrl}/api/projects/${id}/items/bulk`, {
      data: { items: [{ name: 'Lounge chair', quantity: 2, price: '120.00' }, { name: 'Credenza' }] },
      headers: { origin: platform.baseUrl },
    });

    // The reads each page's remote makes first, as its API client writes them.
    const pages: { path: string; remote: string; queries: string[]; ready: (p: Page) => Promise<unknown> }[] = [
      { path: '/', remote: 'mf-projects', queries: ['/api/dashboard/projects?limit=10&offset=0', '/api/dashboard/projects?limit=100&offset=0', '/api/dashboard/stats', '/api/activities?limit=10'], ready: (p) => p.getByTestId('stat-Active Projects').waitFor() },
      { path: `/projects/${id}`, remote: 'mf-projects', queries: [`/api/projects/${id}`], ready: (p) => p.getByText('Lounge chair').first().waitFor() },
      { path: '/items', remote: 'mf-items', queries: ['/api/items?limit=200', '/api/items/summary', '/api/projects', '/api/carriers'], ready: (p) => p.getByText('Credenza').first().waitFor() },
    ];
    // When each remote's entry script ran: it assigns its container to a global named after the remote (webpack's
    // `var` library), caught here by a setter put in place before any of the page's scripts.
    await page.addInitScript(() => {
      const ran: Record<string, number> = ((window as unknown as { __remoteRanAt: Record<string, number> }).__remoteRanAt = {});
      for (const name of ['mf_projects', 'mf_items']) {
        Object.defineProperty(window, name, {
          configurable: true,
          set(value: unknown) {
            ran[name] ??= performance.now();
            Object.defineProperty(window, name, { value, writable: true, configurable: true, enumerable: true });
          },
        });
      }
    });
    for (const target of pages) {
      const seen = record(page, platform.baseUrl);
      await page.goto(`${platform.baseUrl}${target.path}`);
      await target.ready(page);
      await page.waitForLoadState('networkidle');
      const paths = seen.paths();
      expect([target.path, paths.filter((p) => p.startsWith('/remotes/mf-landing/'))]).toEqual([target.path, []]);
      // The HTML preloads the page's scripts (the builds' preload manifests): the shell's and the remote's, every one of them used.
      const preloaded = await page.evaluate(() => document.querySelectorAll('link[rel=preload][as=script]').length);
      expect([target.path, preloaded >= 6]).toEqual([target.path, true]);
      expect([target.path, await preloadsUnused(page)]).toEqual([target.path, []]);
      expect(paths.filter((p) => p.startsWith(`/remotes/${target.remote}/`) && !p.endsWith('/remoteEntry.js')).length).toBeGreaterThan(0);
      // The remote's code runs behind the shell's async boundary; a read asked before its entry ran did not wait for it.
      const remoteRanAt = await page.evaluate((name) => (window as unknown as { __remoteRanAt: Record<string, number> }).__remoteRanAt[name], target.remote.replace('-', '_'));
      expect([target.path, typeof remoteRanAt]).toEqual([target.path, 'number']);
      // When the page itself started each read (resource timing, the page's clock).
      const startedAt = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname + new URL(e.name).search, e.startTime])));
      for (const query of ['/api/auth/user', ...target.queries]) {
        // Asked exactly once (the remote took the started read instead of asking again)…
        expect([target.path, query, paths.filter((p) => p === query).length]).toEqual([target.path, query, 1]);
        // …and asked before the remote's code ran.
        expect([target.path, query, startedAt[query]! <= remoteRanAt]).toEqual([target.path, query, true]);
      }
      page.removeAllListeners('request');
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });
  it("each remote's standalone preview page runs on its own, with the federation runtime the shell otherwise gives the remote", async () => {
    const { page, context } = browser;
    expect(await register(context, 'preview')).toBe(201);
    const previews = [
      { dir: 'mf-items', heading: 'Items' },
      { dir: 'mf-projects', heading: 'Dashboard' },
      { dir: 'mf-billing', heading: 'Billing' },
      { dir: 'mf-warehouse', heading: 'Receiving' },
      { dir: 'mf-landing', heading: "Let's Talk" },
    ];
    for (const { dir, heading } of previews) {
      const seen = record(page, platform.baseUrl);
      await page.goto(`${platform.baseUrl}/remotes/${dir}/index.html`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect([dir, seen.errors]).toEqual([dir, []]);
      // The remote's own entry has no copy of the runtime's core: the preview page loaded it as a script first.
      expect([dir, seen.paths().includes(`/remotes/${dir}/preview-runtime.js`)]).toEqual([dir, true]);
      page.removeAllListeners('request');
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  it("a signed-in page's HTML carries its frame for that caller (sidebar, header, the page's heading), and the page replaces it without ever losing the heading", async () => {
    const { page, context } = browser;
    const reg = await context.request.post(`${platform.baseUrl}/api/register`, {
      data: { email: `framed.${unique()}@example.com`, password: 'correct horse battery', firstName: 'Frida', lastName: 'Framed' },
      headers: { origin: platform.baseUrl },
    });
    expect(reg.status()).toBe(201);
    const name = `Loft <b>${unique()}</b> & Co`;
    const project = await context.request.post(`${platform.baseUrl}/api/projects`, { data: { name, clientName: 'Harbour', location: 'Vancouver' }, headers: { origin: platform.baseUrl } });
    const { id } = (await project.json()) as { id: string };
    const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

    const targets = [
      { path: '/', heading: 'Dashboard', ready: (p: Page) => p.getByTestId('stat-Active Projects').waitFor() },
      // A project's frame also carries its list's heading, which paints with the HTML whatever the project's name.
      { path: `/projects/${id}`, heading: name, inFrame: '>Project Items</h2>', ready: (p: Page) => p.getByText('No items added yet').first().waitFor() },
      { path: '/items', heading: 'Items', ready: (p: Page) => p.getByText('Total Items').first().waitFor() },
    ];
    // Each time the DOM changes: the heading in #root, once the parser has reached it (null when it is gone).
    await page.addInitScript(() => {
      const seen: (string | null)[] = [];
      (window as unknown as { headings: (string | null)[] }).headings = seen;
      new MutationObserver(() => {
        const h1 = document.querySelector('#root h1');
        if (h1 || seen.length) seen.push(h1?.textContent ?? null);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    for (const target of targets) {
      const html = await (await context.request.get(`${platform.baseUrl}${target.path}`, { headers: { accept: 'text/html' } })).text();
      expect([target.path, html.includes('data-prerendered="signed-in"'), html.includes('Frida Framed')]).toEqual([target.path, true, true]);
      // The heading is in the HTML, escaped (the project's name is the caller's text).
      expect([target.path, html.includes(`>${target.heading === name ? escaped : target.heading}</h1>`)]).toEqual([target.path, true]);
      expect(html).not.toContain('<b>');
      if (target.inFrame) expect([target.path, html.includes(target.inFrame)]).toEqual([target.path, true]);

      await page.goto(`${platform.baseUrl}${target.path}`);
      await target.ready(page);
      const headings = await page.evaluate(() => (window as unknown as { headings: (string | null)[] }).headings);
      // Painted from the HTML, then the page: always this heading, never a skeleton or fallback without it.
      expect([target.path, [...new Set(headings)]]).toEqual([target.path, [target.heading]]);
      expect(await page.locator('[data-prerendered]').count()).toBe(0);
      expect(await page.locator('#prerendered-css').count()).toBe(0);
    }

    // Another designer asking for that project's page gets no frame with its name in it (catalog refused them).
    const other = await openBrowser();
    try {
      const reg2 = await other.context.request.post(`${platform.baseUrl}/api/register`, {
        data: { email: `other.${unique()}@example.com`, password: 'correct horse battery', firstName: 'Otto', lastName: 'Other' },
        headers: { origin: platform.baseUrl },
      });
      expect(reg2.status()).toBe(201);
      const theirs = await other.context.request.get(`${platform.baseUrl}/projects/${id}`, { headers: { accept: 'text/html' } });
      expect(theirs.headers()['cache-control']).toBe('no-cache');
      const body = await theirs.text();
      expect(body).not.toContain(escaped);
      expect(body).not.toContain('data-prerendered');
      // Their own dashboard is framed with their name, and marked private.
      const dashboard = await other.context.request.get(`${platform.baseUrl}/`, { headers: { accept: 'text/html' } });
      expect(dashboard.headers()['cache-control']).toBe('private, no-cache');
      expect(await dashboard.text()).toContain('Otto Other');
    } finally {
      await other.close();
    }
  });
});
