import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startLoadingManifest } from './federation/runtime-manifest';

// Fetch the manifest while React starts, so the first remote does not wait for it.
startLoadingManifest();

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
