/**
 * Test helpers every front-end app's jest tests share (never bundled: the build ignores this file and no app
 * imports it outside tests): a fetch table, minimal Responses and a render with the platform's providers.
 */
import type { Item, Project } from '@midway/contracts';
import { PREFETCH_GLOBAL, type PrefetchStore } from '@midway/contracts/page-data';
import { theme } from './theme';
import { createQueryClient } from './query-client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
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

/** What the shell's first script would have left: a prefetched answer per URL (see @midway/contracts/page-data). Returns a clean-up. */
export function prefetchAnswers(answers: Record<string, unknown>): () => void {
  const store: PrefetchStore = {};
  for (const [url, body] of Object.entries(answers)) store[url] = { startedAt: Date.now(), response: Promise.resolve(jsonResponse(body)) };
  const global = globalThis as unknown as Record<string, PrefetchStore | undefined>;
  global[PREFETCH_GLOBAL] = store;
  return () => delete global[PREFETCH_GLOBAL];
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

// Builders of the contracts' Project and Item with believable values; each app's test-fixtures adds its own.
export const NOW = '2026-03-02T15:04:05.000Z';

export function aProject(overrides: Partial<Project> = {}): Project {
  return {
    id: '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11',
    name: 'Lakeview Residence',
    location: '12 Harbour St, Toronto',
    clientName: 'Jordan Ellis',
    clientEmail: 'jordan@example.com',
    status: 'active',
    installDate: '2026-05-14',
    createdById: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33',
    createdAt: NOW,
    updatedAt: NOW,
    shareToken: null,
    itemCount: 0,
    progress: 0,
    access: 'owner',
    ...overrides,
  };
}

export function anItem(overrides: Partial<Item> = {}): Item {
  return {
    id: '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d',
    projectId: aProject().id,
    productVariantId: null,
    name: 'Walnut dining table',
    supplier: 'Atelier North',
    productUrl: null,
    quantity: 1,
    scheduleNumber: null,
    trackingNumber: null,
    trackingUrl: null,
    carrierId: null,
    status: 'ordered',
    notes: null,
    photoUrl: null,
    receivedAt: null,
    deliveredAt: null,
    outForDeliveryAt: null,
    pieces: 1,
    piecesReceived: 0,
    inCustody: false,
    custodySince: null,
    location: null,
    skuCode: null,
    collection: null,
    designer: null,
    finish: null,
    material: null,
    roomLocation: null,
    specialInstructions: null,
    price: null,
    estimatedPrice: null,
    createdAt: NOW,
    updatedAt: NOW,
    inspection: null,
    projectName: 'Lakeview Residence',
    clientName: 'Jordan Ellis',
    ...overrides,
  };
}
