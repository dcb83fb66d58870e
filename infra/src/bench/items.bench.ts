import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Pool } from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../browser';
import { REPO_ROOT } from '../paths';
import type { Platform } from '../platform';
import { load, signUp, table } from './bench-support';

/** Issue 10's goals for logistics and the Items page. */
export const ITEMS_GOALS = { servicesAfterImportS: 10, firstRowsMs: 1000, scrollLongTaskMs: 50, entryPlusRouteKbGz: 60 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface ItemsPageRun {
  /** From navigation start to the first item row in the DOM, painted (ms). */
  firstRowMs: number;
  /** Longest long task (> 50 ms by definition) while scrolling the list; 0 when there was none. */
  longestScrollTaskMs: number;
  scrollLongTasks: number;
  /** mf-items scripts the page loaded: bytes on the wire, and gzip of the dist files served. */
  mfItemsTransferBytes: number;
  mfItemsDistGzBytes: number;
  rowsScrolledPast: number;
  /** Main-thread CPU time of the scroll per frame (ms): unlike long tasks, not stretched by other processes. */
  scrollCpuMsPerFrame: number;
}

/** The dist file behind a /remotes/mf-items/… URL. */
const distFileOf = (url: string) => {
  const m = new URL(url).pathname.match(/^\/remotes\/([^/]+)\/(.+)$/);
  return m ? { app: m[1]!, file: path.join(REPO_ROOT, m[1]!, 'dist', m[2]!) } : null;
};

// Runs in the page before any of its scripts: when the first row is painted, and every long task.
const OBSERVE = () => {
  const w = window as unknown as { __firstRow: number; __longTasks: { start: number; duration: number }[] };
  w.__firstRow = 0;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const seen = () => {
    if (w.__firstRow || !document.querySelector('[data-testid="item-row"]')) return false;
    // The frame after the row entered the DOM is when it shows.
    requestAnimationFrame(() => (w.__firstRow = performance.now()));
    return true;
  };
  const mo = new MutationObserver(() => seen() && mo.disconnect());
  document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { childList: true, subtree: true }));
};

/**
 * One fresh load of /items for a signed-in designer (empty cache): when the first row shows, then a scroll down
 * the list (400 px per frame for `frames` frames, loading further pages on the way) and the long tasks it causes.
 */
export async function measureItemsPage(context: BrowserContext, baseUrl: string, frames = 150): Promise<ItemsPageRun> {
  const page: Page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'script' || !req.url().startsWith(`${baseUrl}/remotes/mf-items/`)) return;
    const sizes = await req.sizes().catch(() => null);
    scripts.set(req.url(), sizes?.responseBodySize ?? 0);
  });
  await page.addInitScript(OBSERVE);
  await page.goto(`${baseUrl}/items`);
  await page.waitForFunction(() => (window as unknown as { __firstRow: number }).__firstRow > 0, undefined, { timeout: 30_000 });
  const firstRowMs = await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
  // The scroll starts once what the page asked for at load has arrived (summary, projects, carriers).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0;
  const cpu0 = await threadTime();
  const result = await page.evaluate(async (n) => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    const start = performance.now();
    for (let i = 0; i < n; i++) {
      // Instant: the page sets scroll-behavior: smooth, which would animate each step instead.
      window.scrollBy({ top: 400, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    // Pages fetched on the way are rendered after they arrive: wait for them too.
    await new Promise((r) => setTimeout(r, 1500));
    const tasks = w.__longTasks.filter((t) => t.start >= start);
    const rows = document.querySelectorAll('[data-testid="item-row"]');
    const lastIndex = Number(rows[rows.length - 1]?.closest('[data-index]')?.getAttribute('data-index') ?? 0);
    return { longest: Math.max(0, ...tasks.map((t) => t.duration)), count: tasks.length, lastIndex };
  }, frames);
  const cpuMs = ((await threadTime()) - cpu0) * 1000;
  let distGz = 0;
  for (const url of scripts.keys()) {
    const f = distFileOf(url);
    if (f && fs.existsSync(f.file)) distGz += zlib.gzipSync(fs.readFileSync(f.file)).length;
  }
  await page.close();
  return {
    firstRowMs: Math.round(firstRowMs),
    longestScrollTaskMs: Math.round(result.longest),
    scrollLongTasks: result.count,
    mfItemsTransferBytes: [...scripts.values()].reduce((a, b) => a + b, 0),
    mfItemsDistGzBytes: distGz,
    rowsScrolledPast: result.lastIndex,
    scrollCpuMsPerFrame: Math.round((cpuMs / frames) * 10) / 10,
  };
}

/**
 * From a click on the sidebar's Items link on the dashboard to the first item row painted: the page's own part
 * (its remote's code, its reads, its render) without the shell's start, which the cold load above includes.
 */
export async function measureItemsNavigation(context: BrowserContext, baseUrl: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const w = window as unknown as { __clickAt: number; __navRow: number };
    w.__navRow = 0;
    document.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true, once: true });
    const mo = new MutationObserver(() => {
      if (w.__navRow || !document.querySelector('[data-testid="item-row"]')) return;
      mo.disconnect();
      requestAnimationFrame(() => (w.__navRow = performance.now()));
    });
    mo.observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('link', { name: 'Items', exact: true }).first().click();
  await page.waitForFunction(() => (window as unknown as { __navRow: number }).__navRow > 0, undefined, { timeout: 30_000 });
  const ms = await page.evaluate(() => {
    const w = window as unknown as { __clickAt: number; __navRow: number };
    return w.__navRow - w.__clickAt;
  });
  await page.close();
  return Math.round(ms);
}

/**
 * Issue 10's figures in one run: (a) seconds until a `rows`-row bulk import has all its services in logistics,
 * (b) GET /api/services?limit=200 under load through the gateway, (c) the Items page over those items in
 * headless Chromium (first rows, longest long task while scrolling; median of 3 fresh loads), (d) the mf-items
 * scripts that page loaded (entry + first route chunks).
 */
export async function benchItems(platform: Platform, opts: { rows: number; connections: number; seconds: number }) {
  const pool = new Pool({ connectionString: platform.databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  const designer = await signUp(platform.baseUrl);
  const headers = { cookie: designer.cookie };
  const json = { ...headers, 'content-type': 'application/json' };
  try {
    // (a) Import → services.
    const project = (await (await fetch(`${platform.baseUrl}/api/projects`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Items bench', clientName: 'Bench', location: 'Vancouver' }) })).json()) as { id: string };
    const rows = Array.from({ length: opts.rows }, (_, i) => ({
      name: `Bench chair ${i}`,
      supplier: i % 7 ? 'Bench Supply Co' : '',
      quantity: 1 + (i % 3),
      price: ((i % 500) + 0.99).toFixed(2),
      scheduleNumber: `S-${i}`,
      ...(i % 5 ? { trackingNumber: `1Z${String(i).padStart(16, '0')}` } : {}),
    }));
    const t0 = performance.now();
    const bulk = await fetch(`${platform.baseUrl}/api/projects/${project.id}/items/bulk`, { method: 'POST', headers: json, body: JSON.stringify({ items: rows }) });
    const imported = ((await bulk.json()) as { items?: unknown[] }).items?.length ?? 0;
    const answeredS = (performance.now() - t0) / 1000;
    if (bulk.status !== 200 || imported !== opts.rows) throw new Error(`bulk import failed: ${bulk.status}, ${imported} of ${opts.rows} items`);
    const want = opts.rows * 5;
    let have = 0;
    while (performance.now() - t0 < 120_000) {
      have = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM logistics.services WHERE project_id = $1', [project.id])).rows[0]!.n);
      if (have >= want) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const servicesS = (performance.now() - t0) / 1000;
    if (have < want) throw new Error(`logistics had ${have} of ${want} services after 120 s`);

    // (c, d) The Items page: three fresh loads, each in its own context (empty cache).
    const browser = await launchBrowser();
    const runs: ItemsPageRun[] = [];
    const navigations: number[] = [];
    try {
      const [name, value] = designer.cookie.split('=');
      for (let i = 0; i < 3; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addCookies([{ name: name!, value: value!, url: platform.baseUrl }]);
        runs.push(await measureItemsPage(context, platform.baseUrl));
        await context.close();
      }
      for (let i = 0; i < 3; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addCookies([{ name: name!, value: value!, url: platform.baseUrl }]);
        navigations.push(await measureItemsNavigation(context, platform.baseUrl));
        await context.close();
      }
    } finally {
      await browser.close();
    }
    // (b) A page of services under load (after the page loads, which want a quiet platform).
    const services = await load('GET /api/services?limit=200', `${platform.baseUrl}/api/services?limit=200`, headers, opts.connections, opts.seconds);

    const firstRow = median(runs.map((r) => r.firstRowMs));
    const longest = Math.max(...runs.map((r) => r.longestScrollTaskMs));
    const first = runs[0]!;

    console.log(
      `\nLogistics and the Items page (${opts.rows} items, ${want} services)\n${table([
        { figure: `import of ${opts.rows} rows → all ${want} services in logistics`, value: `${servicesS.toFixed(1)} s (catalog answered at ${answeredS.toFixed(1)} s)`, goal: `≤ ${ITEMS_GOALS.servicesAfterImportS} s` },
        { figure: `GET /api/services?limit=200 via gateway, ${opts.connections} conn, ${opts.seconds}s`, value: `p99 ${services.p99} ms, p50 ${services.p50} ms, ${Math.round(services.requestsPerSec)} req/s, ${services.errors + services.non2xx} errors`, goal: 'p99 (no goal set)' },
        { figure: 'Items page first rows, fresh load of /items, headless Chromium (median of 3)', value: `${firstRow} ms (runs ${runs.map((r) => r.firstRowMs).join(', ')})`, goal: `< ${ITEMS_GOALS.firstRowsMs} ms` },
        { figure: 'first rows after clicking Items on the dashboard (median of 3)', value: `${median(navigations)} ms (runs ${navigations.join(', ')})`, goal: `< ${ITEMS_GOALS.firstRowsMs} ms` },
        {
          figure: 'longest long task while scrolling (3 × 150 frames)',
          value: `${longest} ms (runs ${runs.map((r) => `${r.longestScrollTaskMs} ms/${r.scrollLongTasks} tasks`).join(', ')}; to row ${first.rowsScrolledPast}; main-thread CPU ${runs.map((r) => r.scrollCpuMsPerFrame).join('/')} ms per frame)`,
          goal: `≤ ${ITEMS_GOALS.scrollLongTaskMs} ms`,
        },
        { figure: 'mf-items entry + first route chunks on /items', value: `${kb(first.mfItemsDistGzBytes)} KB gz (dist files); ${kb(first.mfItemsTransferBytes)} KB transferred`, goal: `≤ ${ITEMS_GOALS.entryPlusRouteKbGz} KB gz` },
      ])}`,
    );
    return { servicesS, servicesP99: services.p99, firstRowMs: firstRow, navigationFirstRowMs: median(navigations), longestScrollTaskMs: longest, mfItemsKbGz: kb(first.mfItemsDistGzBytes) };
  } finally {
    await pool.end();
  }
}
