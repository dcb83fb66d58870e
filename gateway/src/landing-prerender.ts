import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { LANDING_PRERENDER_PATH, PRERENDER_STYLE_ID, PRERENDERED_ATTRIBUTE, type LandingPrerender, type PrerenderedScreen, type PublicConfig } from '@midway/contracts';

export interface FirstScreen {
  html: string;
  css: string;
}

/**
 * The landing page's first screen, rendered once at start by mf-landing's server build. null when that
 * build is missing or fails: `/` then renders in the browser only, as it always can.
 */
export function renderLandingFirstScreen(root: string, config: PublicConfig, logger: Logger): FirstScreen | null {
  const file = path.join(root, LANDING_PRERENDER_PATH);
  if (!fs.existsSync(file)) {
    logger.info({ file }, 'landing page not prerendered: its server build is missing');
    return null;
  }
  try {
    const prerender = require(file) as LandingPrerender;
    return prerender.renderFirstScreen({ config });
  } catch (err) {
    logger.warn({ err, file }, 'landing page not prerendered: its server build failed');
    return null;
  }
}

const ROOT = '<div id="root"></div>';

/** The shell's index.html with the first screen inside #root and its CSS in <head>; null if #root is not found. */
export function withFirstScreen(indexHtml: string, screen: FirstScreen, kind: PrerenderedScreen = 'landing'): string | null {
  if (!indexHtml.includes(ROOT) || !indexHtml.includes('</head>')) return null;
  // Replacer functions: the rendered text is inserted as is (a "$&" in it stays "$&").
  return indexHtml
    .replace('</head>', () => `<style id="${PRERENDER_STYLE_ID}">${screen.css}</style></head>`)
    .replace(ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${kind}">${screen.html}</div>`);
}
