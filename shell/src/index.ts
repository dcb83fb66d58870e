import { startPagePrefetch } from './boot/page-prefetch';

// The page's first API reads start now, in parallel with the code below (see page-prefetch.ts). On a page whose
// first screen came in the HTML, the gateway adds this script only once that screen has painted (after-paint-preloads.ts).
startPagePrefetch();
// Async boundary: lets Module Federation negotiate shared singletons before any of them is evaluated.
void import('./bootstrap');
