import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MidwayStyleProviders } from '@midway/ui';

/** Theme, global styles, toasts and a query client: for a remote running standalone (its preview page). */
export function MidwayProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MidwayStyleProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MidwayStyleProviders>
  );
}
