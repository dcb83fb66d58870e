import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders, type FetchRoutes } from '@midway/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@midway/contracts';
import { ADMIN, aDetail, anInvoice, aProject, DESIGNER, PROJECT_ID } from '../test-fixtures';
import BillingPage from './billing.page';

const MANIFEST = { remotes: [], config: { productName: 'Midway', supportPhone: '', supportEmail: '', supportAddress: '', stripePublishableKey: null } };

function routes(invoices: Invoice[], user = DESIGNER, extra: FetchRoutes = {}): FetchRoutes {
  return {
    'GET /api/auth/user': () => jsonResponse(user),
    'GET /api/invoices': () => jsonResponse(invoices),
    'GET /runtime-manifest.json': () => jsonResponse(MANIFEST),
    ...Object.fromEntries(invoices.map((i) => [`GET /api/invoices/${i.id}`, () => jsonResponse(aDetail(i))])),
    ...extra,
  };
}

const calls = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(url), 'http://localhost').pathname}`);
const bodyOf = (fetchMock: jest.Mock, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};
const stat = (label: string) => screen.getByTestId(`stat-${label}`).querySelectorAll('p')[1]!.textContent;
const renderPage = (path = '/billing') => renderWithProviders(<BillingPage />, { path, pattern: '/billing' });

describe('Billing page', () => {
  beforeEach(() => resetToasts());

  it('has the title, the four stat cards, and a row per invoice with View, and Pay on sent and overdue ones only (a draft is "Not yet sent")', async () => {
    const paid = anInvoice({ status: 'paid', total: '100.50' });
    const sent = anInvoice({ status: 'sent', total: '54.00', dueDate: null });
    const draft = anInvoice({ status: 'draft', total: '20.00' });
    const paid2 = anInvoice({ status: 'paid', total: '0.20' });
    mockFetch(routes([paid, sent, draft, paid2]));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(screen.getByText('Manage invoices and payments for your projects')).toBeTruthy();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(4);
    expect(stat('Total Invoices')).toBe('4');
    expect(stat('Paid')).toBe('2');
    expect(stat('Pending')).toBe('2');
    // Σ of the paid totals in cents: 100.50 + 0.20.
    expect(stat('Total Revenue')).toBe('$100.70');
    expect(screen.getByRole('heading', { name: 'Recent Invoices' })).toBeTruthy();
    for (const header of ['Invoice #', 'Client', 'Amount', 'Status', 'Due Date', 'Actions']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(within(rows[1]!).getByText('No due date')).toBeTruthy();
    expect(within(rows[1]!).getByText('$54.00')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: `Pay invoice ${sent.invoiceNumber}` })).toBeTruthy();
    // A draft may still change: listed (Pending counts it), marked, and not payable.
    expect(within(rows[2]!).queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(within(rows[2]!).getByText('Not yet sent')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Not yet sent')).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: `View invoice ${paid.invoiceNumber}` })).toBeTruthy();
    // A designer creates no invoices.
    expect(screen.queryByRole('button', { name: 'Create Invoice' })).toBeNull();
  });

  it("shows skeleton rows and stat placeholders while loading, then 'No invoices found…' when there are none", async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch(routes([], DESIGNER, { 'GET /api/invoices': () => new Promise<Response>((resolve) => (answer = resolve)) }));
    renderPage();
    expect(await screen.findAllByTestId('invoice-skeleton')).toHaveLength(3);
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(4);
    await act(async () => answer(jsonResponse([])));
    expect(await screen.findByText('No invoices found. Create your first invoice to get started.')).toBeTruthy();
    expect(stat('Total Revenue')).toBe('$0.00');
  });

  it('filters by search and status, and says when nothing matches', async () => {
    const a = anInvoice({ clientName: 'Harbour Lofts', status: 'sent' });
    const b = anInvoice({ clientName: 'Jordan Ellis', status: 'paid' });
    mockFetch(routes([a, b]));
    renderPage();
    await screen.findAllByTestId('invoice-row');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'harbour');
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    expect(screen.getByText('Harbour Lofts')).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search invoices' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    expect(await screen.findByText('No invoices match these filters.')).toBeTruthy();
    // The stat cards count every invoice, not the filtered ones.
    expect(stat('Total Invoices')).toBe('2');
  });

  it('View opens the invoice detail; a failure to load it toasts and closes', async () => {
    const ok = anInvoice();
    const broken = anInvoice();
    mockFetch(routes([ok, broken], DESIGNER, { [`GET /api/invoices/${broken.id}`]: () => jsonResponse({ message: 'boom' }, 500) }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `View invoice ${ok.invoiceNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: `Invoice ${ok.invoiceNumber}` });
    expect(await within(dialog).findByText('Receiving: Walnut sideboard')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/invoices/${ok.id}/pdf`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: `View invoice ${broken.invoiceNumber}` }));
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain('Failed to load invoice details'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('admins open Create Invoice from ?create=<project> with the project and its client filled in, and create a draft', async () => {
    const created = anInvoice({ status: 'draft', total: '0.00' });
    const fetchMock = mockFetch(
      routes([], ADMIN, {
        'GET /api/projects': () => jsonResponse([aProject({ clientEmail: 'jordan@example.com' })]),
        [`POST /api/projects/${PROJECT_ID}/invoices`]: () => jsonResponse(aDetail(created, []), 201),
        [`GET /api/invoices/${created.id}`]: () => jsonResponse(aDetail(created, [])),
      }),
    );
    renderPage(`/billing?create=${PROJECT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Create Invoice' });
    await waitFor(() => expect((within(dialog).getByLabelText('Client Name') as HTMLInputElement).value).toBe('Jordan Ellis'));
    expect(within(dialog).getByRole('combobox', { name: 'Project' }).textContent).toContain('Lakeview Residence - Jordan Ellis');
    expect((within(dialog).getByLabelText(/^Client Email/) as HTMLInputElement).value).toBe('jordan@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Notes/), 'March storage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain('Invoice created successfully'));
    expect(bodyOf(fetchMock, 'POST', `/api/projects/${PROJECT_ID}/invoices`)).toEqual({ projectId: PROJECT_ID, clientName: 'Jordan Ellis', clientEmail: 'jordan@example.com', notes: 'March storage', status: 'draft' });
    // The new draft opens, ready for its items.
    expect(await screen.findByRole('dialog', { name: `Invoice ${created.invoiceNumber}` })).toBeTruthy();
  });

  it('Create Invoice says what is missing and sends nothing', async () => {
    const fetchMock = mockFetch(routes([], ADMIN, { 'GET /api/projects': () => jsonResponse([aProject()]) }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Invoice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Invoice' }));
    expect(within(dialog).getByText('Please select a project')).toBeTruthy();
    expect(within(dialog).getByText('Client name is required')).toBeTruthy();
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('pays on the labelled test-mode form, toasts, and polls until the webhook has marked the invoice paid', async () => {
    const invoice = anInvoice({ status: 'sent', total: '54.00' });
    let status: Invoice['status'] = 'sent';
    let listCalls = 0;
    const fetchMock = mockFetch(
      routes([invoice], DESIGNER, {
        'GET /api/invoices': () => {
          listCalls += 1;
          // The webhook lands after the list has been asked twice more.
          if (status === 'sent' && listCalls >= 3 && fetchMock.mock.calls.some(([u]) => String(u).includes('/test-processor/confirm'))) status = 'paid';
          return jsonResponse([{ ...invoice, status }]);
        },
        'POST /api/create-payment-intent': () => jsonResponse({ clientSecret: 'pi_test_1_secret_abc', testMode: true }),
        'POST /api/billing/test-processor/confirm': () => jsonResponse({ id: 'pi_test_1', status: 'succeeded' }),
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `Pay invoice ${invoice.invoiceNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: `Payment for Invoice ${invoice.invoiceNumber}` });
    expect(await within(dialog).findByText(/^Test mode: no card processor is configured/)).toBeTruthy();
    const summary = within(dialog).getByLabelText('Invoice summary');
    expect(summary.textContent).toContain('Jordan Ellis');
    expect(summary.textContent).toContain('Lakeview Residence');
    await userEvent.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(within(dialog).getByLabelText('Expiry (MM / YY)'), '12 / 40');
    await userEvent.type(within(dialog).getByLabelText('CVC'), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $54.00' }));
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Payment Successful', 'Payment has been processed successfully']));
    expect(bodyOf(fetchMock, 'POST', '/api/create-payment-intent')).toEqual({ invoiceId: invoice.id });
    expect(bodyOf(fetchMock, 'POST', '/api/billing/test-processor/confirm')).toEqual({ clientSecret: 'pi_test_1_secret_abc' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByTestId('invoice-row');
    await waitFor(() => expect(within(row).getByText('Paid')).toBeTruthy(), { timeout: 5000 });
    expect(within(row).queryByRole('button', { name: /^Pay / })).toBeNull();
  }, 15_000);

  it("a declined test card says 'Payment Failed' and keeps the dialog; a payment that cannot start toasts and closes", async () => {
    const payable = anInvoice({ status: 'sent' });
    const raced = anInvoice({ status: 'overdue' });
    const fetchMock = mockFetch(
      routes([payable, raced], DESIGNER, {
        'POST /api/create-payment-intent': (init) =>
          JSON.parse(String(init!.body)).invoiceId === payable.id
            ? jsonResponse({ clientSecret: 'pi_1_secret', testMode: true })
            : jsonResponse({ error: 'conflict', message: `Invoice ${raced.invoiceNumber} is already paid; there is nothing to pay.` }, 409),
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `Pay invoice ${payable.invoiceNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: `Payment for Invoice ${payable.invoiceNumber}` });
    await userEvent.type(await within(dialog).findByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.type(within(dialog).getByLabelText('Expiry (MM / YY)'), '12 / 40');
    await userEvent.type(within(dialog).getByLabelText('CVC'), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $54.00' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Payment Failed'));
    expect(calls(fetchMock)).not.toContain('POST /api/billing/test-processor/confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Paid meanwhile (another tab): the server says so and the dialog closes.
    await userEvent.click(screen.getByRole('button', { name: `Pay invoice ${raced.invoiceNumber}` }));
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Failed to initialize payment', `Invoice ${raced.invoiceNumber} is already paid; there is nothing to pay.`]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("after a minute without the webhook the row says to reload instead of 'Confirming payment…'", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const invoice = anInvoice({ status: 'sent' });
      mockFetch(routes([invoice]));
      renderPage(`/billing?paid=${invoice.id}`);
      expect(await screen.findByText('Confirming payment…')).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(60_001);
      });
      expect(await screen.findByText('Payment not confirmed yet. Reload the page in a minute to check.')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it("a return from Stripe with redirect_status=failed says 'Payment Failed' and waits for nothing", async () => {
    const invoice = anInvoice({ status: 'sent' });
    mockFetch(routes([invoice]));
    renderPage(`/billing?paid=${invoice.id}&payment_intent=pi_1&redirect_status=failed`);
    await screen.findAllByTestId('invoice-row');
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Payment Failed', 'The card was not charged. Please try again with Pay.']));
    expect(screen.queryByText('Confirming payment…')).toBeNull();
  });
});
