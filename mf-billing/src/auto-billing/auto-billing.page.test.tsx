import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders, type FetchRoutes } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@midway/contracts';
import { ADMIN, aRate, DESIGNER } from '../test-fixtures';
import AutoBillingPage from './auto-billing.page';

const routes = (user: CurrentUser, extra: FetchRoutes = {}): FetchRoutes => ({
  'GET /api/auth/user': () => jsonResponse(user),
  'GET /api/billing/rates': () => jsonResponse([]),
  ...extra,
});
const bodiesOf = (fetchMock: jest.Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => (init!.body === undefined ? null : JSON.parse(String(init!.body))));
const toastsNow = () => getToasts().map((t) => [t.title, t.description]);

describe('Automatic billing page', () => {
  beforeEach(() => resetToasts());

  it("shows non-admins 'Access Denied' and nothing else", async () => {
    const fetchMock = mockFetch(routes(DESIGNER));
    renderWithProviders(<AutoBillingPage />);
    expect(await screen.findByText('Access Denied: Only Midway administrators can access the automatic billing system.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Initialize Billing Rates' })).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContain('/api/billing/rates');
  });

  it('defaults month and year to now, shows the cards, the fee table, and the empty rates table', async () => {
    mockFetch(routes(ADMIN));
    renderWithProviders(<AutoBillingPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Automatic Billing' })).toBeTruthy();
    const now = new Date();
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe(String(now.getMonth() + 1));
    expect((screen.getByLabelText('Year') as HTMLInputElement).value).toBe(String(now.getFullYear()));
    expect(screen.getByTestId('tile-Current Month').textContent).toContain(String(now.getFullYear()));
    expect(screen.getByTestId('tile-Storage Fees').textContent).toBe('Storage FeesDaily$2.00 per item per day');
    expect(screen.getByTestId('tile-Receiving Fee').textContent).toBe('Receiving Fee$25.00per item received');
    expect(screen.getByTestId('tile-Status').textContent).toContain('Active');
    expect(screen.getByRole('heading', { name: 'How automatic billing works' })).toBeTruthy();
    for (const fee of ['$25.00 per item', '$15.00 per item', '$2.00 per item per day', '$50.00 per delivery', '$75.00 per service', '$10.00 per item']) expect(screen.getAllByText(fee).some((el) => el.getAttribute('data-label') === 'Fee')).toBe(true);
    expect(await screen.findByText('No billing rates yet. Initialize Billing Rates to set up the default fee table.')).toBeTruthy();
  });

  it("runs the four actions with month and year, each toast saying one thing: the server's summary", async () => {
    const fetchMock = mockFetch(
      routes(ADMIN, {
        'GET /api/billing/rates': () => jsonResponse([aRate(), aRate({ serviceType: 'storage', label: 'Storage & Warehousing', rate: '3.00', unit: 'per item per day', effectiveDate: '2099-01-01', current: false })]),
        'POST /api/billing/initialize': () => jsonResponse({ message: 'Default billing rates initialized: 6 rates in force from 2024-01-01', created: 6 }),
        'POST /api/billing/storage-fees/record': () => jsonResponse({ message: 'Daily storage fees recorded through 2026-03-02: 2 item-days added' }),
        'POST /api/billing/cycles/create': () => jsonResponse({ message: 'Billing cycles created for March 2026: 1 new cycle (1 in all)' }),
        'POST /api/billing/invoices/generate': () => jsonResponse({ message: 'Created 12 invoices, INV-2026-000101 to INV-2026-000112, for March 2026.' }),
      }),
    );
    renderWithProviders(<AutoBillingPage />);
    const rows = await screen.findAllByTestId('rate-row');
    expect(within(rows[0]!).getByText('Current')).toBeTruthy();
    expect(within(rows[1]!).getByText('Scheduled')).toBeTruthy();
    expect(within(rows[1]!).getByText('Jan 1, 2099')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Initialize Billing Rates' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Default billing rates initialized: 6 rates in force from 2024-01-01', undefined]));
    await userEvent.click(screen.getByRole('button', { name: "Record Today's Storage Fees" }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Daily storage fees recorded through 2026-03-02: 2 item-days added', undefined]));
    await userEvent.clear(screen.getByLabelText('Month'));
    await userEvent.type(screen.getByLabelText('Month'), '3');
    await userEvent.clear(screen.getByLabelText('Year'));
    await userEvent.type(screen.getByLabelText('Year'), '2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create Billing Cycles' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Billing cycles created for March 2026: 1 new cycle (1 in all)', undefined]));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Monthly Invoices' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Created 12 invoices, INV-2026-000101 to INV-2026-000112, for March 2026.', undefined]));
    expect(bodiesOf(fetchMock, '/api/billing/cycles/create')).toEqual([{ month: 3, year: 2026 }]);
    expect(bodiesOf(fetchMock, '/api/billing/invoices/generate')).toEqual([{ month: 3, year: 2026 }]);
    expect(bodiesOf(fetchMock, '/api/billing/initialize')).toEqual([null]);
  });

  it('refuses a month or year out of range before sending, and shows the server message or the fallback on failure', async () => {
    const fetchMock = mockFetch(
      routes(ADMIN, {
        'POST /api/billing/cycles/create': () => jsonResponse({ error: 'bad_request', message: 'year must be a whole number from 2024 to 2030' }, 400),
        'POST /api/billing/invoices/generate': () => jsonResponse({}, 500),
        'POST /api/billing/initialize': () => jsonResponse({}, 500),
        'POST /api/billing/storage-fees/record': () => jsonResponse({}, 500),
      }),
    );
    renderWithProviders(<AutoBillingPage />);
    await userEvent.clear(await screen.findByLabelText('Month'));
    await userEvent.type(screen.getByLabelText('Month'), '13');
    await userEvent.clear(screen.getByLabelText('Year'));
    await userEvent.type(screen.getByLabelText('Year'), '2023');
    await userEvent.click(screen.getByRole('button', { name: 'Create Billing Cycles' }));
    expect(screen.getByText('Month must be a whole number from 1 to 12')).toBeTruthy();
    expect(screen.getByText('Year must be a whole number from 2024 to 2030')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/api/billing/cycles/create')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Month'));
    await userEvent.type(screen.getByLabelText('Month'), '1');
    await userEvent.clear(screen.getByLabelText('Year'));
    await userEvent.type(screen.getByLabelText('Year'), '2025');
    await userEvent.click(screen.getByRole('button', { name: 'Create Billing Cycles' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Error', 'year must be a whole number from 2024 to 2030']));
    for (const [button, fallback] of [
      ['Generate Monthly Invoices', 'Failed to generate invoices'],
      ['Initialize Billing Rates', 'Failed to initialize billing rates'],
      ["Record Today's Storage Fees", 'Failed to record storage fees'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(toastsNow()).toContainEqual(['Error', fallback]));
    }
  });

  it('shows what is recorded and not yet invoiced, per month', async () => {
    mockFetch(
      routes(ADMIN, {
        'GET /api/billing/unbilled': () => jsonResponse({ amount: '1234.50', fees: 40, projectCount: 3, months: [{ year: 2026, month: 10, amount: '1234.50', fees: 40, projects: 3 }], projects: [{ projectId: '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11', name: 'Lakeview Residence', amount: '1000.00', fees: 30 }] }),
      }),
    );
    renderWithProviders(<AutoBillingPage />);
    await waitFor(() => expect(screen.getByTestId('tile-Not Yet Invoiced').textContent).toBe('Not Yet Invoiced$1,234.5040 fees recorded for 3 projects'));
    const row = await screen.findByTestId('unbilled-month');
    expect(row.textContent).toContain('October 2026');
    expect(row.textContent).toContain('$1,234.50');
    expect((await screen.findByTestId('unbilled-project')).textContent).toContain('Lakeview Residence');
  });

  it('adds a tax rate (name, percent, fee types, effective from), checking the form first', async () => {
    const fetchMock = mockFetch(
      routes(ADMIN, {
        'GET /api/billing/tax-rates': () => jsonResponse([]),
        'POST /api/billing/tax-rates': () => jsonResponse({ id: '7f000000-0000-4000-8000-000000000001', name: 'GST', percent: '5', feeTypes: ['storage'], effectiveFrom: '2026-01-01', createdAt: '2026-01-01T00:00:00.000Z' }, 201),
      }),
    );
    renderWithProviders(<AutoBillingPage />);
    expect(await screen.findByText(/No tax rates: invoices carry no tax/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Tax Rate' }));
    expect(screen.getByText('Choose at least one fee type')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/api/billing/tax-rates')).toEqual([]);
    await user.type(screen.getByLabelText('Name'), 'GST');
    await user.type(screen.getByLabelText('Percent'), '5');
    await user.click(within(screen.getByRole('group', { name: 'Fee types' })).getByLabelText('Storage & Warehousing'));
    await user.click(screen.getByRole('button', { name: 'Add Tax Rate' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/api/billing/tax-rates')).toEqual([{ name: 'GST', percent: '5', feeTypes: ['storage'], effectiveFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Tax rate GST added', undefined]));
  });
});
