import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject, anItem, aSummary, PROJECT_ID } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders, type FetchRoutes } from '@midway/ui/testing';
import ItemsPage from './items.page';

function routes(items: ReturnType<typeof anItem>[], summary = aSummary({ total: items.length, ordered: items.length, byProject: [{ projectId: PROJECT_ID, count: items.length }] }), extra: FetchRoutes = {}): FetchRoutes {
  return {
    'GET /api/items': () => jsonResponse(items),
    'GET /api/items/summary': () => jsonResponse(summary),
    'GET /api/projects': () => jsonResponse([aProject()]),
    'GET /api/carriers': () => jsonResponse([{ id: 'ups', name: 'UPS' }]),
    ...extra,
  };
}

const requested = (fetchMock: jest.Mock, prefix: string) => fetchMock.mock.calls.map(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(url), 'http://localhost').pathname}${new URL(String(url), 'http://localhost').search}`).filter((c) => c.startsWith(prefix));

describe('Items page', () => {
  beforeEach(() => resetToasts());

  it('shows 6 skeleton cards while the items load', () => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderWithProviders(<ItemsPage />);
    expect(screen.getAllByTestId('item-skeleton-card')).toHaveLength(6);
  });

  it('has the title, subtitle, header buttons and count cards, and counts all matching items from the summary', async () => {
    const items = [anItem({ name: 'Oak table' }), anItem({ name: 'Linen sofa', trackingNumber: '1Z999AA10123456784', carrierId: 'ups' })];
    mockFetch(routes(items, aSummary({ total: 1234, ordered: 800, inTransit: 300, delivered: 134, byProject: [{ projectId: PROJECT_ID, count: 1234 }] })));
    renderWithProviders(<ItemsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Items' })).toBeTruthy();
    expect(screen.getByText('Track and manage all items across your projects')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload PO' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Item' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search items, suppliers, or schedule numbers...')).toBeTruthy();
    await screen.findByRole('row', { name: 'Oak table' });
    expect(screen.getByTestId('item-count').textContent).toBe('1,234 items');
    for (const [label, value] of [['Ordered', '800'], ['In Transit', '300'], ['Delivered', '134'], ['Total Items', '1,234']]) {
      expect(screen.getAllByText(label).find((el) => el.tagName === 'P')!.parentElement!.textContent).toContain(value);
    }
    // List View is the default, with the spec's columns.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Item', 'Project', 'Supplier', 'Carrier', 'Tracking', 'Status', 'Quantity', 'Actions']);
    expect(screen.getByRole('tab', { name: 'List View' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a warning for a missing supplier, carrier or tracking number', async () => {
    mockFetch(routes([anItem({ name: 'Bare lamp', supplier: null })]));
    renderWithProviders(<ItemsPage />);
    const row = await screen.findByRole('row', { name: 'Bare lamp' });
    for (const what of ['No supplier', 'No carrier', 'No tracking number']) expect(within(row).getByRole('img', { name: what })).toBeTruthy();
  });

  it("says 'No items found' and how to start, or to adjust the filters when one is set (searching on the server)", async () => {
    const fetchMock = mockFetch(routes([]));
    renderWithProviders(<ItemsPage />);
    expect(await screen.findByText('No items found')).toBeTruthy();
    expect(screen.getByText('Get started by adding your first item to a project.')).toBeTruthy();
    // The empty state sits in the selected tab's panel: each tab's aria-controls names a panel (axe: aria-valid-attr-value).
    for (const tab of screen.getAllByRole('tab')) expect(document.getElementById(tab.getAttribute('aria-controls')!)).not.toBeNull();
    expect(within(screen.getByRole('tabpanel')).getByText('No items found')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search items' }), 'oak');
    expect(await screen.findByText('Try adjusting your filters to see more items.')).toBeTruthy();
    await waitFor(() => expect(requested(fetchMock, 'GET /api/items/summary')).toContain('GET /api/items/summary?q=oak'));
    expect(requested(fetchMock, 'GET /api/items?')).toContain('GET /api/items?q=oak&limit=200');
  });

  it('asks before deleting, deletes, says so and reloads items, projects, dashboard and activity', async () => {
    const item = anItem({ name: 'Oak table' });
    const fetchMock = mockFetch(routes([item], undefined, { [`DELETE /api/items/${item.id}`]: () => jsonResponse(null, 204) }));
    renderWithProviders(<ItemsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Grid View' }));
    const card = await screen.findByRole('article', { name: 'Oak table' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Oak table' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete "Oak table"? This action cannot be undone.')).toBeTruthy();
    const before = fetchMock.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Success', description: 'Item deleted successfully' }));
    expect(requested(fetchMock, 'DELETE')).toEqual([`DELETE /api/items/${item.id}`]);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before + 2));
    const after = fetchMock.mock.calls.slice(before).map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(after).toEqual(expect.arrayContaining(['/api/items', '/api/items/summary', '/api/projects']));
  });

  it("says 'Failed to delete item. Please try again.' when the delete fails", async () => {
    const item = anItem({ name: 'Oak table' });
    mockFetch(routes([item], undefined, { [`DELETE /api/items/${item.id}`]: () => jsonResponse({ message: 'boom' }, 500) }));
    renderWithProviders(<ItemsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Grid View' }));
    await userEvent.click(within(await screen.findByRole('article', { name: 'Oak table' })).getByRole('button', { name: 'Delete Oak table' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Error', description: 'Failed to delete item. Please try again.', variant: 'destructive' }));
  });

  it("the tracking button says 'Track Package: Opening tracking for UPS: …' and opens the carrier's page", async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const item = anItem({ name: 'Linen sofa', trackingNumber: '1Z999AA10123456784', carrierId: 'ups', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });
    mockFetch(routes([item]));
    renderWithProviders(<ItemsPage />);
    const row = await screen.findByRole('row', { name: 'Linen sofa' });
    await userEvent.click(within(row).getByRole('button', { name: 'Track package with UPS' }));
    expect(getToasts()[0]).toMatchObject({ title: 'Track Package', description: 'Opening tracking for UPS: 1Z999AA10123456784' });
    expect(open).toHaveBeenCalledWith('https://www.ups.com/track?tracknum=1Z999AA10123456784', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('By Status groups ordered, in transit and delivered with the server’s counts, and names an empty group', async () => {
    const items = [anItem({ name: 'Oak table' }), anItem({ name: 'Linen sofa', trackingNumber: 'T1' })];
    mockFetch(routes(items, aSummary({ total: 2, ordered: 1, inTransit: 1, delivered: 0 })));
    renderWithProviders(<ItemsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'By Status' }));
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Ordered(1 item)', 'In Transit(1 item)', 'Delivered(0 items)']);
    expect(screen.getByText('No delivered items')).toBeTruthy();
  });

  it('By Project shows a table per project with its count and client, or says it has no items', async () => {
    const other = aProject({ id: '3a1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a12', name: 'Harbour Loft', clientName: 'Sam Lee' });
    mockFetch({ ...routes([anItem({ name: 'Oak table' })]), 'GET /api/projects': () => jsonResponse([aProject(), other]) });
    renderWithProviders(<ItemsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'By Project' }));
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Lakeview Residence(1 item)Jordan Ellis', 'Harbour Loft(0 items)Sam Lee']);
    expect(screen.getByText('No items in this project')).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Oak table' })).toBeTruthy();
  });
});
