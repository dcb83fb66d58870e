import { createQueryClient, MidwayProviders } from '@midway/ui/query';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import BillingRoutes from './routes';

/** Standalone preview of the remote (/remotes/mf-billing/index.html, signed in through the gateway); in the product the shell mounts ./Routes. */
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <MidwayProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <div style={{ padding: 32 }}>
          <BillingRoutes page="billing" />
        </div>
      </MemoryRouter>
    </MidwayProviders>,
  );
}
