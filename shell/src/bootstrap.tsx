import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadInitialUser } from './auth/initial-user';
import { loadRemoteModule } from './federation/load-remote-module';
import { startLoadingManifest } from './federation/runtime-manifest';
import { PRERENDERED_ATTRIBUTE } from './prerendered';
import { currentPagePlan } from './boot/page-prefetch';

// Fetch the manifest and the current user while React starts, so the first render does not wait for them.
startLoadingManifest();
loadInitialUser().catch(() => {
  // A failed check counts as signed out (useInitialUser); the routed app's query reports it.
});
// A signed-in page's remote module loads alongside the shell's own chunks (the gateway preloaded its entry), not
// after the router, the user and the layout have rendered; RemoteView then finds it loaded or in flight.
// The module then starts its page's chunk (preloadPage), which would otherwise wait for the module to render.
const plan = currentPagePlan();
if (plan) {
  // The signed-in app's own chunks (router, query client, layout) start now too, instead of one after the other as
  // each lazy() renders (app.tsx, auth-gate.tsx); those lazy() calls then find them loaded or in flight.
  void import('./routed-app').catch(() => undefined);
  void import('./layout/app-layout').catch(() => undefined);
  loadRemoteModule(plan.module)
    .then((mod) => (plan.page && 'preloadPage' in mod ? (mod.preloadPage as ((page: string) => Promise<unknown>) | undefined)?.(plan.page) : undefined))
    .catch(() => undefined); // RemoteView reports a failure, with retry
}

async function start(container: HTMLElement) {
  // The gateway sent the landing's first screen in the page: keep it until the landing page can replace it
  // in one commit, instead of swapping it for a skeleton and back. A failure renders anyway (retry card).
  if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) await loadRemoteModule('mf_landing/Landing').catch(() => undefined);
  // As a transition the first render is split into short tasks (a default-priority render is one long task), so
  // the page answers input while it builds; it still commits once, replacing the prerendered HTML in place.
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
}

const container = document.getElementById('root');
if (container) void start(container);
