import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
// By package name, as the remotes share it (a relative import would bundle a private copy beside the shared one).
import { createQueryClient, MidwayProviders } from '@midway/ui/query';

/**
 * A signed-in remote's standalone preview (/remotes/<dir>/index.html, signed in through the gateway): its page in
 * the providers and router the shell would give it. Only the remotes' preview entries import this.
 */
export function mountPreview(page: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <MidwayProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <div style={{ padding: 32 }}>{page}</div>
      </MemoryRouter>
    </MidwayProviders>,
  );
}
