import { createHash } from 'node:crypto';

const DATA_ID = 'midway-after-paint-preloads';

/** What a page with its first screen in the HTML starts once that screen has painted. */
export interface AfterPaintLoads {
  /** The page's own scripts (the shell's entry), added as script elements. */
  entries: string[];
  /** Fetch preloads the HTML had (the runtime manifest), sent with credentials as before. */
  fetches: string[];
  /** The route's scripts, preloaded a few per task. */
  scripts: string[];
}

/** Preloads added per task: each link insertion starts a request on the main thread, so a few per task keep every task short (`npm run bench` shows the pages' blocking time). */
const PRELOADS_PER_TASK = 2;

/** How long after its first frame a page whose first paint never reports (nothing contentful in it) waits to load. */
const NO_PAINT_REPORT_MS = 1000;

/**
 * The one inline script the gateway writes: once the page's first contentful paint is on screen it adds the page's
 * entry script, its fetch preloads, and then a script preload for each URL of the JSON data block before it,
 * PRELOADS_PER_TASK per task so that no task blocks input for long. "On screen" is the paint's timing entry, which
 * comes when the frame is presented: a frame's animation callback and a task after it came before that, and when
 * the scripts then arrived before the presentation, Lighthouse's simulation counted them as part of the
 * landing's largest paint.
 * Without paint timing it falls back to that frame and task. Constant, so the CSP allows it by its hash
 * (AFTER_PAINT_SCRIPT_HASH) instead of allowing inline scripts.
 */
export const AFTER_PAINT_SCRIPT = `(function(){var started=false,P=window.PerformanceObserver;function load(){if(started)return;started=true;var d=JSON.parse(document.getElementById('${DATA_ID}').textContent),h=document.head;d.entries.forEach(function(u){var s=document.createElement('script');s.src=u;h.appendChild(s)});d.fetches.forEach(function(u){var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='use-credentials';l.href=u;h.appendChild(l)});(function next(i){d.scripts.slice(i,i+${PRELOADS_PER_TASK}).forEach(function(u){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=u;h.appendChild(l)});if(i+${PRELOADS_PER_TASK}<d.scripts.length)setTimeout(function(){next(i+${PRELOADS_PER_TASK})})})(0)}var timed=P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0;if(timed)new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});requestAnimationFrame(function(){setTimeout(load,timed?${NO_PAINT_REPORT_MS}:0)})})()`;
export const AFTER_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

const SCRIPT_TAG = /<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const FETCH_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="fetch")[^>]*\bhref="([^"]+)"[^>]*\/?>/g;

/**
 * `html` with nothing fetched before its first paint: its script tags and fetch preloads move into the after-paint
 * data block, with `scripts` (the route's preloads, less those script tags). Lighthouse's simulation counts every
 * request that starts before the largest paint as part of it, and the prerendered screen needs no script to show.
 */
export function loadAfterFirstPaint(html: string, scripts: string[]): string {
  const entries: string[] = [];
  const fetches: string[] = [];
  const rest = html
    .replace(SCRIPT_TAG, (_tag, src: string) => (entries.push(src), ''))
    .replace(FETCH_PRELOAD, (_tag, href: string) => (fetches.push(href), ''));
  // A script the page adds itself needs no preload.
  const loads: AfterPaintLoads = { entries, fetches, scripts: scripts.filter((u) => !entries.includes(u)) };
  const data = JSON.stringify(loads).replace(/</g, '\\u003c');
  return rest.replace('</head>', () => `<script type="application/json" id="${DATA_ID}">${data}</script><script>${AFTER_PAINT_SCRIPT}</script></head>`);
}
