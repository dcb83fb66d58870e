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

    const robots = await page.request.get(`${platform.baseUrl}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*\n/);
  });

  it("a signed-in visitor's pages never load the landing remote, and their first reads start before the remote's code and are asked once", async () => {
    const { page, context } = browser;
    const reg = await context.request.post(`${platform.baseUrl}/api/register`, {
      data: { email: `speedy.${unique()}@example.com`, password: 'correct horse battery', firstName: 'Speedy', lastName: 'Page' },
      headers: { origin: platform.baseUrl },
    });
    expect(reg.status()).toBe(201);
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
      { path: '/', remote: 'mf-projects', queries: ['/api/projects', '/api/dashboard/stats', '/api/activities?limit=10'], ready: (p) => p.getByTestId('stat-Active Projects').waitFor() },
      { path: `/projects/${id}`, remote: 'mf-projects', queries: [`/api/projects/${id}`], ready: (p) => p.getByText('Lounge chair').first().waitFor() },
      { path: '/items', remote: 'mf-items', queries: ['/api/items?limit=200', '/api/items/summary', '/api/projects'], ready: (p) => p.getByText('Credenza').first().waitFor() },
    ];
    for (const target of pages) {
      const seen = record(page, platform.baseUrl);
      await page.goto(`${platform.baseUrl}${target.path}`);
      await target.ready(page);
      await page.waitForLoadState('networkidle');
      const paths = seen.paths();
      expect([target.path, paths.filter((p) => p.startsWith('/remotes/mf-landing/'))]).toEqual([target.path, []]);
      const firstRemoteChunk = paths.findIndex((p) => p.startsWith(`/remotes/${target.remote}/`) && !p.endsWith('/remoteEntry.js'));
      expect(firstRemoteChunk).toBeGreaterThan(0);
      for (const query of ['/api/auth/user', ...target.queries]) {
        // Asked exactly once (the remote took the started read instead of asking again)…
        expect([target.path, query, paths.filter((p) => p === query).length]).toEqual([target.path, query, 1]);
        // …and asked before any of the remote's code beyond its entry was requested.
        expect([target.path, query, paths.indexOf(query) < firstRemoteChunk]).toEqual([target.path, query, true]);
      }
      page.removeAllListeners('request');
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });
});
