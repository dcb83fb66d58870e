import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { PurchaseOrders } from './purchase-orders';

const PROJECT = '0b8f3c2e-4444-4a4a-9b9b-123456789abc';
const order = (id: string, overrides: Record<string, unknown> = {}) => ({
  id, projectId: PROJECT, status: 'draft', vendor: 'Northwind Casegoods', number: 'NW-2026-0142', issueDate: '2026-11-02', currencyCode: 'USD',
  subtotalAmount: '12500.00', taxAmount: '750.00', shippingAmount: '450.00', totalAmount: '13700.00', warnings: [], fileUrl: `/api/purchase-orders/${id}/file`,
  importedAt: null, createdAt: '2026-11-26T12:00:00.000Z', lineCount: 4, ...overrides,
});

describe('the project page’s purchase orders', () => {
  beforeEach(() => resetToasts());

  it('lists them newest first with totals, the original PDF and whether they were imported', async () => {
    mockFetch({
      [`GET /api/projects/${PROJECT}/purchase-orders`]: () =>
        jsonResponse([order('b', { number: 'MC-55', vendor: 'Maple & Crane', currencyCode: 'CAD', totalAmount: '7500.10', importedAt: '2026-11-26T12:30:00.000Z', lineCount: 3 }), order('a')]),
    });
    renderWithProviders(<PurchaseOrders projectId={PROJECT} />);
    const region = await screen.findByRole('region', { name: 'Purchase Orders' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'MC-55ImportedMaple & Crane · 2026-11-02 · 3 lines · Total 7,500.10 CADOriginal PDF',
      'NW-2026-0142Not importedNorthwind Casegoods · 2026-11-02 · 4 lines · Total $13,700.00Original PDF',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'Original PDF' }).getAttribute('href')).toBe('/api/purchase-orders/a/file');
  });

  it('shows nothing for a project without purchase orders', async () => {
    const fetchMock = mockFetch({ [`GET /api/projects/${PROJECT}/purchase-orders`]: () => jsonResponse([]) });
    renderWithProviders(<PurchaseOrders projectId={PROJECT} />);
    // The answer arrives and is rendered (as nothing).
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Purchase Orders' })).toBeNull();
  });

  it('imports an order left without its items, once, and reads the project again; an imported one has no Import', async () => {
    let imported = false;
    const fetchMock = mockFetch({
      [`GET /api/projects/${PROJECT}/purchase-orders`]: () => jsonResponse([order('b', { number: 'MC-55', importedAt: '2026-11-26T12:30:00.000Z' }), order('a', imported ? { importedAt: '2026-11-26T13:00:00.000Z' } : {})]),
      'POST /api/purchase-orders/a/import': () => {
        imported = true;
        return jsonResponse({ items: [{ id: '1' }, { id: '2' }, { id: '3' }, { id: '4' }], errors: 0, errorDetails: [] });
      },
    });
    renderWithProviders(<PurchaseOrders projectId={PROJECT} canImport />);
    const region = await screen.findByRole('region', { name: 'Purchase Orders' });
    expect(within(region).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Import NW-2026-0142 (4 lines)']);
    await userEvent.click(within(region).getByRole('button', { name: 'Import NW-2026-0142 (4 lines)' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Imported', description: '4 items added to the project.' }));
    await waitFor(() => expect(within(region).queryByRole('button')).toBeNull());
    expect(fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/import') && (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(1);
  });

  it('an order imported meanwhile (in the upload dialog, another tab) says so in the server’s words, and reads the orders again', async () => {
    let imported = false;
    const already = 'Already imported on Nov 26, 2026: nothing new was imported. Its items are on the Items page.';
    mockFetch({
      [`GET /api/projects/${PROJECT}/purchase-orders`]: () => jsonResponse([order('a', imported ? { importedAt: '2026-11-26T13:00:00.000Z' } : {})]),
      'POST /api/purchase-orders/a/import': () => {
        imported = true;
        return jsonResponse({ items: [], errors: 0, errorDetails: [], alreadyImportedAt: '2026-11-26T13:00:00.000Z', message: already });
      },
    });
    renderWithProviders(<PurchaseOrders projectId={PROJECT} canImport />);
    const region = await screen.findByRole('region', { name: 'Purchase Orders' });
    await userEvent.click(within(region).getByRole('button', { name: 'Import NW-2026-0142 (4 lines)' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Nothing new imported', description: already }));
    expect(getToasts()[0]!.variant).not.toBe('success');
    await waitFor(() => expect(within(region).queryByRole('button')).toBeNull());
  });

  it('says why an import was refused in the server’s words, and shows no Import to a viewer', async () => {
    const refusal = 'This document is about a purchase order uploaded earlier and not imported yet: import that order, and its items get these tracking numbers.';
    mockFetch({
      [`GET /api/projects/${PROJECT}/purchase-orders`]: () => jsonResponse([order('a')]),
      'POST /api/purchase-orders/a/import': () => jsonResponse({ error: 'already_imported', message: refusal }, 409),
    });
    const { unmount } = renderWithProviders(<PurchaseOrders projectId={PROJECT} canImport />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import NW-2026-0142 (4 lines)' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Could not import the purchase order', description: refusal }));
    unmount();

    renderWithProviders(<PurchaseOrders projectId={PROJECT} />);
    await screen.findByRole('region', { name: 'Purchase Orders' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
