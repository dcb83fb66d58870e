import { resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders, type FetchRoutes } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, PaymentAnomaly } from '@midway/contracts';
import { ADMIN, aDetail, aLine, anInvoice, aProject, DESIGNER } from '../test-fixtures';
import InvoiceDetailDialog from '../invoice-dialogs/invoice-detail-dialog';
import BillingPage from './billing.page';

/**
 * The invoice lifecycle as the Billing page shows it: Pay on sent and overdue invoices only; drafts listed to
 * designers as "Not yet sent" without Pay; Add Item on drafts only (a sent invoice is final); and, for admins,
 * the payments that paid no invoice with what to do about each.
 */
const MANIFEST = { remotes: [], config: { productName: 'Midway', providerName: 'Harbourline Logistics Ltd.', supportPhone: '', supportEmail: '', supportAddress: '', stripePublishableKey: null } };

function routes(invoices: Invoice[], user = DESIGNER, extra: FetchRoutes = {}): FetchRoutes {
  return {
    'GET /api/auth/user': () => jsonResponse(user),
    'GET /api/invoices': () => jsonResponse(invoices),
    'GET /api/invoices/summary': () => jsonResponse({ total: invoices.length, paid: 0, pending: 0, revenue: '0.00' }),
    'GET /runtime-manifest.json': () => jsonResponse(MANIFEST),
    ...Object.fromEntries(invoices.map((i) => [`GET /api/invoices/${i.id}`, () => jsonResponse(aDetail(i))])),
    ...extra,
  };
}
const paths = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);

const anAnomaly = (o: Partial<PaymentAnomaly> = {}): PaymentAnomaly => ({
  id: '5b6c7d8e-9f0a-4b1c-8d2e-000000000001',
  kind: 'void_invoice',
  invoiceId: null,
  invoiceNumber: 'INV-2026-000042',
  intentId: 'pi_void_1',
  eventId: 'evt_1',
  amount: '5000',
  currency: 'usd',
  message: 'A payment of $50.00 USD arrived for invoice INV-2026-000042, which is void.',
  action: 'Refund $50.00 USD in Stripe (payment pi_void_1).',
  createdAt: '2026-03-02T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
  handledNote: null,
  ...o,
});

describe('the Billing page and an invoice’s life', () => {
  beforeEach(() => resetToasts());

  it('offers Pay on sent and overdue rows only; a draft says "Not yet sent"', async () => {
    const invoices = (['draft', 'sent', 'overdue', 'paid', 'void'] as const).map((status) => anInvoice({ status }));
    mockFetch(routes(invoices));
    renderWithProviders(<BillingPage />, { path: '/billing', pattern: '/billing' });
    const rows = await screen.findAllByTestId('invoice-row');
    const payable = rows.map((row, i) => [invoices[i]!.status, within(row).queryByRole('button', { name: /^Pay invoice/ }) !== null]);
    expect(payable).toEqual([['draft', false], ['sent', true], ['overdue', true], ['paid', false], ['void', false]]);
    expect(rows.map((row) => within(row).queryByText('Not yet sent') !== null)).toEqual([true, false, false, false, false]);
  });

  it('shows admins the payments that paid no invoice, each with what to do', async () => {
    const fetchMock = mockFetch(
      routes([anInvoice()], ADMIN, {
        'GET /api/billing/anomalies': () =>
          jsonResponse([
            anAnomaly(),
            anAnomaly({ id: '5b6c7d8e-9f0a-4b1c-8d2e-000000000002', kind: 'currency_mismatch', action: 'Refund 5000 JPY in Stripe (payment pi_2). Then ask the client to pay the invoice again.', message: 'A payment of 5000 JPY arrived for invoice INV-2026-000043, in a currency other than the invoice’s; the invoice was not marked paid.' }),
          ]),
      }),
    );
    renderWithProviders(<BillingPage />, { path: '/billing', pattern: '/billing' });
    const card = await screen.findByRole('region', { name: 'Payments that need a person' });
    const items = within(card).getAllByTestId('payment-anomaly');
    expect(items.map((i) => i.querySelector('p')!.textContent)).toEqual(['Refund $50.00 USD in Stripe (payment pi_void_1).', 'Refund 5000 JPY in Stripe (payment pi_2). Then ask the client to pay the invoice again.']);
    expect(within(items[0]!).getByText('A payment of $50.00 USD arrived for invoice INV-2026-000042, which is void.')).toBeTruthy();
    expect(paths(fetchMock)).toContain('/api/billing/anomalies');
  });

  it('an admin marks a payment handled with a note; handled ones fold under one line and the card’s heading is an h2', async () => {
    let note: string | null = null;
    const handledOne = () => anAnomaly({ handledAt: '2026-03-03T10:00:00.000Z', handledBy: 'ops@midway.test', handledNote: note });
    mockFetch(
      routes([anInvoice()], ADMIN, {
        'GET /api/billing/anomalies': () => jsonResponse([note ? handledOne() : anAnomaly()]),
        [`POST /api/billing/anomalies/${anAnomaly().id}/handle`]: (init?: RequestInit) => {
          note = (JSON.parse(String(init?.body)) as { note: string }).note;
          return jsonResponse(handledOne());
        },
      }),
    );
    renderWithProviders(<BillingPage />, { path: '/billing', pattern: '/billing' });
    const card = await screen.findByRole('region', { name: 'Payments that need a person' });
    // h1 Billing, then this card's h2 (it was an h3: the page's headings skipped a level).
    expect(within(card).getByRole('heading', { level: 2, name: 'Payments that need a person' })).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Mark handled' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(within(card).getByText('Say what was done, e.g. "Refunded in Stripe"')).toBeTruthy();
    expect(note).toBeNull();
    await userEvent.type(within(card).getByLabelText('What was done'), 'Refunded in Stripe, ticket 4821');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryAllByTestId('payment-anomaly')).toHaveLength(0));
    expect(note).toBe('Refunded in Stripe, ticket 4821');
    const folded = screen.getByText('1 payment problem handled');
    expect(folded.closest('details')!.open).toBe(false);
    expect(screen.getByTestId('handled-anomaly').textContent).toContain('by ops@midway.test: Refunded in Stripe, ticket 4821');
  });

  it('shows no card when nothing needs doing, and never asks for the list as a designer', async () => {
    const adminFetch = mockFetch(routes([anInvoice()], ADMIN, { 'GET /api/billing/anomalies': () => jsonResponse([]) }));
    const admin = renderWithProviders(<BillingPage />, { path: '/billing', pattern: '/billing' });
    await screen.findAllByTestId('invoice-row');
    await waitFor(() => expect(paths(adminFetch)).toContain('/api/billing/anomalies'));
    expect(screen.queryByRole('region', { name: 'Payments that need a person' })).toBeNull();
    admin.unmount();

    const designerFetch = mockFetch(routes([anInvoice()], DESIGNER));
    renderWithProviders(<BillingPage />, { path: '/billing', pattern: '/billing' });
    await screen.findAllByTestId('invoice-row');
    expect(paths(designerFetch)).not.toContain('/api/billing/anomalies');
    expect(screen.queryByRole('region', { name: 'Payments that need a person' })).toBeNull();
  });
});

describe('replacing a voided invoice', () => {
  it('an admin issues a replacement from the void invoice: same project and client, and it names the one it replaces', async () => {
    const voided = anInvoice({ status: 'void', clientName: 'Harbour Lofts', clientEmail: 'harbour@example.com' });
    const replacement = anInvoice({ status: 'draft', clientName: 'Harbour Lofts', replacesInvoiceId: voided.id });
    const fetchMock = mockFetch(
      routes([voided, replacement], ADMIN, {
        'GET /api/billing/anomalies': () => jsonResponse([]),
        'GET /api/projects': () => jsonResponse([aProject({ id: voided.projectId, clientName: 'Someone Else' })]),
        [`POST /api/projects/${voided.projectId}/invoices`]: () => jsonResponse(aDetail(replacement), 201),
      }),
    );
    renderWithProviders(<BillingPage />, { path: '/billing', pattern: '/billing' });
    await userEvent.click(await screen.findByRole('button', { name: `View invoice ${voided.invoiceNumber}` }));
    const detail = await screen.findByRole('dialog', { name: `Invoice ${voided.invoiceNumber}` });
    await userEvent.click(await within(detail).findByRole('button', { name: 'Issue Replacement' }));
    const create = await screen.findByRole('dialog', { name: 'Create Invoice' });
    expect(within(create).getByText(new RegExp(`replaces invoice ${voided.invoiceNumber}`))).toBeTruthy();
    expect((within(create).getByLabelText('Client Name') as HTMLInputElement).value).toBe('Harbour Lofts');
    await userEvent.click(within(create).getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith(`/api/projects/${voided.projectId}/invoices`))).toBe(true));
    const post = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).endsWith(`/api/projects/${voided.projectId}/invoices`))!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ projectId: voided.projectId, clientName: 'Harbour Lofts', clientEmail: 'harbour@example.com', replacesInvoiceId: voided.id });
  });

  it('is offered on void invoices only, to admins', async () => {
    for (const status of ['draft', 'sent', 'overdue', 'paid'] as const) {
      const invoice = anInvoice({ status });
      mockFetch(routes([invoice], ADMIN, { 'GET /api/billing/anomalies': () => jsonResponse([]) }));
      const view = renderWithProviders(<BillingPage />, { path: '/billing', pattern: '/billing' });
      await userEvent.click(await screen.findByRole('button', { name: `View invoice ${invoice.invoiceNumber}` }));
      const detail = await screen.findByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
      await within(detail).findByTestId('invoice-line');
      expect([status, within(detail).queryByRole('button', { name: 'Issue Replacement' })]).toEqual([status, null]);
      view.unmount();
    }
  });
});

describe('the invoice dialog and an invoice’s life', () => {
  const open = async (invoice: Invoice, user = ADMIN) => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(user), [`GET /api/invoices/${invoice.id}`]: () => jsonResponse(aDetail(invoice)) });
    const { unmount } = renderWithProviders(<InvoiceDetailDialog invoiceId={invoice.id} onClose={jest.fn()} onPay={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await within(dialog).findByTestId('invoice-line');
    return Object.assign(dialog, { unmount });
  };

  it('an admin adds lines to a draft only: a sent or overdue invoice is final (Void stays)', async () => {
    const draft = await open(anInvoice({ status: 'draft' }));
    expect(within(draft).getByRole('button', { name: 'Add Item' })).toBeTruthy();
    expect(within(draft).getByText('Not yet sent')).toBeTruthy();
    draft.unmount();
    for (const status of ['sent', 'overdue'] as const) {
      const dialog = await open(anInvoice({ status }));
      expect([status, within(dialog).queryByRole('button', { name: 'Add Item' })]).toEqual([status, null]);
      expect(within(dialog).getByRole('button', { name: 'Void' })).toBeTruthy();
      expect(within(dialog).queryByText('Not yet sent')).toBeNull();
      dialog.unmount();
    }
  });

  it('an admin edits and removes a draft’s lines (the server prices them); a sent invoice’s lines have neither', async () => {
    const invoice = anInvoice({ status: 'draft' });
    const line = aLine({ invoiceId: invoice.id, description: 'Receiving: Walnut sideboard' });
    const sent: { method: string; path: string; body: unknown }[] = [];
    const record = (method: string) => (init?: RequestInit) => {
      sent.push({ method, path: `/api/invoices/${invoice.id}/items/${line.id}`, body: init?.body ? JSON.parse(String(init.body)) : null });
      return method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse({ ...line, quantity: 3, amount: '75.00' });
    };
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [`GET /api/invoices/${invoice.id}`]: () => jsonResponse(aDetail(invoice, [line])),
      [`PUT /api/invoices/${invoice.id}/items/${line.id}`]: record('PUT'),
      [`DELETE /api/invoices/${invoice.id}/items/${line.id}`]: record('DELETE'),
    });
    const view = renderWithProviders(<InvoiceDetailDialog invoiceId={invoice.id} onClose={jest.fn()} onPay={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Edit line Receiving: Walnut sideboard' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Invoice Item' });
    expect((within(edit).getByLabelText('Description') as HTMLInputElement).value).toBe('Receiving: Walnut sideboard');
    await userEvent.clear(within(edit).getByLabelText('Quantity'));
    await userEvent.type(within(edit).getByLabelText('Quantity'), '3');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Line' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', path: `/api/invoices/${invoice.id}/items/${line.id}`, body: { description: 'Receiving: Walnut sideboard', type: 'receiving', quantity: 3, rate: '25.00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove line Receiving: Walnut sideboard' }));
    await waitFor(() => expect(sent.map((c) => c.method)).toEqual(['PUT', 'DELETE']));
    view.unmount();
    const final = await open(anInvoice({ status: 'sent' }));
    expect(within(final).queryByRole('button', { name: /^(Edit|Remove) line/ })).toBeNull();
  });

  it('a designer sees a draft marked "Not yet sent" and without Pay; a sent one has Pay', async () => {
    const draft = await open(anInvoice({ status: 'draft', total: '20.00' }), DESIGNER);
    expect(within(draft).getByText('Not yet sent')).toBeTruthy();
    expect(within(draft).queryByRole('button', { name: /^Pay / })).toBeNull();
    draft.unmount();
    const sent = await open(anInvoice({ status: 'sent', total: '20.00' }), DESIGNER);
    expect(within(sent).getByRole('button', { name: 'Pay $20.00' })).toBeTruthy();
  });

  it('says which invoice a replacement replaces', async () => {
    const dialog = await open(anInvoice({ status: 'draft', replacesInvoiceId: '3a4b5c6d-7e8f-4a0b-9c1d-999999999999' }));
    expect(within(dialog).getByTestId('replaces-note').textContent).toMatch(/^Replaces invoice .*, which was voided\.$/);
  });
});
