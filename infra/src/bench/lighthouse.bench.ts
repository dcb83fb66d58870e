import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromium } from '../browser';
import type { Platform } from '../platform';
import { readMail } from '@midway/testing';
import { signInAdmin, signUp, table } from './bench-support';

/** Issue 12's goals, per page: Lighthouse mobile profile (simulated 4× CPU, 150 ms RTT, 1.6 Mbps). */
export const LIGHTHOUSE_GOALS = { performance: 90, lcpMs: 2500, landingLcpMs: 1000, tbtBelowMs: 200, accessibility: 95 };

interface PageScore {
  page: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  accessibility: number;
}

/** Lighthouse and chrome-launcher are ES modules; infra compiles to CommonJS with dynamic imports kept as import(). */
async function runLighthouse(url: string, cookie: string | null, reportName: string): Promise<{ performance: number; lcpMs: number; tbtMs: number; accessibility: number }> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  // A fresh profile per page: nothing cached from the page measured before it.
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'midway-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, userDataDir, logLevel: 'error' });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Lighthouse clears the origin's storage (cookies included) before loading: the session rides as a header.
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      // The default config is the mobile profile: simulated 4× CPU slowdown, 150 ms RTT, 1.6 Mbps.
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    // BENCH_LIGHTHOUSE_DIR=<dir> keeps each page's full report (what blocked the main thread, the request chain).
    const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, `${reportName}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    };
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function api<T>(baseUrl: string, cookie: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${p}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const itemRows = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    name: `${prefix} ${i + 1}`,
    supplier: ['Nordic Living', 'Atelier Sud', 'Coast Lighting', 'Stone & Grain'][i % 4],
    quantity: 1 + (i % 3),
    price: ((i % 500) + 19.99).toFixed(2),
    scheduleNumber: `S-${i + 1}`,
    ...(i % 3 === 0 ? {} : { trackingNumber: `1Z${String(i).padStart(16, '0')}` }),
  }));

/** An invoice of the project sent to its client by the admin: the pay link its e-mail carries, on this platform. */
async function payLinkOf(platform: Platform, adminCookie: string, projectId: string): Promise<string | null> {
  if (!platform.mailUrl) return null;
  const clientEmail = `client.${Date.now().toString(36)}@midway.test`;
  const invoice = await api<{ id: string; invoiceNumber: string }>(platform.baseUrl, adminCookie, 'POST', `/api/projects/${projectId}/invoices`, { clientName: 'Harbour Residences', clientEmail });
  for (const [description, type, quantity, rate] of [['Receiving', 'receiving', 12, 25], ['Storage, 30 days', 'storage', 30, 4.5], ['White-glove delivery', 'delivery', 1, 180]] as const) {
    await api(platform.baseUrl, adminCookie, 'POST', `/api/invoices/${invoice.id}/items`, { description, type, quantity, rate });
  }
  await api(platform.baseUrl, adminCookie, 'POST', `/api/invoices/${invoice.id}/send`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mail = (await readMail(platform.mailUrl)).find((m) => m.to.some((t) => t.address === clientEmail));
    const link = mail && /https?:\/\/\S+?(\/pay\/[A-Za-z0-9._-]+)/.exec(mail.text)?.[1];
    if (link) return `${platform.baseUrl}${link}`;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the invoice e-mail to ${clientEmail} did not arrive within 30 s`);
}

/**
 * One designer with a project of 50 items and one of 9,950 (10,000 items in all, through the bulk import API):
 * the dashboard, the 50-item project page and the items page are measured signed in; the landing page signed out;
 * the client link of the 50-item project and the pay-by-link page of an invoice as its client opens it from the
 * e-mail; the staff's receiving desk and delivery runs signed in as the admin (staff use them on phones at the dock
 * and on the road).
 */
export async function benchLighthouse(platform: Platform): Promise<PageScore[]> {
  assertChromium();
  const { baseUrl } = platform;
  const { cookie } = await signUp(baseUrl);
  const newProject = (name: string) => api<{ id: string }>(baseUrl, cookie, 'POST', '/api/projects', { name, clientName: 'Harbour Residences', location: 'Vancouver' });
  const small = await newProject('Kitsilano Loft');
  await api(baseUrl, cookie, 'POST', `/api/projects/${small.id}/items/bulk`, { items: itemRows(50, 'Lounge chair') });
  const large = await newProject('Harbour Tower Lobby');
  for (let i = 0; i < 9_950; i += 5_000) {
    await api(baseUrl, cookie, 'POST', `/api/projects/${large.id}/items/bulk`, { items: itemRows(Math.min(5_000, 9_950 - i), `Lobby piece ${i}`) });
  }

  // TBT's goal is for the signed-in pages (dashboard, project, items).
  const pages: { page: string; url: string; cookie: string | null; lcpGoal: number; tbtGoal?: number }[] = [
    { page: 'landing, signed out', url: `${baseUrl}/`, cookie: null, lcpGoal: LIGHTHOUSE_GOALS.landingLcpMs },
    { page: 'dashboard, signed in', url: `${baseUrl}/`, cookie, lcpGoal: LIGHTHOUSE_GOALS.lcpMs, tbtGoal: LIGHTHOUSE_GOALS.tbtBelowMs },
    { page: 'project with 50 items', url: `${baseUrl}/projects/${small.id}`, cookie, lcpGoal: LIGHTHOUSE_GOALS.lcpMs, tbtGoal: LIGHTHOUSE_GOALS.tbtBelowMs },
    { page: 'items page, 10,000 items', url: `${baseUrl}/items`, cookie, lcpGoal: LIGHTHOUSE_GOALS.lcpMs, tbtGoal: LIGHTHOUSE_GOALS.tbtBelowMs },
  ];
  const { shareToken } = await api<{ shareToken: string }>(baseUrl, cookie, 'POST', `/api/projects/${small.id}/share`, {});
  pages.push({ page: 'client link, 50 items, signed out', url: `${baseUrl}/client/${shareToken}`, cookie: null, lcpGoal: LIGHTHOUSE_GOALS.lcpMs, tbtGoal: LIGHTHOUSE_GOALS.tbtBelowMs });
  const adminCookie = await signInAdmin(platform);
  const payLink = await payLinkOf(platform, adminCookie, small.id);
  if (payLink) pages.push({ page: 'pay by link, signed out', url: payLink, cookie: null, lcpGoal: LIGHTHOUSE_GOALS.lcpMs, tbtGoal: LIGHTHOUSE_GOALS.tbtBelowMs });
  else console.log('  pay by link: not measured (no mail sink on this platform to read the link from)');
  pages.push(
    { page: 'receiving desk, staff', url: `${baseUrl}/receiving`, cookie: adminCookie, lcpGoal: LIGHTHOUSE_GOALS.lcpMs, tbtGoal: LIGHTHOUSE_GOALS.tbtBelowMs },
    { page: 'delivery runs, staff', url: `${baseUrl}/deliveries`, cookie: adminCookie, lcpGoal: LIGHTHOUSE_GOALS.lcpMs, tbtGoal: LIGHTHOUSE_GOALS.tbtBelowMs },
  );
  const scores: PageScore[] = [];
  const rows: Record<string, string | number>[] = [];
  const failures: string[] = [];
  // Lantern's simulated figures swing between loads of the same code on this machine (the dashboard's Performance
  // 66–79 in one afternoon): each page is measured RUNS times and the run with the median Performance is printed.
  const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  for (const p of pages) {
    try {
      const name = p.page.replace(/[^a-z0-9]+/gi, '-');
      const runs: Omit<PageScore, 'page'>[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse now and then loses its trace (NO_NAVSTART) on this loaded machine, twice in a row once on
        // the first page of a run: up to three tries before giving up.
        const once = () => runLighthouse(p.url, p.cookie, `${name}-${i + 1}`);
        runs.push(await once().catch(once).catch(once));
      }
      const s = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
      scores.push({ page: p.page, ...s });
      rows.push({
        page: p.page,
        Performance: s.performance,
        'goal ≥': LIGHTHOUSE_GOALS.performance,
        'LCP ms': s.lcpMs,
        'goal LCP ≤': p.lcpGoal,
        'TBT ms': s.tbtMs,
        'goal TBT <': p.tbtGoal ?? '—',
        Accessibility: s.accessibility,
        'goal a11y ≥': LIGHTHOUSE_GOALS.accessibility,
        'runs (Perf/LCP/TBT)': runs.map((r) => `${r.performance}/${r.lcpMs}/${r.tbtMs}`).join('  '),
      });
    } catch (err) {
      failures.push(`${p.page}: ${(err as Error).message}`);
      rows.push({ page: p.page, Performance: 'failed', 'goal ≥': LIGHTHOUSE_GOALS.performance, 'LCP ms': '—', 'goal LCP ≤': p.lcpGoal, 'TBT ms': '—', 'goal TBT <': p.tbtGoal ?? '—', Accessibility: '—', 'goal a11y ≥': LIGHTHOUSE_GOALS.accessibility, 'runs (Perf/LCP/TBT)': '—' });
    }
  }
  console.log(`\nLighthouse 13, mobile profile (simulated 4× CPU, 150 ms RTT, 1.6 Mbps), Debian Chromium, median of ${RUNS} runs per page (by Performance)\n${table(rows)}`);
  for (const f of failures) console.log(`  failed: ${f}`);
  return scores;
}
