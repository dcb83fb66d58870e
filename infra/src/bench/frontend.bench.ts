import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { KNOWN_REMOTES } from '@midway/contracts';
import { launchBrowser } from '../browser';
import { REPO_ROOT } from '../paths';
import { table } from './bench-support';

export const FRONTEND_GOALS = { shellInitialKbGz: 120, remoteEntryPlusRouteKbGz: 60, landingLcpMs: 1500 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The built file a gateway URL serves: /remotes/<dir>/x → <dir>/dist/x, anything else → shell/dist/x. */
function distFileOf(url: string): { app: string; file: string } {
  const { pathname } = new URL(url);
  const m = pathname.match(/^\/remotes\/([^/]+)\/(.+)$/);
  if (m) return { app: m[1]!, file: path.join(REPO_ROOT, m[1]!, 'dist', m[2]!) };
  return { app: 'shell', file: path.join(REPO_ROOT, 'shell', 'dist', pathname.replace(/^\//, '')) };
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** Gzipped size, per app, of the scripts the page loaded (read from the dist files the gateway served). */
async function scriptsPerApp(page: Page, baseUrl: string, url: string, ready: (p: Page) => Promise<unknown>): Promise<Map<string, number>> {
  const scripts = new Set<string>();
  const onResponse = (res: { url(): string; ok(): boolean; request(): { resourceType(): string } }) => {
    if (res.request().resourceType() === 'script' && res.ok() && res.url().startsWith(baseUrl)) scripts.add(res.url());
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  page.off('response', onResponse);
  const perApp = new Map<string, number>();
  for (const s of scripts) {
    const { app, file } = distFileOf(s);
    if (fs.existsSync(file)) perApp.set(app, (perApp.get(app) ?? 0) + gzipSize(file));
  }
  return perApp;
}

/**
 * Front-end figures: the shell's initial JS for a signed-out visitor on `/`, each remote's entry + first
 * route chunk (mf-landing signed out on `/`, mf-projects signed in on `/`), and the landing page's LCP
 * in headless Chromium with 4× CPU throttling.
 */
export async function benchFrontend(baseUrl: string, sessionCookie: string): Promise<Record<string, string | number>> {
  const browser = await launchBrowser();
  try {
    // Signed out: landing page, LCP under 4× CPU throttling; the median of three fresh loads.
    const lcps: number[] = [];
    let signedOut = new Map<string, number>();
    for (let run = 0; run < 3; run++) {
      const anon = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await anon.newPage();
      const cdp = await anon.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      signedOut = await scriptsPerApp(page, baseUrl, `${baseUrl}/`, (p) => p.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 }));
      await page.waitForTimeout(500);
      lcps.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
      await anon.close();
    }
    const lcp = [...lcps].sort((a, b) => a - b)[1]!;

    // Signed in: the dashboard comes from mf-projects.
    const signedInCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = sessionCookie.split('=');
    await signedInCtx.addCookies([{ name: name!, value: value!, url: baseUrl }]);
    const page2 = await signedInCtx.newPage();
    const signedIn = await scriptsPerApp(page2, baseUrl, `${baseUrl}/`, (p) => p.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 30_000 }).catch(() => undefined));
    await signedInCtx.close();

    const rows: Record<string, string | number>[] = [{ bundle: 'shell initial JS, signed-out /', 'KB gz': kb(signedOut.get('shell') ?? 0), 'goal KB gz': FRONTEND_GOALS.shellInitialKbGz }];
    for (const { dir } of KNOWN_REMOTES) {
      const size = signedOut.get(dir) ?? signedIn.get(dir);
      const built = fs.existsSync(path.join(REPO_ROOT, dir, 'dist', 'remoteEntry.js'));
      rows.push({ bundle: `${dir} entry + first route chunk`, 'KB gz': size !== undefined ? kb(size) : built ? 'not on / (not measured)' : 'not built yet', 'goal KB gz': FRONTEND_GOALS.remoteEntryPlusRouteKbGz });
    }
    console.log(`\nFront end (gzipped JS the browser loaded, from the dist files)\n${table(rows)}`);
    console.log(`landing LCP, headless Chromium, 4× CPU throttling, median of 3 loads: ${Math.round(lcp)} ms (runs ${lcps.map((l) => Math.round(l)).join(', ')}; goal ≤ ${FRONTEND_GOALS.landingLcpMs} ms)`);
    return { shellKbGz: kb(signedOut.get('shell') ?? 0), lcpMs: Math.round(lcp) };
  } finally {
    await browser.close();
  }
}
