import type { RuntimeManifest } from '@midway/contracts';
import { MidwayStyleProviders } from '@midway/ui';
import { createRoot } from 'react-dom/client';
import LandingPage from './landing-page';

/** Standalone preview of the remote (/remotes/mf-landing/index.html); in the product the shell mounts ./Landing. */
async function main() {
  const container = document.getElementById('root');
  if (!container) return;
  const manifest = (await (await fetch('/runtime-manifest.json')).json()) as RuntimeManifest;
  createRoot(container).render(
    <MidwayStyleProviders>
      <LandingPage config={manifest.config} />
    </MidwayStyleProviders>,
  );
}

void main();
