import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject, aService } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders, type FetchRoutes } from '@midway/ui/testing';
import ServicesPage from './services.page';

// Costs as stored (not the fee table's): 75.00 selected, 12.34 + 15.00 available.
const summary = { total: 3, selected: 1, available: 2, selectedValue: '75.00', totalValue: '102.34', availableValue: '27.34' };

function routes(services: ReturnType<typeof aService>[], extra: FetchRoutes = {}): FetchRoutes {
  return {
    'GET /api/services': () => jsonResponse(services),
    'GET /api/services/summary': () => jsonResponse(summary),
    'GET /api/services/summary?editable=true': () => jsonResponse(summary),
    'GET /api/projects': () => jsonResponse([aProject()]),
    ...extra,
  };
}

const calls = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(url), 'http://localhost').pathname}${new URL(String(url), 'http://localhost').search}`);

describe('Services page', () => {
  it('says what billing does with each service: storage is a daily rate billed while the warehouse holds the item, receiving is billed when received if selected', async () => {
    mockFetch(routes([aService({ type: 'storage', label: 'Storage & Warehousing', cost: '2.00' }), aService({ type: 'receiving', label: 'White-Glove Receiving', cost: '25.00' })]));
    renderWithProviders(<ServicesPage />);
    const [storage, receiving] = await screen.findAllByTestId('service-card');
    expect(within(storage!).getByText('$2.00/day')).toBeTruthy();
    expect(within(storage!).getByTestId('service-billing').textContent).toBe('Billed per day while the warehouse holds the item, selected or not');
    expect(within(receiving!).getByText('$25.00')).toBeTruthy();
    expect(within(receiving!).getByTestId('service-billing').textContent).toBe('Billed when the warehouse receives the item');
  });

  it('has the title, stat cards from the summary, the count and cards with fallbacks for unknown names', async () => {
    mockFetch(routes([aService({ selected: true, type: 'install_assembly', label: 'Installation & Assembly', cost: '75.00', notes: 'Two people' }), aService({ itemName: null, projectName: null, cost: null })]));
    renderWithProviders(<ServicesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Services' })).toBeTruthy();
    expect(screen.getByText('Manage and configure services for all items across your projects')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search items, projects, or service types...')).toBeTruthy();
    const cards = await screen.findAllByTestId('service-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Selected')).toBeTruthy();
    expect(within(cards[0]!).getByText('$75.00')).toBeTruthy();
    expect(within(cards[0]!).getByText('Two people')).toBeTruthy();
    expect(within(cards[1]!).getByText('Unknown Item')).toBeTruthy();
    expect(within(cards[1]!).getByText('Unknown Project')).toBeTruthy();
    expect(within(cards[1]!).getByText('N/A')).toBeTruthy();
    expect(screen.getByTestId('service-count').textContent).toBe('3 services');
    await waitFor(() => expect(screen.getByText('Total Value').parentElement!.textContent).toContain('$75.00'));
    expect(screen.getByText('Selected Services').parentElement!.textContent).toContain('1');
    expect(screen.getByText('Available Services').parentElement!.textContent).toContain('2');
  });

  it('a toggle sends at once and reloads the services and their counts', async () => {
    const service = aService();
    const fetchMock = mockFetch(routes([service], { [`PUT /api/services/${service.id}`]: () => jsonResponse({ ...service, selected: true }) }));
    renderWithProviders(<ServicesPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'White-Glove Receiving for Walnut dining table' }));
    await waitFor(() => expect(calls(fetchMock)).toContain(`PUT /api/services/${service.id}`));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ selected: true });
    await waitFor(() => expect(calls(fetchMock).filter((c) => c === 'GET /api/services/summary').length).toBeGreaterThanOrEqual(2));
  });

  it("says 'No services found' with the right hint", async () => {
    mockFetch(routes([]));
    renderWithProviders(<ServicesPage />);
    expect(await screen.findByText('No services found')).toBeTruthy();
    expect(screen.getByText('Services will appear here as you add items to your projects.')).toBeTruthy();
  });

  it('By Status names its empty groups', async () => {
    mockFetch(routes([aService()]));
    renderWithProviders(<ServicesPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'By Status' }));
    expect(await screen.findByText('No services selected')).toBeTruthy();
  });

  it('By Service Type shows each type with a count, and an empty type in lower case', async () => {
    mockFetch(routes([aService()]));
    renderWithProviders(<ServicesPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'By Service Type' }));
    expect(await screen.findByText('No last-mile delivery services')).toBeTruthy();
  });

  it('Bulk Actions confirms with the count and the value, then posts the filter', async () => {
    const fetchMock = mockFetch({
      ...routes([aService()]),
      'POST /api/services/bulk': () => jsonResponse({ updated: 2 }),
    });
    renderWithProviders(<ServicesPage />);
    await screen.findAllByTestId('service-card');
    await userEvent.click(await screen.findByRole('button', { name: 'Bulk Actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Actions' });
    // The summary's own figures (an estimate from the fee table said 'Select 10 services worth $334.00').
    expect(within(dialog).getByText('Select or clear every service the current filters show: 3 services worth $102.34.')).toBeTruthy();
    expect(within(dialog).getByTestId('bulk-select-confirmation').textContent).toBe('Select 2 services worth $27.34?');
    expect(within(dialog).getByTestId('bulk-clear-confirmation').textContent).toBe('Clear 1 selected service worth $75.00?');
    // The confirmation's figures come from the summary of what the caller may change, for the same filter.
    expect(calls(fetchMock).filter((c) => c.startsWith('GET /api/services/summary'))).toEqual(['GET /api/services/summary', 'GET /api/services/summary?editable=true']);
    expect(within(dialog).queryByTestId('bulk-view-only')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select 2' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/services/bulk'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ filter: {}, selected: true });
  });
});

describe('Services page for a caller who only views some projects', () => {
  const mine = aProject({ id: '11111111-1111-4111-8111-111111111111', name: 'My Loft', access: 'owner' });
  const viewed = aProject({ id: '22222222-2222-4222-8222-222222222222', name: 'Their Villa', access: 'viewer' });
  // What the caller sees (two projects) and what they may change (their own project's five services).
  const visible = { total: 10, selected: 2, available: 8, selectedValue: '100.00', totalValue: '334.00', availableValue: '234.00' };
  const editable = { total: 5, selected: 1, available: 4, selectedValue: '50.00', totalValue: '167.00', availableValue: '117.00' };
  const routesFor = (extra: FetchRoutes = {}): FetchRoutes => ({
    'GET /api/services': () => jsonResponse([aService({ projectId: mine.id, itemName: 'Oak bench', projectName: mine.name }), aService({ projectId: viewed.id, itemName: 'Brass lamp', projectName: viewed.name })]),
    'GET /api/services/summary': () => jsonResponse(visible),
    'GET /api/services/summary?editable=true': () => jsonResponse(editable),
    'GET /api/projects': () => jsonResponse([mine, viewed]),
    ...extra,
  });

  it('offers no toggle on the services of a project the caller only views', async () => {
    mockFetch(routesFor());
    renderWithProviders(<ServicesPage />);
    const own = await screen.findByRole('switch', { name: 'White-Glove Receiving for Oak bench' });
    const theirs = screen.getByRole('switch', { name: 'White-Glove Receiving for Brass lamp' });
    await waitFor(() => expect((theirs as HTMLButtonElement).disabled).toBe(true));
    expect((own as HTMLButtonElement).disabled).toBe(false);
  });

  it('Bulk Actions names only what the bulk call changes: the count and value of the services the caller may change', async () => {
    const fetchMock = mockFetch(routesFor({ 'POST /api/services/bulk': () => jsonResponse({ updated: 4 }) }));
    renderWithProviders(<ServicesPage />);
    await screen.findAllByTestId('service-card');
    await userEvent.click(await screen.findByRole('button', { name: 'Bulk Actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Actions' });
    expect((await within(dialog).findByTestId('bulk-select-confirmation')).textContent).toBe('Select 4 services worth $117.00?');
    expect(within(dialog).getByTestId('bulk-clear-confirmation').textContent).toBe('Clear 1 selected service worth $50.00?');
    expect(within(dialog).getByTestId('bulk-view-only').textContent).toBe('5 services are in projects you can only view and will not change.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select 4' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/services/bulk'));
  });
});

describe('Services page from a search result', () => {
  it('opens searching for the q of its URL (/services?q=…)', async () => {
    const fetchMock = mockFetch(routes([aService()]));
    renderWithProviders(<ServicesPage />, { path: '/services?q=Walnut' });
    expect((screen.getByRole('searchbox', { name: 'Search services' }) as HTMLInputElement).value).toBe('Walnut');
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/services/summary?q=Walnut'));
  });
});
