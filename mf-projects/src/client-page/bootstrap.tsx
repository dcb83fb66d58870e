import { bootstrap, mount } from '../client-dashboard/client-dashboard.lifecycles';
import { clientTokenFromPath } from './client-token';

/**
 * The gateway's public page at /client/{token}: no shell, no sign-in; the client dashboard is mounted through its
 * single-spa lifecycles, exactly as any other host would mount it.
 */
async function main() {
  const domElement = document.getElementById('root');
  if (!domElement) return;
  const props = { name: 'mf_projects-client-dashboard', domElement, token: clientTokenFromPath(window.location.pathname) };
  await bootstrap(props);
  await mount(props);
}

void main();
