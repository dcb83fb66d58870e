import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { theme } from './theme';
import { Toaster } from './toast/toast';

/**
 * Theme, global styles and the toast region, without React Query: what the signed-out landing page needs.
 * The shell mounts it once; remotes inside the shell share these contexts through the singletons.
 */
export function MidwayStyleProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
      <Toaster />
    </ThemeProvider>
  );
}
