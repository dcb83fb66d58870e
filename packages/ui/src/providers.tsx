import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { theme } from './theme';
import { Toaster } from './toast';

/**
 * Theme, global styles, the query client and the toast region. The shell mounts it once; a remote uses it
 * only when it runs standalone. Remotes inside the shell share these contexts through the singletons.
 */
export function MidwayProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
