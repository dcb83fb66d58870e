import { startPagePrefetch } from './boot/page-prefetch';

// The page's first API reads start now, in parallel with the code below (see page-prefetch.ts).
startPagePrefetch();
// Async boundary: lets Module Federation negotiate shared singletons before any of them is evaluated.
import('./bootstrap');
