import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (the project's scripts install it with apt); never a Playwright-downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without these Chromium reaches for the network (updates, sync, QUIC probes) at every start.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Headless Chromium otherwise starts the desktop omnibox popup (a WebUI page of its own, in
  // a renderer of its own) beside the first page it loads: on two cores that competed with the page being measured
  // or tested. A phone's browser does not do this while loading a page. Checked on Chromium 156: with these five
  // features off no WebUI renderer starts; with one or two of them off it still did.
  '--disable-features=PreloadTopChromeWebUI,PreloadTopChromeWebUILessNavigations,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

export function assertChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
}

/** A bare browser, for measurements that need their own contexts. */
export function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
