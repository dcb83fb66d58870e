import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { PrerenderedScreen } from '@midway/contracts';
import { App } from './app';
import { loadInitialUser } from './auth/initial-user';
import { loadRemoteModule } from './federation/load-remote-module';
import { startLoadingManifest } from './federation/runtime-manifest';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { currentPagePlan } from './boot/page-prefetch';
import { AppLayout, RoutedApp } from './boot/signed-in-chunks';

// Fetch the manifest and the current user while React starts, so the first render does not wait for them.
startLoadingManifest();
loadInitialUser().catch(() => {
  // A failed check counts as signed out (useInitialUser); the routed app's query reports it.
});
// A signed-in page's remote module loads alongside the shell's own chunks (the gateway preloaded its entry), not
// after the router, the user and the layout have rendered; RemoteView then finds it loaded or in flight.
// The module then starts its page's chunk and first reads (preloadPage), which would otherwise wait for it to render.
const plan = currentPagePlan();
const signedInPageReady = plan
  ? Promise.allSettled([
      // The signed-in app's own chunks (router, query client, layout) start now too, instead of one after the other
      // as each renders; those components then find them loaded or in flight.
      RoutedApp.preload(),
      AppLayout.preload(),
      loadRemoteModule(plan.module).then((mod) => (plan.page && 'preloadPage' in mod ? (mod.preloadPage as ((page: string) => Promise<unknown>) | undefined)?.(plan.page) : undefined)),
      loadInitialUser(),
    ])
  : null;

async function start(container: HTMLElement) {
  // The gateway sent the page's first screen in the HTML (the landing's hero, or a signed-in page's frame): keep it
  // until the page can replace it in one commit, instead of swapping it for a skeleton and back. A failure renders
  // anyway (RemoteView's retry card).
  const prerendered = container.getAttribute(PRERENDERED_ATTRIBUTE) as PrerenderedScreen | null;
  if (prerendered === 'landing') await loadRemoteModule('mf_landing/Landing').catch(() => undefined);
  if (prerendered === 'signed-in' && signedInPageReady) await signedInPageReady;
  // As a transition the first render is split into short tasks (a default-priority render is one long task), so
  // the page answers input while it builds; it still commits once, replacing the prerendered HTML in place.
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
}

const container = document.getElementById('root');
if (container) void start(container);
