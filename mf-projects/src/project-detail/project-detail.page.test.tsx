import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProjectDetail, anItem } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { Route, Routes, useLocation } from 'react-router';
import ProjectDetailPage from './project-detail.page';

function BillingProbe() {
  const location = useLocation();
  return <p data-testid="billing-location">{`${location.pathname}${location.search}`}</p>;
}

const ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const renderPage = () => renderWithProviders(<ProjectDetailPage />, { path: `/projects/${ID}`, pattern: '/projects/:id' });

describe('ProjectDetailPage', () => {
  beforeEach(() => resetToasts());

  it("shows 'Project not found' with a link back to Projects on 404", async () => {
    mockFetch({ [`GET /api/projects/${ID}`]: () => jsonResponse({ error: 'not_found', message: 'Project not found' }, 404) });
    renderPage();
    await screen.findByText('Project not found');
    expect(screen.getByRole('link', { name: /Back to Projects/ }).getAttribute('href')).toBe('/projects');
  });

  it("shows 'No items added yet' with 'Add First Item' for an empty project", async () => {
    mockFetch({ [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail()) });
    renderPage();
    await screen.findByText('No items added yet');
    expect(screen.getByRole('button', { name: 'Add First Item' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Share with Client/ })).toBeTruthy();
    // Generate Invoice is for admins (the current user here is unknown: 404).
    expect(screen.queryByRole('button', { name: /Generate Invoice/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Damage reports' })).toBeNull();
  });

  it("shows the warehouse's damage reports: item, condition, date, notes and photo links", async () => {
    const table = anItem({ status: 'received' });
    mockFetch({
      [`GET /api/projects/${ID}`]: () =>
        jsonResponse(
          aProjectDetail({
            items: [table],
            damageReports: [
              { id: '1b2c3d4e-5f6a-4b7c-8d9e-000000000002', itemId: table.id, itemName: 'Walnut dining table', condition: 'damaged', notes: 'Corner split on the left leg', photoUrls: ['/api/photos/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f'], reportedAt: '2026-03-04T09:00:00.000Z' },
              { id: '1b2c3d4e-5f6a-4b7c-8d9e-000000000001', itemId: table.id, itemName: 'Boucle chair', condition: 'missing-parts', notes: null, photoUrls: [], reportedAt: '2026-03-03T09:00:00.000Z' },
            ],
          }),
        ),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Damage reports' });
    const [first, second] = within(section).getAllByTestId('damage-report');
    expect(within(first!).getByText('Walnut dining table')).toBeTruthy();
    expect(within(first!).getByText('Damaged')).toBeTruthy();
    expect(within(first!).getByText('Mar 4, 2026')).toBeTruthy();
    expect(within(first!).getByText('Corner split on the left leg')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'Photo 1' }).getAttribute('href')).toBe('/api/photos/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f');
    expect(second!.textContent).toBe('Boucle chairMissing partsMar 3, 2026');
  });

  it("shows admins Generate Invoice, which opens Create Invoice for the project on /billing", async () => {
    mockFetch({
      [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail()),
      'GET /api/auth/user': () => jsonResponse({ id: 'a1', email: 'admin@midway.test', firstName: 'Ada', lastName: 'Admin', systemRole: 'midway_admin' }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/projects/:id" element={<ProjectDetailPage />} />
        <Route path="/billing" element={<BillingProbe />} />
      </Routes>,
      { path: `/projects/${ID}`, pattern: '*' },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Generate Invoice/ }));
    expect((await screen.findByTestId('billing-location')).textContent).toBe(`/billing?create=${ID}`);
  });

  it('offers sharing and the client link only to the owner (or an admin): a member or viewer sees neither', async () => {
    mockFetch({ [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ shareToken: 'tok_abc' })), [`GET /api/projects/${ID}/members`]: () => jsonResponse([]) });
    const owner = renderPage();
    await screen.findByRole('heading', { name: 'Client link' });
    expect(screen.getByRole('button', { name: /Share with Client/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeTruthy();
    owner.unmount();

    for (const access of ['member', 'viewer'] as const) {
      mockFetch({ [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ access, shareToken: null })), [`GET /api/projects/${ID}/members`]: () => jsonResponse([]) });
      const view = renderPage();
      await screen.findByText('No items added yet');
      expect(screen.queryByRole('button', { name: /Share with Client/ })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Client link' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Reset link' })).toBeNull();
      view.unmount();
    }
  });

  it('shows stats and items, and changes an item status through PUT /api/items/{id}/status', async () => {
    const user = userEvent.setup();
    const item = anItem({ status: 'ordered', trackingNumber: '1Z999', price: '1250.00', productUrl: 'https://example.com/table' });
    const fetchMock = mockFetch({
      [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ items: [item], totalCost: '1250.00' })),
      [`PUT /api/items/${item.id}/status`]: () => jsonResponse({ ...item, status: 'in-transit' }),
    });
    renderPage();
    const row = await screen.findByTestId('project-item');
    expect(within(row).getByText('Walnut dining table')).toBeTruthy();
    expect(within(row).getByText('Tracking 1Z999')).toBeTruthy();
    expect(within(row).getByText('Added Mar 2, 2026')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /View Product/ }).getAttribute('href')).toBe('https://example.com/table');
    expect(within(screen.getByTestId('stat-Total Cost')).getByText('$1,250.00')).toBeTruthy();

    await user.selectOptions(within(row).getByRole('combobox', { name: 'Status of Walnut dining table' }), 'In Transit');
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Item status updated successfully' }));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT') as [string, RequestInit];
    expect(JSON.parse(put[1].body as string)).toEqual({ status: 'in-transit' });
  });

  it("adds an item from 'Add New Item', requiring a name", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail()),
      [`POST /api/projects/${ID}/items`]: () => jsonResponse(anItem(), 201),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(within(dialog).getByText('Item name is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Item name/), 'Walnut dining table');
    await user.type(within(dialog).getByLabelText(/^Price/), '1250.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Item added successfully' }));
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST') as [string, RequestInit];
    expect(JSON.parse(post[1].body as string)).toEqual({ name: 'Walnut dining table', price: '1250.5' });
  });
});

describe('ProjectDetailPage from a search result', () => {
  it('marks the item named by ?item=', async () => {
    const a = anItem({ id: '00000000-0000-4000-8000-0000000000a1', name: 'Walnut dining table' });
    const b = anItem({ id: '00000000-0000-4000-8000-0000000000b2', name: 'Boucle chair' });
    mockFetch({ [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ items: [a, b] })) });
    renderWithProviders(<ProjectDetailPage />, { path: `/projects/${ID}?item=${b.id}`, pattern: '/projects/:id' });
    const rows = await screen.findAllByTestId('project-item');
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, 'true']);
  });
});
