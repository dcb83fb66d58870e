import { startPagePrefetch } from './boot/page-prefetch';

// The page's first API reads start now, in parallel with the code below (see page-prefetch.ts). On a page whose
// first screen came in the HTML, the gateway adds this script only once that screen has painted (after-paint-preloads.ts).
startPagePrefetch();

/** Resolves in a later task, so that what runs next is a task of its own the browser can handle input between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Async boundary: lets Module Federation negotiate shared singletons before any of them is evaluated. The shared
// libraries the bootstrap imports are then evaluated in tasks of their own (React DOM; styled-components and
// @midway/ui), and the bootstrap with the shell's code in a third. As one task (whichever chunk arrived last ran
// it) they took 40-90 ms here, x4 on a phone profile, all of it blocking input.
void (async () => {
  // The first import of a shared module is when the federation runtime negotiates the share scope (8-20 ms here):
  // a task of its own, after the one that evaluated the runtime and started the reads.
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await Promise.all([import('styled-components'), import('@midway/ui')]);
  await nextTask();
  await import('./bootstrap');
})();
