import { createQueryClient, MidwayProviders } from '@midway/ui/query';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import ProjectsRoutes from './routes';

/**
 * Standalone preview of the remote (/remotes/mf-projects/index.html, signed in through the gateway); in the product
 * the shell mounts ./Routes and ./CreateProjectDialog, and /client/{token} is served by client.html.
 */
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <MidwayProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <div style={{ padding: 32 }}>
          <ProjectsRoutes page="dashboard" />
        </div>
      </MemoryRouter>
    </MidwayProviders>,
  );
}
