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
    expect(screen.getByPlaceholderText('Search items, suppliers, schedule or tracking numbers...')).toBeTruthy();
    await screen.findByRole('row', { name: 'Oak table' });
    expect(screen.getByTestId('item-count').textContent).toBe('1,234 items');
    for (const [label, value] of [['Ordered', '800'], ['In Transit', '300'], ['Delivered', '134'], ['Total Items', '1,234']]) {
      expect(screen.getAllByText(label).find((el) => el.tagName === 'P')!.parentElement!.textContent).toContain(value);
    }
    // List View is the default, with the spec's columns after the select-all box.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Item', 'Project', 'Supplier', 'Carrier', 'Tracking', 'Status', 'Quantity', 'Actions']);
    expect(screen.getByRole('checkbox', { name: 'Select all loaded items' })).toBeTruthy();
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

  it('By Status groups items under their own status, in order, with the server’s counts, and names an empty group', async () => {
    // An ordered item with a tracking number is Ordered, on the cards and in By Status (one counting rule).
    const items = [anItem({ name: 'Oak table' }), anItem({ name: 'Linen sofa', trackingNumber: 'T1' }), anItem({ name: 'Brass lamp', status: 'received' })];
    mockFetch(routes(items, aSummary({ total: 3, ordered: 2, inTransit: 0, received: 1, byStatus: { ordered: 2, 'in-transit': 0, received: 1, stored: 0, delivered: 0 } })));
    renderWithProviders(<ItemsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'By Status' }));
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Ordered(2 items)', 'In Transit(0 items)', 'Received(1 item)', 'Stored(0 items)', 'Delivered(0 items)']);
    const text = screen.getByTestId('items-by-status').textContent!;
    const at = (s: string) => text.indexOf(s);
    expect([at('Oak table'), at('Linen sofa')].every((i) => i > at('Ordered(') && i < at('In Transit('))).toBe(true);
    expect(at('Brass lamp')).toBeGreaterThan(at('Received('));
    expect(at('Brass lamp')).toBeLessThan(at('Stored('));
    expect(screen.getByText('No in transit items')).toBeTruthy();
    expect(screen.getByText('No delivered items')).toBeTruthy();
  });

  it('each count card says its rule when focused (and on hover), as its description', async () => {
    mockFetch(routes([anItem({ name: 'Oak table' })], aSummary({ total: 5, ordered: 2, inTransit: 2, delivered: 1 })));
    renderWithProviders(<ItemsPage />);
    await screen.findByRole('row', { name: 'Oak table' });
    const card = screen.getByRole('group', { name: 'In Transit 2' });
    expect(card.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('group', { name: 'In Transit 2', description: 'Items with the status In Transit (a received item keeps its tracking number but is no longer in transit)' })).toBe(card);
    expect(screen.getByRole('group', { name: 'Ordered 2', description: 'Items with the status Ordered' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Delivered 1', description: 'Items with the status Delivered' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Total Items 5' })).toBeTruthy();
    await userEvent.tab();
    while (document.activeElement !== card && document.activeElement !== document.body) await userEvent.tab();
    expect(document.activeElement).toBe(card);
    expect(within(card).getByRole('tooltip').textContent).toBe('Items with the status In Transit (a received item keeps its tracking number but is no longer in transit)');
  });

  it('sets the status of the chosen items in one request, says how many, and clears the choice', async () => {
    const a = anItem({ name: 'Oak table' });
    const b = anItem({ name: 'Linen sofa' });
    const c = anItem({ name: 'Brass lamp' });
    const fetchMock = mockFetch(routes([a, b, c], undefined, { 'POST /api/items/bulk-status': () => jsonResponse({ items: 2, changed: 2 }) }));
    renderWithProviders(<ItemsPage />);
    await screen.findByRole('row', { name: 'Oak table' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Oak table' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Brass lamp' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 items selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select all loaded items' }) as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Set status of the selected items' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Received' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Success', description: 'Status set to Received for 2 items' }));
    const posts = fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/items/bulk-status'));
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ itemIds: [a.id, c.id], status: 'received' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Select Oak table' }) as HTMLInputElement).checked).toBe(false);
  });

  it('deletes every loaded item after asking, with the count; a refusal says why and keeps the choice', async () => {
    const items = [anItem({ name: 'Oak table' }), anItem({ name: 'Linen sofa' })];
    let answer = jsonResponse({ message: 'You can view this project but not change its items. Ask the project owner to make you a member.' }, 403);
    const fetchMock = mockFetch(routes(items, undefined, { 'POST /api/items/bulk-delete': () => answer }));
    renderWithProviders(<ItemsPage />);
    await screen.findByRole('row', { name: 'Oak table' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded items' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete 2 items? This action cannot be undone.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Nothing was changed', description: expect.stringMatching(/Ask the project owner/), variant: 'destructive' }));
    expect(screen.getByText('2 items selected')).toBeTruthy();

    answer = jsonResponse({ deleted: 2 });
    resetToasts();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Success', description: '2 items deleted' }));
    const bodies = fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/bulk-delete')).map(([, init]) => JSON.parse(String(init!.body)));
    expect(bodies[1]).toEqual({ itemIds: items.map((i) => i.id) });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('does not let items of a view-only project be chosen', async () => {
    const viewed = aProject({ id: '3a1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a12', name: 'Harbour Loft', access: 'viewer' });
    const mine = anItem({ name: 'Oak table' });
    const theirs = anItem({ name: 'Their lamp', projectId: viewed.id });
    mockFetch({ ...routes([mine, theirs]), 'GET /api/projects': () => jsonResponse([aProject(), viewed]) });
    renderWithProviders(<ItemsPage />);
    await screen.findByRole('row', { name: 'Their lamp' });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Select Their lamp' }) as HTMLInputElement).disabled).toBe(true));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded items' }));
    expect(screen.getByText('1 item selected')).toBeTruthy();
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
