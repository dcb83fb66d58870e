import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadInitialUser } from './auth/initial-user';
import { startLoadingManifest } from './federation/runtime-manifest';

// Fetch the manifest and the current user while React starts, so the first render does not wait for them.
startLoadingManifest();
loadInitialUser().catch(() => {
  // A failed check counts as signed out (useInitialUser); the routed app's query reports it.
});

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
