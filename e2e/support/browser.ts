import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH } from '@midway/infra';

export { CHROMIUM_PATH, launchBrowser } from '@midway/infra';
export const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');

/** Every browser a journey opened, so the suite can close what a failing test left behind. */
const openSessions = new Set<BrowserSession>();

export async function closeAllBrowsers(): Promise<void> {
  await Promise.all([...openSessions].map((s) => s.close()));
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh persistent context in its own --user-data-dir, removed on close. */
export async function openBrowser(opts: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {}): Promise<BrowserSession> {
  assertChromium();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'midway-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const session: BrowserSession = {
    context,
    page,
    close: async () => {
      openSessions.delete(session);
      await context.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
  openSessions.add(session);
  return session;
}


/** Saves e2e/artifacts/<name>.png (gitignored) as the journey's end-state evidence. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs axe-core on the page and fails on any serious or critical violation (listing them). */
export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<void> {
  // Judge the settled page: mid-fade (a dialog opening) colours are blended and axe reads false contrast failures.
  // Infinite ones (skeleton shimmer) never finish, so only finite animations are awaited, and for 2 s at most.
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    return Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
  let builder = new AxeBuilder({ page });
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.impact}: ${v.id} — ${v.help}: ${v.nodes.map((n) => `${n.html.slice(0, 160)} [${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}]`).join(' | ')}`);
  expect(report).toEqual([]);
}
