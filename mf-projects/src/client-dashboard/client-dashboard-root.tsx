import { GlobalStyle, theme } from '@midway/ui';
import { QUERY_DEFAULTS } from '@midway/ui/query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { ClientDashboard } from './client-dashboard';

export interface ClientDashboardRootProps {
  /** The project's share token, e.g. read from /client/{token}. */
  token: string;
}

/**
 * The client dashboard as a self-contained React root (a single-spa application or parcel cannot see a host's
 * theme or query client). Its query client has the platform defaults but no sign-in redirect: the page is public.
 */
export function ClientDashboardRoot({ token }: ClientDashboardRootProps) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: QUERY_DEFAULTS }));
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <ClientDashboard token={token} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
