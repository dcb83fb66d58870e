import { startPagePrefetch } from './boot/page-prefetch';

// The page's first API reads start now, in parallel with the code below (see page-prefetch.ts).
startPagePrefetch();
// Async boundary: lets Module Federation negotiate shared singletons before any of them is evaluated.
const boot = () => void import('./bootstrap');
// Not from ./prerendered (it imports React, which must not load before the async boundary).
const PRERENDERED_ATTRIBUTE: typeof import('@midway/contracts').PRERENDERED_ATTRIBUTE = 'data-prerendered';
// A first screen that came in the HTML (the gateway's prerender) paints before the rest of the code is asked for,
// as the gateway's preloads of it are (static.routes.ts' afterFirstPaint): a frame's callback, then a task after it.
if (document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE)) requestAnimationFrame(() => setTimeout(boot));
else boot();
