import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from '../support/browser';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** Mirrors KNOWN_REMOTES in @midway/contracts (the gateway serves <dir>/dist under /remotes/<dir>/). */
const REMOTE_DIRS = ['mf-landing', 'mf-projects', 'mf-items', 'mf-billing'];
export const FRONTEND_GOALS = { shellInitialKbGz: 120, remoteEntryPlusRouteKbGz: 60, landingLcpMs: 1500 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The built file a gateway URL serves: /remotes/<dir>/x → <dir>/dist/x, anything else → shell/dist/x. */
function distFileOf(url: string): { app: string; file: string } {
  const { pathname } = new URL(url);
  const m = pathname.match(/^\/remotes\/([^/]+)\/(.+)$/);
  if (m) return { app: m[1], file: path.join(REPO_ROOT, m[1], 'dist', m[2]) };
  return { app: 'shell', file: path.join(REPO_ROOT, 'shell', 'dist', pathname.replace(/^\//, '')) };
}

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file)).length;
}

/**
 * Front-end figures for `npm run bench`: gzipped JS a signed-out visitor's browser loads for '/', split into
 * the shell's initial JS and each remote's entry + first route chunk (sizes read from the dist files with
 * zlib.gzipSync), and the landing page's LCP in headless Chromium with 4× CPU throttling.
 */
export async function benchFrontend(baseUrl: string): Promise<Record<string, string | number>> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const scripts = new Set<string>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.ok() && res.url().startsWith(baseUrl)) scripts.add(res.url());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    // LCP is final once the user interacts; read it after the page has settled.
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);

    const perApp = new Map<string, number>();
    for (const url of scripts) {
      const { app, file } = distFileOf(url);
      if (fs.existsSync(file)) perApp.set(app, (perApp.get(app) ?? 0) + gzipSize(file));
    }
    const out: Record<string, string | number> = {
      'shell initial JS, signed-out / (KB gz)': kb(perApp.get('shell') ?? 0),
      'shell initial JS goal (KB gz)': FRONTEND_GOALS.shellInitialKbGz,
    };
    for (const dir of REMOTE_DIRS) {
      const key = `${dir} entry + first route chunk (KB gz)`;
      if (perApp.has(dir)) out[key] = kb(perApp.get(dir)!);
      else if (fs.existsSync(path.join(REPO_ROOT, dir, 'dist', 'remoteEntry.js')))
        out[key] = `entry only ${kb(gzipSize(path.join(REPO_ROOT, dir, 'dist', 'remoteEntry.js')))} (route not on /)`;
      else out[key] = 'not built';
    }
    out['remote entry + route goal (KB gz)'] = FRONTEND_GOALS.remoteEntryPlusRouteKbGz;
    out['landing LCP, 4x CPU throttling (ms)'] = Math.round(lcp);
    out['landing LCP goal (ms)'] = FRONTEND_GOALS.landingLcpMs;
    await context.close();
    return out;
  } finally {
    await browser.close();
  }
}
