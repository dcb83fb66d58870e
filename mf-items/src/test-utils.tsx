import { theme } from '@midway/ui';
import { createQueryClient } from '@midway/ui/query';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';

// The virtual lists scroll the window; jsdom has no scrolling (it would log 'Not implemented' on every render).
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

/** A minimal fetch Response (jsdom has none): what the ui API client reads. */
export function textResponse(text: string, status = 200, statusText = ''): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: () => null },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return textResponse(status === 204 ? '' : JSON.stringify(body), status);
}

export type FetchRoutes = Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;

/** Replaces fetch with a table of 'METHOD /path' handlers; anything else answers 404. Returns the mock. */
export function mockFetch(routes: FetchRoutes) {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`;
    const handler = routes[key] ?? routes[key.replace(/\?.*$/, '')];
    return handler ? handler(init) : textResponse('{"message":"Not found"}', 404, 'Not Found');
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** Renders with the theme, a fresh platform query client and a router at `path` (matched by `pattern`). */
export function renderWithProviders(ui: ReactNode, { path = '/', pattern = '*', queryClient = createQueryClient() }: { path?: string; pattern?: string; queryClient?: QueryClient } = {}) {
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient };
}
