import { GlobalStyle, theme, Toaster } from '@midway/ui';
import { QUERY_DEFAULTS } from '@midway/ui/query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import PayPage from './pay.page';
import { payTokenFromPath } from './pay-token';

/**
 * The gateway's public page at /pay/{token} (the invoice e-mail's link): no shell, no sign-in. Its query client has
 * the platform defaults but no sign-in redirect.
 */
const root = document.getElementById('root');
if (root) {
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  createRoot(root).render(
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <PayPage token={payTokenFromPath(window.location.pathname)} />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
