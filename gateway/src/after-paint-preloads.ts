import { createHash } from 'node:crypto';

const DATA_ID = 'midway-after-paint-preloads';

/**
 * The one inline script the gateway writes: once the page has painted (a frame's animation callback, then a task
 * after it) it adds a script preload for each URL of the JSON data block before it. Constant, so the CSP allows it
 * by its hash (AFTER_PAINT_SCRIPT_HASH) instead of allowing inline scripts.
 */
export const AFTER_PAINT_SCRIPT = `requestAnimationFrame(function(){setTimeout(function(){JSON.parse(document.getElementById('${DATA_ID}').textContent).forEach(function(u){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=u;document.head.appendChild(l)})})})`;
export const AFTER_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

/** Preloads of `urls` that start after the first paint: the data block (`<` escaped) and the script. */
export function afterFirstPaint(urls: string[]): string {
  if (urls.length === 0) return '';
  const list = JSON.stringify(urls).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${DATA_ID}">${list}</script><script>${AFTER_PAINT_SCRIPT}</script>`;
}
