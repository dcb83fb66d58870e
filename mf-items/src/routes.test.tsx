import { PREFETCH_GLOBAL } from '@midway/contracts/page-data';
import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch, prefetchAnswers as prefetch, renderWithProviders } from '@midway/ui/testing';
import { aProject, anItem, aSummary, PROJECT_ID } from './test-fixtures';
import ItemsPage from './items/items.page';
import { preloadPage } from './routes';

const requested = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url]) => String(url));

describe('mf_items/Routes preloadPage', () => {
  afterEach(() => delete (globalThis as Record<string, unknown>)[PREFETCH_GLOBAL]);

  it("'items' parses the shell's prefetched first reads, so the page's first render has its rows (no skeleton, no second read)", async () => {
    prefetch({
      '/api/items?limit=200': [anItem({ name: 'Oak table' })],
      '/api/items/summary': aSummary({ total: 1, ordered: 1, byProject: [{ projectId: PROJECT_ID, count: 1 }] }),
      '/api/projects': [aProject()],
    });
    const fetchMock = mockFetch({ 'GET /api/carriers': () => jsonResponse([]) });
    await preloadPage('items');
    // Let the prefetched answers be parsed (they resolve at once here).
    await new Promise((r) => setTimeout(r, 0));
    renderWithProviders(<ItemsPage />);
    // The first render shows the row, not the skeleton (synchronously, no waiting).
    expect(screen.queryByTestId('items-skeleton')).toBeNull();
    expect(screen.getByRole('row', { name: 'Oak table' })).toBeTruthy();
    expect(screen.getByTestId('item-count').textContent).toBe('1 item');
    // Nothing read twice: the items, the summary and the projects came from the prefetch.
    expect(requested(fetchMock).filter((u) => u.startsWith('/api/items') || u.startsWith('/api/projects'))).toEqual([]);
  });

  it('starts no read of its own when the shell prefetched nothing (a page with a search, signed out)', async () => {
    const fetchMock = mockFetch({});
    await preloadPage('items');
    expect(requested(fetchMock)).toEqual([]);
  });
});
